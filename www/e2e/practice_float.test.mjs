// Practice: the data lab's float puzzles as exercises. An integer answer
// written as a C function (with `if`) is proven against the reference
// that computes in `float`; the float reference itself is refused (the
// puzzles take integer code); a classic mistake (exponent 0xfe) is refuted.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { newPage, shot, useSite } from './harness.mjs';

const site = useSite();
const VERDICT_MS = 60_000;

const RIGHT = 'unsigned floatScale2(unsigned uf) { unsigned exp = (uf >> 23) & 0xff, sign = uf & 0x80000000; if (exp == 0xff) return uf; if (exp == 0) return sign | (uf << 1); if (exp == 0xfe) return sign | 0x7f800000; return uf + 0x800000; }';
const NO_OVERFLOW = 'unsigned floatScale2(unsigned uf) { unsigned e = (uf >> 23) & 0xff; if (e == 0xff) return uf; if (e == 0) return (uf & 0x80000000) | (uf << 1); return uf + 0x800000; }';

test('practice: floatScale2 proven against its float reference, a float answer refused, the 0xfe mistake refuted', async () => {
  const { page, problems } = await newPage(site.browser, { viewport: { width: 1280, height: 1000 } });
  await page.goto(`${site.server.url}#/practice`);
  await page.waitForSelector('.practice-list');
  const ids = await page.locator('.practice-list li[data-exercise]').evaluateAll((els) => els.map((e) => e.dataset.exercise));
  for (const id of ['float-scale2', 'float-float2int', 'float-power2', 'float-int2float', 'float-abs-val', 'float-is-less']) {
    assert.ok(ids.includes(id), `${id} listed`);
  }
  await page.goto(`${site.server.url}#/practice?ex=float-scale2`);
  await page.waitForSelector('.exercise[data-exercise="float-scale2"]');

  await page.fill('#practice-answer', NO_OVERFLOW);
  await page.click('.practice-check');
  await page.waitForSelector('.verdict.wrong', { timeout: VERDICT_MS });
  const got = await page.locator('.counterexample .got').textContent();
  const expected = await page.locator('.counterexample .expected').textContent();
  assert.match(expected, /0x[78]f800000|2139095040|4286578688/, `expected infinity, shown as ${expected}`);
  assert.notEqual(got, expected);

  await page.fill('#practice-answer', 'unsigned floatScale2(unsigned uf) { float f = *(float *)&uf; f = f * 2; return *(unsigned *)&f; }');
  await page.click('.practice-check').catch(() => {});
  await page.waitForSelector('.answer-card .expr-error, .verdict .refused, .refusal', { timeout: VERDICT_MS });
  assert.match(await page.locator('.exercise').textContent(), /integer code only/);

  await page.fill('#practice-answer', RIGHT);
  await page.click('.practice-check');
  await page.waitForSelector('.verdict.solved', { timeout: VERDICT_MS });
  assert.match(await page.locator('.verdict.solved').textContent(), /10 operators/);
  await shot(page, 'practice-float-scale2');
  assert.deepEqual(problems, []);
});
