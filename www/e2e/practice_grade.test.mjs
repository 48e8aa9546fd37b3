// Practice, "Grade a file": the worked example of tests/data/datalab
// (puzzles.c, reference.c and student_wrong.c) pasted into the three boxes
// and graded in the Web Worker: the planted mistakes are wrong with their
// counterexamples (rotateLeft by an undefined shift), and the total is 26/36.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { newPage, repo, shot, useSite } from './harness.mjs';

const site = useSite();
const GRADE_MS = 120_000;
const read = (f) => readFileSync(join(repo, 'tests', 'data', 'datalab', f), 'utf8');

test('practice: grade the worked example pasted into the page', async () => {
  const { page, problems } = await newPage(site.browser, { viewport: { width: 1280, height: 1000 } });
  await page.goto(`${site.server.url}#/practice`);
  await page.waitForSelector('.grade-card');
  assert.ok(await page.locator('.grade-run').isDisabled(), 'nothing to grade yet');
  const files = { 'grade-puzzles': 'puzzles.c', 'grade-reference': 'reference.c', 'grade-student': 'student_wrong.c' };
  for (const [box, file] of Object.entries(files)) await page.fill(`textarea.${box}`, read(file));
  await page.click('.grade-run');
  await page.waitForSelector('.grade-result', { timeout: GRADE_MS });
  const rows = await page.locator('.grade-row').evaluateAll((els) =>
    Object.fromEntries(els.map((e) => [e.dataset.puzzle, { status: e.dataset.status, reason: e.querySelector('.grade-reason').textContent }])));
  assert.ok(Object.keys(rows).length >= 12, `${Object.keys(rows).length} rows`);
  assert.equal(rows.rotateLeft?.status, 'wrong');
  assert.match(rows.rotateLeft.reason, /undefined/);
  assert.match(rows.rotateLeft.reason, /n = /);
  assert.equal(rows.isPower2?.status, 'wrong');
  assert.equal(rows.isLessOrEqual?.status, 'wrong');
  assert.match(rows.isLessOrEqual.reason, /gives .*expected/);
  assert.equal(await page.locator('.grade-score').textContent(), '26/36');
  await shot(page, 'practice-grade');

  assert.deepEqual(problems, []);
});

// The data lab's float puzzles against its tests.c as handed out (float
// references through a union): graded in the worker, each classic mistake
// refuted with its words shown as floats.
test('practice: the float puzzles graded against tests.c as handed out', async () => {
  const { page, problems } = await newPage(site.browser, { viewport: { width: 1280, height: 1000 } });
  const readFloat = (f) => readFileSync(join(repo, 'tests', 'data', 'datalab_float', f), 'utf8');
  await page.goto(`${site.server.url}#/practice`);
  await page.waitForSelector('.grade-card');
  const files = { 'grade-puzzles': 'puzzles.c', 'grade-reference': 'tests.c', 'grade-student': 'student_wrong.c' };
  for (const [box, file] of Object.entries(files)) await page.fill(`textarea.${box}`, readFloat(file));
  await page.click('.grade-run');
  await page.waitForSelector('.grade-result', { timeout: GRADE_MS });
  const rows = await page.locator('.grade-row').evaluateAll((els) =>
    Object.fromEntries(els.map((e) => [e.dataset.puzzle, { status: e.dataset.status, reason: e.querySelector('.grade-reason').textContent }])));
  assert.deepEqual(Object.keys(rows).sort(), ['floatFloat2Int', 'floatPower2', 'floatScale2']);
  for (const [name, row] of Object.entries(rows)) assert.equal(row.status, 'wrong', `${name}: ${row.reason}`);
  // exponent 0xFE: 2f is infinity, the student's is a NaN; both shown as floats
  assert.match(rows.floatScale2.reason, /at uf = 0x[0-9a-f]{8} \(-?[0-9.e]+\): gives 0x[0-9a-f]{8} \(-?NaN\), expected 0x[0-9a-f]{8} \(-?inf\)/);
  assert.match(rows.floatPower2.reason, /at x = -1[2-4][0-9]: gives 0x00000000 \(0\.0\)/);
  assert.equal(await page.locator('.grade-score').textContent(), '0/12');
  await shot(page, 'practice-grade-float');
  assert.deepEqual(problems, []);
});
