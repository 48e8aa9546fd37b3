// Practice: the exercise list, two exercises solved through the page (one
// proven by trying every input and by the SAT solver, one exhaustively), an
// answer refused at its column, a wrong answer whose counterexample link
// opens both sides in the Lab, the Lab's own "compare with", progress that
// survives a reload and a reset, a verdict's link, and the "Try it" card.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { newPage, shot, useSite } from './harness.mjs';

const site = useSite();
const VERDICT_MS = 60_000;

async function answer(page, text) {
  await page.fill('#practice-answer', text);
  await page.click('.practice-check');
}

test('practice: solve two, be refused, fail one and step its counterexample in the Lab; progress survives a reload', async () => {
  const { page, problems, context } = await newPage(site.browser, { viewport: { width: 1280, height: 1000 } });
  await page.goto(`${site.server.url}#/practice`);
  await page.waitForSelector('.practice-list');
  const ids = await page.locator('.practice-list li[data-exercise]').evaluateAll((els) => els.map((e) => e.dataset.exercise));
  assert.ok(ids.length >= 24, `${ids.length} exercises listed`);
  assert.equal(new Set(ids).size, ids.length, 'each exercise once');
  assert.equal(await page.locator('.practice-count').getAttribute('data-solved'), '0');
  await shot(page, 'practice-list');

  // 1. clear the lowest set bit: proven at 8 bits (every input) and 64 (SAT)
  await page.click('.practice-list li[data-exercise="lowest-bit-clear"] a');
  await page.waitForSelector('.exercise[data-exercise="lowest-bit-clear"]');
  await page.click('.practice-hint');
  assert.equal(await page.locator('.hint').count(), 1);
  assert.match(page.url(), /hints=1/);
  // a forbidden operator is refused at its column before any proof
  await page.fill('#practice-answer', 'x * 2');
  await page.waitForSelector('.answer-card .expr-error[data-column="3"]');
  assert.ok(await page.locator('.practice-check').isDisabled(), 'a refused answer cannot be checked');
  await answer(page, 'x & (x - 1)');
  await page.waitForSelector('.verdict.solved', { timeout: VERDICT_MS });
  const solved = await page.locator('.verdict.solved').textContent();
  assert.match(solved, /8 bits by trying every input/);
  assert.match(solved, /64 bits by the SAT solver/);
  assert.match(solved, /2 operators of at most 4/);
  // the fewest possible, proven by `bitscope practice fewest` (issue 54)
  assert.match(solved, /as few as possible \(proven: none is shorter\)/);
  assert.match(await page.textContent('.ops-budget'), /the fewest possible is 2/);
  assert.match(page.url(), /check=1/);
  const verdictLink = page.url();
  await shot(page, 'practice-solved');

  // 2. the average of two bytes, proven by trying all 2^16 inputs
  await page.goto(`${site.server.url}#/practice?ex=average-bytes`);
  await page.waitForSelector('.exercise[data-exercise="average-bytes"]');
  await answer(page, '(x & y) + ((x ^ y) >> 1)');
  await page.waitForSelector('.verdict.solved', { timeout: VERDICT_MS });
  assert.match(await page.locator('.verdict.solved').textContent(), /8 bits by trying every input/);
  // not proven the fewest: the best known, said so
  await page.goto(`${site.server.url}#/practice?ex=min`);
  await page.waitForSelector('.exercise[data-exercise="min"]');
  assert.match(await page.textContent('.ops-budget'), /the best known uses 5/);

  // 3. a wrong answer: isolate the lowest bit with x & (x - 1)
  await page.goto(`${site.server.url}#/practice?ex=lowest-bit-isolate`);
  await page.waitForSelector('.exercise[data-exercise="lowest-bit-isolate"]');
  await answer(page, 'x & (x - 1)');
  await page.waitForSelector('.verdict.wrong', { timeout: VERDICT_MS });
  const got = await page.locator('.counterexample .got').textContent();
  const expected = await page.locator('.counterexample .expected').textContent();
  assert.notEqual(got, expected);
  await shot(page, 'practice-counterexample');
  await page.click('.verdict.wrong a.to-lab');
  await page.waitForSelector('.compare .hidden-ref');
  assert.equal(await page.inputValue('#lab-expr'), 'x & (x - 1)');
  // the reference stays hidden: not in the link, not on the page, only its values
  assert.ok(!decodeURIComponent(page.url()).includes('x & -x'), page.url());
  assert.ok(!(await page.locator('.compare').textContent()).includes('x & -x'));
  // both sides on the counterexample's inputs: they differ there, as the verdict said
  await page.waitForSelector('.compare .here[data-agree="false"]');
  const here = await page.locator('.compare .here').textContent();
  assert.ok(here.includes(got) && here.includes(expected), `${here} shows ${got} and ${expected}`);
  // the Lab proves it against the hidden reference too
  await page.click('.lab-prove');
  await page.waitForSelector('.compare [data-verdict="differ"]', { timeout: VERDICT_MS });
  assert.equal(await page.locator('.lab-swap').count(), 0);
  // asked for, the reference shows, and the other side can be stepped
  await page.click('.show-ref');
  assert.equal(await page.inputValue('#lab-cmp'), 'x & -x');
  await page.click('.lab-swap');
  await page.waitForFunction(() => document.querySelector('#lab-expr').value === 'x & -x');
  await shot(page, 'lab-compare');

  // progress survives a reload; the verdict's link shows its verdict in a fresh tab
  await page.goto(`${site.server.url}#/practice`);
  await page.waitForLoadState('networkidle'); // (a reload aborts what is still loading)
  await page.reload();
  await page.waitForSelector('.practice-list');
  assert.equal(await page.locator('.practice-count').getAttribute('data-solved'), '2');
  const marked = await page.locator('.practice-list li.solved').evaluateAll((els) => els.map((e) => e.dataset.exercise).sort());
  assert.deepEqual(marked, ['average-bytes', 'lowest-bit-clear']);
  const fresh = await newPage(site.browser, { viewport: { width: 1280, height: 900 } });
  await fresh.page.goto(verdictLink);
  await fresh.page.waitForSelector('.verdict.solved', { timeout: VERDICT_MS });
  assert.deepEqual(fresh.problems, []);
  await fresh.context.close();

  // the Try it card under a panel: its exercises, the solved one marked
  await page.goto(`${site.server.url}#/swar`);
  await page.waitForSelector('.try-it li[data-exercise="average-bytes"].solved');
  assert.ok((await page.locator('.try-it li[data-exercise]').count()) >= 3);

  // reset
  await page.goto(`${site.server.url}#/practice`);
  // reset asks first; "keep them" keeps them
  await page.click('.practice-reset');
  await page.click('.practice-reset-no');
  assert.equal(await page.getAttribute('.practice-count', 'data-solved'), '2');
  await page.click('.practice-reset');
  await page.click('.practice-reset-yes');
  await page.waitForSelector('.practice-count[data-solved="0"]');
  await page.waitForLoadState('networkidle');
  await page.reload();
  await page.waitForSelector('.practice-count[data-solved="0"]');
  assert.deepEqual(problems, []);
  await context.close();
});

test('lab compare: an identity proven equal at 64 bits by the SAT solver', async () => {
  const { page, problems, context } = await newPage(site.browser, { viewport: { width: 1280, height: 1000 } });
  await page.goto(`${site.server.url}#/lab?e=x+%26+-x&c=x+%26+~(x+-+1)&w=64&x=68&y=0&z=0`);
  await page.waitForSelector('.compare .here[data-agree="true"]');
  await page.click('.lab-prove');
  await page.waitForSelector('.compare [data-verdict="equal"]', { timeout: VERDICT_MS });
  assert.match(await page.locator('.compare [data-verdict="equal"]').textContent(), /SAT solver/);
  assert.deepEqual(problems, []);
  await context.close();
});

// The checker's speed in the browser's worker, printed for docs/performance.md
// (measured, not asserted: timings belong to benchmarks, not tests).
test('lab compare: the benchmark identities in the worker (timings printed)', async () => {
  const { page, problems, context } = await newPage(site.browser, { viewport: { width: 1280, height: 900 } });
  const cases = [
    ['exhaustive 2^24 (three 8-bit variables)', 'x * y + z', 'z + y * x', 8],
    ['64-bit add identity (SAT)', 'x + y', '(x ^ y) + ((x & y) << 1)', 64],
    ['64-bit lowest bit (SAT)', 'x & -x', 'x & ~(x - 1)', 64],
    ['32-bit SWAR nibble add (SAT)', '((x & 0x77777777) + (y & 0x77777777)) ^ ((x ^ y) & 0x88888888)',
      '(((x & 0xf) + (y & 0xf)) & 0xf) | (((x & 0xf0) + (y & 0xf0)) & 0xf0) | (((x & 0xf00) + (y & 0xf00)) & 0xf00) | (((x & 0xf000) + (y & 0xf000)) & 0xf000) | (((x & 0xf0000) + (y & 0xf0000)) & 0xf0000) | (((x & 0xf00000) + (y & 0xf00000)) & 0xf00000) | (((x & 0xf000000) + (y & 0xf000000)) & 0xf000000) | (((x & 0xf0000000) + (y & 0xf0000000)) & 0xf0000000)', 32],
  ];
  for (const [name, left, right, width] of cases) {
    const q = new URLSearchParams({ e: left, c: right, w: String(width), x: '0', y: '0', z: '0' });
    await page.goto(`${site.server.url}#/lab?${q}`);
    // first use of the worker: its module loads; the second run is the one timed
    for (let run = 0; run < 2; run++) {
      await page.click('.lab-prove');
      await page.waitForSelector('.compare [data-verdict="equal"]', { timeout: VERDICT_MS });
      const text = await page.locator('.compare [data-verdict="equal"]').textContent();
      if (run === 1) console.log(`prove in the worker: ${name}: ${text.match(/\(([\d.]+ s)\)/)[1]}`);
      await page.locator('#lab-x').fill(String(run + 1)); // a change, so the next click proves again
    }
  }
  assert.deepEqual(problems, []);
  await context.close();
});
