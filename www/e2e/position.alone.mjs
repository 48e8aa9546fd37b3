// The Position panel: presets, bitboards and derived sets, a wrong FEN,
// the budget calculator, the move layout, and CPU perft in a Web Worker
// (count, divide, cancel), with its speed next to the native binary's.
// (`.alone`: run after the other files, on its own; it times the worker
// against native and pins threads to CPUs.)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { newPage, pinWorkersToCpu0, shot, repo, useSite, bitscopeBin } from './harness.mjs';

const site = useSite();

test('position panel: sets, sizes, budget, move layout, bad FEN', async () => {
  const { page, problems, context } = await newPage(site.browser, { viewport: { width: 1280, height: 900 } });
  await page.goto(`${site.server.url}#/position`);
  await page.waitForSelector('.derived-set');
  assert.equal(await page.locator('.derived-set').count(), 10);
  await page.selectOption('select.preset', 'kiwipete');
  assert.match(page.url(), /fen=r3k2r/);
  // white queen on f3 = bit 21: wQ = w & B & R
  const wq = page.locator('.derived-set[data-set="wQ"]');
  assert.match(await wq.textContent(), /w & B & R/);
  assert.equal(await wq.locator('.sq.on').count(), 1);
  assert.equal(await wq.locator('.sq.on').getAttribute('data-square'), 'f3');

  // the size table
  const sizes = await page.locator('table.sizes tbody tr').allTextContents();
  assert.ok(sizes.some((r) => r.includes('9-bit piece list') && r.includes('297') && r.includes('38')), sizes.join('|'));
  assert.ok(sizes.some((r) => r.includes('14 bitboards') && r.includes('112')), sizes.join('|'));

  // the design's budget: 64 x 42 + 64 x 4 x 50 = 15488 B
  assert.match(await page.textContent('.budget-total'), /^15488 B = 15\.1 KB/);
  await page.fill('input[data-budget="threads"]', '128');
  assert.match(await page.textContent('.budget-total'), /^30976 B/);
  assert.match(await page.locator('.budget tr.bad').first().textContent(), /over by/);
  // a value outside its range is marked invalid with the range; the budget and the link keep the last good one
  const before = page.url();
  await page.fill('input[data-budget="pos"]', '0');
  await page.waitForSelector('.budget-field.invalid .error');
  assert.equal(await page.getAttribute('input[data-budget="pos"]', 'aria-invalid'), 'true');
  assert.match(await page.textContent('.budget-field.invalid .error'), /1 to 100000/);
  assert.match(await page.textContent('.budget-total'), /^30976 B/);
  assert.equal(page.url(), before);
  await page.fill('input[data-budget="pos"]', '42');
  assert.equal(await page.locator('.budget-field.invalid').count(), 0);

  // the move layout: choose e1g1 (castling) and read its fields
  await page.selectOption('select.move-select', 'e1g1');
  const fields = await page.locator('table.move-fields tbody tr').allTextContents();
  assert.ok(fields.some((r) => r.startsWith('special') && r.includes('castle')), fields.join('|'));
  await shot(page, 'position-kiwipete');

  // a wrong FEN says which field is wrong, and the board keeps the last valid one
  await page.fill('#fen', 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R x KQkq -');
  assert.match(await page.textContent('.fen-error'), /side to move/i);
  assert.equal(await wq.locator('.sq.on').getAttribute('data-square'), 'f3');
  await page.fill('#fen', 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1');
  assert.match(await page.textContent('.fen-error'), /'X'/);
  await shot(page, 'position-bad-fen');
  await context.close();
  assert.deepEqual(problems, []);
});

test('perft in a Web Worker: count, divide, cancel, speed against native', async () => {
  const { page, problems, context } = await newPage(site.browser, { viewport: { width: 1280, height: 900 } });
  await page.goto(`${site.server.url}#/position?depth=3`);
  await page.waitForSelector('.perft-run');
  await page.selectOption('select.preset', 'kiwipete');
  await page.click('.perft-run');
  await page.waitForSelector('.perft-nodes', { timeout: 60000 });
  assert.equal(await page.textContent('.perft-nodes'), '97862');
  assert.equal(await page.locator('table.divide tbody tr').count(), 48);
  await shot(page, 'position-perft-divide');

  // cancel a long run: the page answers at once and says so
  await page.selectOption('select.perft-depth', '7');
  await page.click('.perft-run');
  await page.waitForSelector('progress');
  await page.click('.perft-cancel');
  await page.waitForSelector('.perft-cancelled');
  // (Chromium takes a second or two to wind down a terminated worker's
  // thread; let it, so that it does not share the CPU with the timing below.)
  await page.waitForTimeout(3000);

  // speed: start position depth 6 in the browser's warm worker, then the
  // native binary on one thread, three times in turn; the median of the
  // three ratios (each pair ran back to back, under the same load)
  await page.selectOption('select.preset', 'start');
  await page.selectOption('select.perft-depth', '6');
  await page.selectOption('select.perft-workers', '1');
  // (The waits poll every 250 ms: waitForSelector polls on every animation
  // frame, and the frames it makes the page draw slowed the worker by 5%.)
  const bitscope = bitscopeBin;
  const perftArgs = ['perft', '6', '--threads', '1', '--json'];
  const threePairs = async (native) => {
    const pairs = [];
    for (let round = 0; round < 3; round++) {
      await page.click('.perft-run');
      await page.waitForFunction(() => !document.querySelector('.perft-nodes'), null, { polling: 50 });
      await page.waitForFunction(() => document.querySelector('.perft-nodes'), null, { polling: 250, timeout: 120000 });
      assert.equal(await page.textContent('.perft-nodes'), '119060324');
      const wasm = parseFloat(await page.textContent('.perft-nps'));
      const result = JSON.parse(native().toString().trim().split('\n').pop());
      assert.equal(result.nodes, 119060324);
      pairs.push([wasm, result.nps / 1e6]);
    }
    return pairs;
  };
  const summary = (pairs) => {
    const median = pairs.map(([w, n]) => w / n).sort((a, b) => a - b)[1];
    return `${pairs.map(([w, n]) => `${w.toFixed(0)}/${n.toFixed(0)}`).join(', ')} M nodes/s; median ratio ${median.toFixed(2)}`;
  };
  const pairs = await threePairs(() => execFileSync(bitscope, perftArgs));
  console.log(`# perft start depth 6, wasm in Chromium vs native (one thread), 3 pairs: ${summary(pairs)}`);
  // the same with both sides on CPU 0 and the rest of Chromium (and this
  // process) on the other CPUs: the engines compared on one CPU
  const pinned = pinWorkersToCpu0();
  try {
    assert.ok(pinned.workers >= 1, 'the perft worker thread is found and pinned');
    const same = await threePairs(() => execFileSync('taskset', ['-c', '0', bitscope, ...perftArgs]));
    console.log(`# the same, the worker and native both pinned to CPU 0: ${summary(same)}`);
  } finally {
    pinned.restore();
  }

  // every core: one worker per core in the browser, one thread per core natively
  const cores = await page.evaluate(() => navigator.hardwareConcurrency);
  const options = await page.locator('select.perft-workers option').count();
  assert.equal(options, Math.min(16, cores), 'one choice per core');
  await page.selectOption('select.perft-workers', String(options));
  await page.click('.perft-run');
  await page.waitForSelector('.perft-nodes', { state: 'detached' });
  await page.waitForSelector('.perft-nodes', { timeout: 120000 });
  assert.equal(await page.textContent('.perft-nodes'), '119060324', 'the pool counts the same');
  assert.equal(await page.locator('table.divide tbody tr').count(), 20, 'every root move once');
  const pool = parseFloat(await page.textContent('.perft-nps'));
  const nativeAll = JSON.parse(
    execFileSync(bitscopeBin, ['perft', '6', '--threads', String(options), '--json']).toString().trim().split('\n').pop(),
  );
  console.log(`# perft start depth 6 on every core (${options}): wasm ${pool.toFixed(0)} M nodes/s (1 worker: ${pairs.map((p) => p[0].toFixed(0)).join('/')}), native ${(nativeAll.nps / 1e6).toFixed(0)} M nodes/s`);
  await context.close();
  assert.deepEqual(problems, []);
});
