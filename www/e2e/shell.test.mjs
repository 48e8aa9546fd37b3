// Every route renders, each screenshotted into www/screenshots/; the signed
// nibble panel is clicked through; no console or page error anywhere.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { newPage, shot, useSite } from './harness.mjs';

const ROUTES = ['debruijn', 'swar', 'popcount', 'nibbles', 'nibble-board', 'quad', 'trits', 'position', 'gpu', 'lab', 'bitboard', 'magic', 'practice'];
const site = useSite();

test('every route renders its panel', async () => {
  const { page, problems, context } = await newPage(site.browser, { viewport: { width: 1280, height: 900 } });
  for (const slug of ROUTES) {
    await page.goto(`${site.server.url}#/${slug}`);
    await page.waitForSelector(`main#panel[data-panel="${slug}"] section.panel`);
    const active = await page.textContent('nav.panels a.active');
    assert.ok(active && active.length > 0, `${slug}: an active nav link`);
    const heading = await page.textContent('main#panel h2');
    assert.ok(heading && heading.trim().length > 0, `${slug}: a heading`);
    await shot(page, `route-${slug}`);
  }
  await context.close();
  assert.deepEqual(problems, []);
});

test('signed nibbles: table, stepping, keyboard, errors, shareable link', async () => {
  const { page, problems, context } = await newPage(site.browser, { viewport: { width: 1280, height: 900 } });
  await page.goto(`${site.server.url}#/nibbles`);
  await page.waitForSelector('.nibble-table tbody tr');
  assert.equal(await page.locator('.nibble-table tbody tr').count(), 16);

  // the default is 0xB: choose 0xA from the table, and every view follows
  assert.equal(await page.textContent('.nibble-table tr.chosen td.signed'), '-5');
  await page.click('.nibble-table tr[data-nibble="0xA"]');
  assert.equal(await page.textContent('.nibble-table tr.chosen td.signed'), '-6');
  assert.equal(await page.inputValue('#nibble-x'), '0xa');
  assert.match(page.url(), /x=a(&|$)/);

  // step through the sign extension with the buttons
  assert.equal(await page.textContent('.step-count'), 'step 1 of 3');
  await page.click('.step-controls .next');
  await page.click('.step-controls .next');
  assert.equal(await page.textContent('.step-count'), 'step 3 of 3');
  assert.equal(await page.textContent('.result-value'), '-6');
  assert.equal(await page.textContent('.step.current .readouts .hex'), '0xfa');
  await shot(page, 'nibbles-sign-extend-done');

  // keyboard: left arrow steps back (focus outside the text field)
  await page.click('h2');
  await page.keyboard.press('ArrowLeft');
  assert.equal(await page.textContent('.step-count'), 'step 2 of 3');
  await page.keyboard.press('Home');
  assert.equal(await page.textContent('.step-count'), 'step 1 of 3');

  // negation by clicking bits: 0xA -> toggle bit 3 -> 0x2, whose negation is -2
  // (each click waits for the page to show it: the tab chosen, then the
  // input changed, before the next is made or read)
  await page.click('.tab[data-op="negate"]');
  await page.waitForSelector('.tab[data-op="negate"][aria-selected="true"]');
  await page.click('.card .bitrow button[data-bit="3"]');
  await page.waitForFunction(() => document.querySelector('#nibble-x').value !== '0xa');
  assert.equal(await page.inputValue('#nibble-x'), '0x2');
  // (in the row of bits the arrows, Home and End move between bits: a
  // WAI-ARIA grid; out of it they step the trace)
  await page.keyboard.press('End');
  assert.equal(await page.evaluate(() => document.activeElement.dataset.bit), '0');
  await page.click('h2');
  await page.keyboard.press('End');
  assert.equal(await page.textContent('.result-value'), '-2');

  // a wrong entry shows its error and keeps the last valid value
  await page.fill('#nibble-x', '0x1f');
  const err = await page.textContent('.number-input .error');
  assert.match(err, /does not fit in 4 bits/);
  assert.equal(await page.textContent('.nibble-table tr.chosen td.signed'), '2');
  await shot(page, 'nibbles-negate-error');
  await page.fill('#nibble-x', '-8');
  assert.equal(await page.textContent('.nibble-table tr.chosen td.signed'), '-8');

  // the URL is a shareable link: open it fresh and see the same state
  const link = page.url();
  assert.match(link, /op=negate/);
  const second = await newPage(site.browser);
  await second.page.goto(link);
  await second.page.waitForSelector('.nibble-table tr.chosen');
  assert.equal(await second.page.textContent('.nibble-table tr.chosen td.signed'), '-8');
  assert.equal(await second.page.getAttribute('.tab.active', 'data-op'), 'negate');
  await second.context.close();

  await context.close();
  assert.deepEqual([...problems, ...second.problems], []);
});

test('dark theme and a phone-sized screen', async () => {
  const { page, problems, context } = await newPage(site.browser, {
    viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true,
  });
  await page.goto(`${site.server.url}#/nibbles?x=9&step=2`);
  await page.waitForSelector('.nibble-table');
  const before = await page.getAttribute('html', 'data-theme');
  await page.click('.theme-toggle');
  const afterTheme = await page.getAttribute('html', 'data-theme');
  assert.notEqual(before, afterTheme);
  await shot(page, `phone-nibbles-${afterTheme}`);
  // nothing on any panel is wider than the phone's screen
  for (const slug of ROUTES) {
    await page.goto(`${site.server.url}#/${slug}`);
    await page.waitForSelector('section.panel');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 1, `${slug} overflows the phone by ${overflow}px`);
    await shot(page, `phone-${slug}-${afterTheme}`);
  }
  await context.close();
  assert.deepEqual(problems, []);
});
