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
  assert.match(expected, /0x[7f]f800000/, `expected infinity, shown as ${expected}`);
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
  // at a phone's width: the C text area fits, nothing scrolls sideways
  await page.setViewportSize({ width: 390, height: 844 });
  const sideways = await page.evaluate(() => document.scrollingElement.scrollWidth - document.scrollingElement.clientWidth);
  assert.ok(sideways <= 0, `the page scrolls sideways by ${sideways} px`);
  await shot(page, 'practice-float-scale2-phone');
  assert.deepEqual(problems, []);
});

// A data lab of fourteen puzzles, seven of them float puzzles, graded in
// the worker against its tests.c as handed out: every right answer proven.
// (The time it took is printed for docs/performance.md, not asserted.)
test('practice: a 14-puzzle data lab with 7 float puzzles graded in the worker, 37/37', async () => {
  const { readFileSync } = await import('node:fs');
  const { join } = await import('node:path');
  const { repo } = await import('./harness.mjs');
  const { page, problems } = await newPage(site.browser, { viewport: { width: 1280, height: 1000 } });
  const read = (f) => readFileSync(join(repo, 'tests', 'data', 'datalab_mixed', f), 'utf8');
  await page.goto(`${site.server.url}#/practice`);
  await page.waitForSelector('.grade-card');
  const files = { 'grade-puzzles': 'puzzles.c', 'grade-reference': 'tests.c', 'grade-student': 'student_correct.c' };
  for (const [box, file] of Object.entries(files)) await page.fill(`textarea.${box}`, read(file));
  const started = Date.now();
  await page.click('.grade-run');
  await page.waitForSelector('.grade-result', { timeout: 120_000 });
  console.log(`datalab_mixed graded in the worker in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  assert.equal(await page.locator('.grade-score').textContent(), '37/37');
  const statuses = await page.locator('.grade-row').evaluateAll((els) => els.map((e) => e.dataset.status));
  assert.equal(statuses.length, 14);
  assert.ok(statuses.every((s) => s === 'correct'), statuses.join(' '));
  await shot(page, 'practice-grade-mixed');
  assert.deepEqual(problems, []);
});
