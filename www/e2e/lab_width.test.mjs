// The Lab's variable fields follow the width: a preset at 8 bits shows x, y
// and z with two hex digits each, even z = 0, which was typed at 64 bits
// (`0x0000000000000000` still parses at 8 bits, but shows 64).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { newPage, shot, useSite } from './harness.mjs';

const site = useSite();

test('lab: a preset that changes the width reformats every variable, z = 0 included', async () => {
  const { page, problems, context } = await newPage(site.browser, { viewport: { width: 1280, height: 1000 } });
  await page.goto(`${site.server.url}#/lab`);
  await page.waitForSelector('.preset-list');
  assert.equal(await page.inputValue('#lab-z'), '0x0000000000000000', 'the default width is 64');
  await page.locator('li[data-preset="gosper"] a.preset').click();
  await page.waitForFunction(() => location.hash.includes('w=8'), null);
  for (let i = 0; i < 50 && (await page.inputValue('#lab-z')) !== '0x00'; i++) await page.waitForTimeout(20);
  assert.equal(await page.inputValue('#lab-x'), '0x07');
  assert.equal(await page.inputValue('#lab-y'), '0x00');
  assert.equal(await page.inputValue('#lab-z'), '0x00');
  await shot(page, 'lab-gosper-width');
  assert.deepEqual(problems, []);
  await context.close();
});
