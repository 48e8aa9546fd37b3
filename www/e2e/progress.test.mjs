// Long work reports progress that rises to its total, and cancel stops it in
// the middle: the CPU perft worker, the de Bruijn enumeration worker, and the
// GPU perft. A recorder sees every value a <progress> element ever shows.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { newPage, shot, useSite } from './harness.mjs';

const site = useSite();

/** Records [value, max] of every `selector` progress bar the page renders from now on. */
async function recordProgress(page, selector) {
  await page.evaluate((sel) => {
    window.__progress = [];
    const seen = () => {
      const bar = document.querySelector(sel);
      if (!bar) return;
      const pair = [Number(bar.getAttribute('value')), Number(bar.getAttribute('max'))];
      const last = window.__progress[window.__progress.length - 1];
      if (!last || last[0] !== pair[0] || last[1] !== pair[1]) window.__progress.push(pair);
    };
    window.__observer?.disconnect();
    window.__observer = new MutationObserver(seen);
    window.__observer.observe(document.body, { subtree: true, childList: true, attributes: true });
  }, selector);
}

const recorded = (page) => page.evaluate(() => window.__progress);

/** Values rise (never fall), stay within one fixed total, and there are several. */
function assertRises(all, what) {
  // before the first report a bar shows 0 of 1 (no total yet): skip that
  const values = all.filter(([v, max], i) => !(i === 0 && v === 0 && max === 1));
  assert.ok(values.length >= 2, `${what}: several progress values (${JSON.stringify(values)})`);
  const total = values[0][1];
  for (const [v, max] of values) {
    assert.equal(max, total, `${what}: one total (${JSON.stringify(values)})`);
    assert.ok(v >= 0 && v <= max, `${what}: ${v} within 0..${max}`);
  }
  for (let i = 1; i < values.length; i++) {
    assert.ok(values[i][0] > values[i - 1][0], `${what}: rises (${JSON.stringify(values)})`);
  }
  return total;
}

test('CPU perft: progress rises root move by root move; cancel mid-run; a new run is right', async () => {
  const { page, problems, context } = await newPage(site.browser, { viewport: { width: 1280, height: 900 } });
  await page.goto(`${site.server.url}#/position?depth=5`);
  await page.selectOption('select.preset', 'kiwipete');
  await page.waitForSelector('.perft-run');
  await recordProgress(page, '.perft-progress progress');
  await page.click('.perft-run');
  await page.waitForSelector('.perft-nodes', { timeout: 120000 });
  assert.equal(await page.textContent('.perft-nodes'), '193690690');
  const total = assertRises(await recorded(page), 'perft kiwipete 5');
  assert.equal(total, 48, 'the total is the number of root moves');
  // it reached the total: every root move has its row, and they sum to the count
  const rows = await page.locator('table.divide tbody tr td.num').allTextContents();
  assert.equal(rows.length, 48);
  assert.equal(rows.reduce((s, n) => s + Number(n), 0), 193690690);

  // cancel in the middle of start position depth 7 (3.2e9 nodes)
  await page.selectOption('select.preset', 'start');
  await page.selectOption('select.perft-depth', '7');
  await recordProgress(page, '.perft-progress progress');
  await page.click('.perft-run');
  await page.waitForFunction(() => Number(document.querySelector('.perft-progress progress')?.getAttribute('value')) >= 2, null, { timeout: 120000 });
  await page.click('.perft-cancel');
  await page.waitForSelector('.perft-cancelled');
  const seen = await recorded(page);
  const last = seen[seen.length - 1];
  assert.ok(last[0] >= 2 && last[0] < last[1], `cancelled in the middle: ${JSON.stringify(seen)}`);
  assert.equal(await page.locator('.perft-nodes').count(), 0, 'no count after cancel');
  // the pool is usable again at once
  await page.selectOption('select.perft-depth', '3');
  await page.click('.perft-run');
  await page.waitForSelector('.perft-nodes', { timeout: 60000 });
  assert.equal(await page.textContent('.perft-nodes'), '8902');
  await context.close();
  assert.deepEqual(problems, []);
});

test('de Bruijn enumeration: progress rises to the total; cancel mid-run', async () => {
  const { page, problems, context } = await newPage(site.browser, { viewport: { width: 1280, height: 900 } });
  await page.goto(`${site.server.url}#/debruijn?width=64`);
  await page.waitForSelector('.validity.ok');
  await recordProgress(page, 'progress.enum-progress');
  await page.click('.enum-run');
  await page.waitForSelector('.enum-count', { timeout: 120000 });
  assert.equal(await page.textContent('.enum-count'), '134217728');
  assertRises(await recorded(page), 'enumeration');

  // the warm worker needs about a second for all of it: press cancel from
  // inside the page, the moment the bar first moves (a round trip through
  // the test driver could come after the end)
  await recordProgress(page, 'progress.enum-progress');
  await page.evaluate(() => {
    const watch = new MutationObserver(() => {
      const bar = document.querySelector('progress.enum-progress');
      if (bar && Number(bar.getAttribute('value')) >= 1) {
        watch.disconnect();
        document.querySelector('.enum-cancel').click();
      }
    });
    watch.observe(document.body, { subtree: true, childList: true, attributes: true });
  });
  await page.click('.enum-run');
  await page.waitForSelector('.enum-cancelled', { timeout: 60000 });
  const seen = await recorded(page);
  const last = seen[seen.length - 1];
  assert.ok(last[0] >= 1 && last[0] < last[1], `cancelled in the middle: ${JSON.stringify(seen)}`);
  assert.equal(await page.locator('.enum-count').count(), 0);
  await context.close();
  assert.deepEqual(problems, []);
});

test('GPU perft: progress rises over the frontier; cancel mid-run; a new run is right', async () => {
  const { page, problems, context } = await newPage(site.browser, { viewport: { width: 1280, height: 900 } });
  await page.goto(`${site.server.url}#/gpu?depth=5`);
  await page.waitForSelector('.adapter-name', { timeout: 60000 });
  await page.selectOption('select.preset', { label: 'kiwipete' });
  // the depth-first kernel reports after every batch of frontier positions;
  // breadth-first (the default now) reports per chunk, one chunk here
  await page.selectOption('select.gpu-variant', 'workgroup');
  await recordProgress(page, 'progress.gpu-progress');
  await page.click('.gpu-run');
  await page.waitForSelector('.gpu-match, .gpu-mismatch, .gpu-error', { timeout: 180000 });
  assert.equal(await page.textContent('.gpu-nodes'), '193690690');
  assertRises(await recorded(page), 'gpu kiwipete 5');

  // start position depth 6 on SwiftShader takes seconds: cancel it early
  await page.selectOption('select.preset', { label: 'start' });
  await page.selectOption('select.gpu-depth', '6');
  await recordProgress(page, 'progress.gpu-progress');
  await page.click('.gpu-run');
  await page.waitForFunction(() => Number(document.querySelector('progress.gpu-progress')?.getAttribute('value')) >= 1, null, { timeout: 120000 });
  await page.click('.gpu-cancel');
  await page.waitForSelector('.gpu-cancelled', { timeout: 60000 });
  const seen = await recorded(page);
  const last = seen[seen.length - 1];
  assert.ok(last[0] >= 1 && last[0] < last[1], `cancelled in the middle: ${JSON.stringify(seen)}`);
  assert.equal(await page.locator('.gpu-nodes').count(), 0, 'no count after cancel');
  await shot(page, 'gpu-cancelled');
  await page.selectOption('select.gpu-depth', '3');
  await page.click('.gpu-run');
  await page.waitForSelector('.gpu-match, .gpu-mismatch, .gpu-error', { timeout: 180000 });
  assert.equal(await page.textContent('.gpu-nodes'), '8902');
  await context.close();
  assert.deepEqual(problems, []);
});
