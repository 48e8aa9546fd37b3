// The bit-trick panels: de Bruijn (scan, derivation, validation, enumeration
// with progress), SWAR (lanes checked, the naive add's leaked carries),
// trits (overlap rejected, packing) and the nibble board.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { newPage, shot, useSite } from './harness.mjs';

const site = useSite();

/** Clicks "next" until the step player in `scope` shows its last step. */
async function stepToEnd(page, scope = '') {
  const player = page.locator(`${scope} .step-player`.trim()).first();
  for (let guard = 0; guard < 200; guard++) {
    const [k, n] = (await player.locator('.step-count').textContent()).match(/\d+/g).map(Number);
    if (k === n) return;
    await player.locator('.step-controls .next').click();
  }
  throw new Error('the step player never reached its last step');
}

test('de Bruijn: scan, derivation, validation, enumeration', async () => {
  const { page, problems, context } = await newPage(site.browser, { viewport: { width: 1280, height: 900 } });
  await page.goto(`${site.server.url}#/debruijn`);
  await page.waitForSelector('.validity.ok');
  assert.equal(await page.inputValue('#magic'), '0x1d');

  // scan 0x68 = 0110_1000: lowest set bit 3, via the step buttons
  const scan = page.locator('.card', { hasText: 'Scan a value' });
  const count = await scan.locator('.step-count').textContent();
  const steps = Number(count.match(/of (\d+)/)[1]);
  for (let i = 1; i < steps; i++) await scan.locator('.step-controls .next').click();
  assert.equal(await scan.locator('.result-value').textContent(), '3');
  await shot(page, 'debruijn-scan-8bit');

  // the derivation fills the table in; the 1-based variant is {1,2,7,3,8,6,5,4}
  const derivation = page.locator('.card', { hasText: 'Where the table comes from' });
  assert.match(await derivation.locator('.table-0').textContent(), /\{0, 1, 6, 2, 7, 5, 4, 3\}/);
  assert.match(await derivation.locator('.table-1').textContent(), /\{1, 2, 7, 3, 8, 6, 5, 4\}/);
  assert.equal(await derivation.locator('table.windows tr.pending').count(), 8);
  const dsteps = Number((await derivation.locator('.step-count').textContent()).match(/of (\d+)/)[1]);
  for (let i = 1; i < dsteps; i++) await derivation.locator('.step-controls .next').click();
  assert.equal(await derivation.locator('table.windows tr.pending').count(), 0);
  assert.match(page.url(), /dstep=/);

  // v = 0 is an error, not a crash; an invalid magic shows its collisions
  await page.fill('#scan-v', '0');
  assert.match(await page.locator('.scan-error').textContent(), /v = 0/);
  await page.fill('#scan-v', '0x68');
  await page.fill('#magic', '0x1f');
  await page.waitForSelector('.validity.bad');
  assert.equal(await page.locator('table.collisions tbody tr').count(), 3);
  assert.match(await page.locator('.scan-error').textContent(), /bits 3 and 4/);
  await shot(page, 'debruijn-invalid-magic');

  // 32-bit: the well-known 0x077CB531 scans 0x80000000 to 31
  await page.click('.tab[data-width="32"]');
  await page.selectOption('select.known-magic', '77cb531');
  await page.waitForSelector('.validity.ok');
  await page.fill('#scan-v', '0x80000000');
  await stepToEnd(page, '.card:has-text("Scan a value")');
  assert.equal(await scan.locator('.result-value').textContent(), '31');

  // 64-bit: enumerate every magic in the worker, with a progress bar
  await page.click('.tab[data-width="64"]');
  await page.waitForSelector('.validity.ok');
  await page.click('.enum-run');
  await page.waitForSelector('.enum-progress');
  await shot(page, 'debruijn-enumerating');
  await page.waitForSelector('.enum-count', { timeout: 120000 });
  assert.equal(await page.textContent('.enum-count'), '134217728');
  assert.equal(await page.textContent('.enum-odd'), '67108864');
  console.log(`# 64-bit enumeration in Chromium: ${(await page.innerText('.enum-done')).replace(/\s+/g, ' ')}`);
  // the pageable list: page 2 starts at the 33rd magic
  const first = await page.locator('.magic-list li').first().textContent();
  await page.click('.page-next');
  await page.waitForFunction((f) => {
    const li = document.querySelector('.magic-list li');
    return li && li.textContent !== f;
  }, first);
  assert.equal(await page.getAttribute('.magic-list', 'start'), '33');
  // choose a listed magic: it becomes the magic, valid
  await page.locator('.magic-list li button').nth(3).click();
  await page.waitForSelector('.validity.ok');
  assert.match(await page.textContent('pre.export-rust'), /const TABLE: \[u8; 64\]/);
  await shot(page, 'debruijn-64bit-enumerated');
  await context.close();
  assert.deepEqual(problems, []);
});

test('de Bruijn: enumeration can be cancelled', async () => {
  const { page, problems, context } = await newPage(site.browser);
  await page.goto(`${site.server.url}#/debruijn?width=64`);
  await page.click('.enum-run');
  await page.waitForSelector('.enum-progress');
  await page.click('.enum-cancel');
  await page.waitForSelector('.enum-cancelled');
  await context.close();
  assert.deepEqual(problems, []);
});

test('SWAR: lanes checked, leaked carries shown, every op', async () => {
  const { page, problems, context } = await newPage(site.browser, { viewport: { width: 1280, height: 900 } });
  // opened on a link that is not the default: the page shows that link's state
  await page.goto(`${site.server.url}#/swar?op=sub&width=64&lanes=8`);
  await page.waitForSelector('table.lanes');
  assert.equal(await page.getAttribute('.tab.active[data-choice^="op="]', 'data-choice'), 'op=sub');
  assert.equal(await page.locator('table.lanes tbody tr').count(), 8);
  for (const choice of ['op=add', 'width=32', 'lanes=4']) await page.click(`.tab[data-choice="${choice}"]`);
  assert.equal(await page.locator('table.lanes tbody tr').count(), 8, '32 bits in 4-bit lanes');
  await page.fill('#swar-x', '0x7830003F');
  await page.fill('#swar-y', '0x18500051');
  await page.waitForSelector('.verdict.ok');
  // lane-wise: 0x80800080; naive x + y = 0x90800090 leaks into lanes 1 and 7
  await stepToEnd(page);
  assert.equal(await page.textContent('.result-value'), '0x80800080');
  assert.deepEqual(await page.locator('table.lanes tr.leak').evaluateAll((rows) => rows.map((r) => r.dataset.lane)), ['7', '1']);
  assert.match(await page.textContent('.leak-note'), /carry crossed into lanes 1, 7/);
  await shot(page, 'swar-add-leak');

  // sub and average of the same words: each result is checked, lane by lane
  // (7-1, 8-8, 3-5 = -2 = 0xE, ..., F-1) and ((7+1)/2, (8+8)/2, (3+5)/2, ...)
  for (const [op, want] of [['sub', '0x60e000ee'], ['avg', '0x48400048']]) {
    await page.click(`.tab[data-choice="op=${op}"]`);
    assert.match(page.url(), new RegExp(`op=${op}`));
    await stepToEnd(page);
    assert.equal(await page.textContent('.result-value'), want, op);
    assert.equal(await page.locator('.verdict.ok').count(), 1, op);
  }
  await page.click('.tab[data-choice="width=64"]');
  await page.click('.tab[data-choice="lanes=8"]');
  assert.equal(await page.locator('table.lanes tbody tr').count(), 8);
  await stepToEnd(page);
  const avg64 = await page.textContent('.result-value');
  assert.equal(avg64, '0x0000000048400048');
  // a bad entry shows its error and keeps the last value and result
  await page.fill('#swar-x', '0xzz');
  assert.match(await page.textContent('.number-input .error'), /not a hex digit/);
  assert.equal(await page.textContent('.result-value'), avg64);
  await shot(page, 'swar-avg-64');
  await context.close();
  assert.deepEqual(problems, []);
});

test('trits: overlap rejected by name, packing and orders', async () => {
  const { page, problems, context } = await newPage(site.browser, { viewport: { width: 1280, height: 900 } });
  await page.goto(`${site.server.url}#/trits`);
  await page.waitForSelector('table.packed');
  assert.equal(await page.locator('table.packed tbody tr').count(), 13);
  assert.match(await page.textContent('.round-trip'), /✓/);
  assert.match(await page.textContent('.efficiency'), /101\.4 bits/);
  // overlap: e4 (bit 28) and d5 (bit 35) on both boards
  await page.fill('#trit-a', '0x0000000810000000');
  await page.fill('#trit-b', '0x0000000810000001');
  const err = await page.textContent('.overlap-error');
  assert.match(err, /e4/);
  assert.match(err, /d5/);
  assert.equal(await page.locator('table.packed').count(), 0, 'nothing converted');
  await shot(page, 'trits-overlap');
  // clear the overlap by clicking e4 and d5 on the second board
  const second = page.locator('.card', { hasText: 'second board' });
  await second.locator('button[data-square="e4"]').click();
  await second.locator('button[data-square="d5"]').click();
  await page.waitForSelector('table.packed');
  assert.equal(await page.textContent('table.packed tbody tr:first-child .packed-byte'), '2');
  // the other-order board: a|b = a1, e4, d5 read with a8 = bit 0 is a8, e5, d4;
  // read file-major (a1, a2, ... = bits 0, 1, ...) it is a1, d5, e4 again
  const otherHex = () => page.locator('.grids figure').nth(1).locator('.grid-hex').textContent();
  assert.equal((await otherHex()).trim(), '0x0100001008000000');
  await page.click('.tab[data-order="file"]');
  assert.match(page.url(), /order=file/);
  assert.equal((await otherHex()).trim(), '0x0000000810000001');
  await shot(page, 'trits-orders');
  await context.close();
  assert.deepEqual(problems, []);
});

test('nibble board: get, set, placement, bad FEN', async () => {
  const { page, problems, context } = await newPage(site.browser, { viewport: { width: 1280, height: 900 } });
  await page.goto(`${site.server.url}#/nibble-board`);
  await page.waitForSelector('.byte-grid');
  assert.match(await page.textContent('.round-trip'), /✓/);
  await page.click('button[data-square="d8"]');
  assert.match(await page.textContent('.selected-square'), /d8 = square 59: byte 29, high nibble/);
  await stepToEnd(page);
  // d8 is empty in Kiwipete: get reads code 0 from byte 29's high nibble
  assert.equal(await page.textContent('.result-value'), '0');
  await page.click('.tab[data-op="set"]');
  await page.selectOption('select.code-select', '13');
  assert.match(page.url(), /op=set/);
  assert.match(page.url(), /code=13/);
  await stepToEnd(page);
  // set writes 13 = 0b1101 into that high nibble; c8 (the low one) stays 0
  assert.equal(await page.textContent('.step.current .readouts .hex'), '0xd0');
  assert.match(await page.textContent('.step.current'), /board\[29\] = 0xd0/);
  await page.click('.tab[data-op="fen"]');
  await stepToEnd(page);
  assert.match(await page.textContent('.result-value'), /0x/);
  await shot(page, 'nibble-board');
  await page.fill('#nibble-fen', 'rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR');
  assert.match(await page.textContent('.fen-error'), /rank/);
  await context.close();
  assert.deepEqual(problems, []);
});
