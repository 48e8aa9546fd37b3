// The bit lab: expressions typed and evaluated step by step, errors with a
// caret under their column, the presets and their explaining panels, links
// reopened; and the bitboard viewer's orders and whole-board operations.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { newPage, shot, shots, useSite, eventually as pollUntil } from './harness.mjs';

const site = useSite();
const eventually = (read, want, what) => pollUntil(read, want, what, 50);

const result = (page) =>
  page.locator('.lab .bitrow', { has: page.locator('.bitrow-label', { hasText: 'result' }) }).locator('.readouts');

const hexOf = (page) => () => readout(page).then((r) => r.hex);

async function readout(page) {
  const r = result(page);
  return {
    hex: await r.locator('.hex').textContent(),
    unsigned: await r.locator('.unsigned').textContent(),
    signed: await r.locator('.signed').textContent(),
  };
}

test('lab: typed expressions, widths, variables and errors with a caret', async () => {
  const { page, problems, context } = await newPage(site.browser, { viewport: { width: 1280, height: 1000 } });
  await page.goto(`${site.server.url}#/lab`);
  await page.waitForSelector('#lab-expr');
  assert.equal(await page.inputValue('#lab-expr'), 'x & (x - 1)');
  await eventually(() => readout(page), { hex: '0x0000000000000060', unsigned: '96', signed: '96' });
  assert.equal(await page.locator('.lab-steps tbody tr').count(), 5);

  // C precedence at 8 bits: 1 | 2 ^ 3 & 4 is 1 | (2 ^ (3 & 4)) = 3
  await page.click('.tab[data-width="8"]');
  await page.fill('#lab-expr', '1 | 2 ^ 3 & 4');
  await eventually(hexOf(page), '0x03');
  // wrapping and signed readout: x - y * 2 with x = 1, y = 3 is -5
  await page.fill('#lab-x', '1');
  await page.fill('#lab-y', '3');
  await page.fill('#lab-expr', 'x - y * 2');
  await eventually(() => readout(page), { hex: '0xfb', unsigned: '251', signed: '-5' });
  const exprs = await page.locator('.lab-steps tbody tr td:nth-child(2)').allTextContents();
  assert.deepEqual(exprs, ['x', 'y', '2', 'y * 2', 'x - y * 2']);
  assert.match(page.url(), /w=8/);
  assert.match(page.url(), /e=x\+-\+y\+%2A\+2/);
  await shot(page, 'lab-typed');

  // a literal too wide for 8 bits: the caret sits under column 5
  await page.fill('#lab-expr', 'x + 0x100');
  await page.waitForSelector('.expr-error');
  assert.equal(await page.locator('.expr-error').getAttribute('data-column'), '5');
  assert.equal(await page.locator('.caret-line').textContent(), '    ^');
  assert.match(await page.locator('.expr-error .error').textContent(), /column 5: 0x100 does not fit in 8 bits/);
  // the last valid expression's steps stay
  assert.match(await page.locator('.stale').textContent(), /last valid/);
  assert.equal(await page.locator('.lab-steps tbody tr').count(), 5);
  await shot(page, 'lab-error-caret');

  // division by zero names the '/'; an unclosed parenthesis the end
  await page.fill('#lab-expr', 'x / (y - 3)');
  await eventually(() => page.locator('.caret-line').textContent(), '  ^');
  assert.match(await page.locator('.expr-error .error').textContent(), /division by zero/);
  await page.fill('#lab-expr', '(x + 1');
  await eventually(() => page.locator('.expr-error').getAttribute('data-column'), '7');
  await page.fill('#lab-expr', '1 << 8');
  await eventually(() => page.locator('.expr-error').getAttribute('data-column'), '3');
  assert.match(await page.locator('.expr-error .error').textContent(), /shift by 8 is not below the width 8/);
  // garbage never breaks the page
  for (const junk of ['', ')))', '((((((((((', 'é', '~'.repeat(300) + '1', 'x'.repeat(1200)]) {
    await page.fill('#lab-expr', junk);
    await eventually(() => page.inputValue('#lab-expr'), junk);
    await page.waitForSelector('.expr-error');
  }
  await page.fill('#lab-expr', '!x == 0');
  await eventually(hexOf(page), '0x01');
  await page.click('.tab[data-width="64"]');
  await page.fill('#lab-expr', '-1 >> 1');
  await eventually(hexOf(page), '0x7fffffffffffffff');

  // the link reopens the same expression, width, values and step
  await page.click('.lab-steps tbody tr[data-step="1"]');
  assert.match(page.url(), /step=1/);
  const url = page.url();
  const again = await newPage(site.browser, { viewport: { width: 1280, height: 1000 } });
  await again.page.goto(url);
  await again.page.waitForSelector('#lab-expr');
  assert.equal(await again.page.inputValue('#lab-expr'), '-1 >> 1');
  // the same number (the old page may still show it as typed, 0x01)
  assert.equal(BigInt(await again.page.inputValue('#lab-x')), BigInt(await page.inputValue('#lab-x')));
  assert.equal(await again.page.locator('.tab.active[data-width="64"]').count(), 1);
  assert.equal(await again.page.locator('.lab-steps tr.current').getAttribute('data-step'), '1');
  assert.equal(await again.page.locator('.step-count').textContent(), 'step 2 of 4');
  assert.deepEqual(again.problems, []);
  await again.context.close();

  assert.deepEqual(problems, []);
  await context.close();
});

test('lab: every preset is a link with its result, and links to its explaining panel', async () => {
  const { page, problems, context } = await newPage(site.browser, { viewport: { width: 1280, height: 1000 } });
  await page.goto(`${site.server.url}#/lab`);
  await page.waitForSelector('.preset-list');
  const want = {
    'clear-lowest': '0x60', 'isolate-lowest': '0x08', 'fill-below': '0x6f', 'mask-lowest': '0x0f',
    gosper: '0x0b', 'round-up': '0x40', 'nibble-sign': '0xfb', 'swar-add': '0x8730f840', 'debruijn-scan': '0x07',
  };
  assert.equal(await page.locator('.preset-list li').count(), Object.keys(want).length);
  for (const [id, hex] of Object.entries(want)) {
    const item = page.locator(`li[data-preset="${id}"]`);
    await item.locator('a.preset').click();
    await page.waitForFunction((h) => location.hash.includes('e='), null);
    await eventually(hexOf(page), hex, id);
    assert.equal(await page.inputValue('#lab-expr'), await item.locator('.preset-expr').textContent());
    assert.equal(await page.locator('.result-value').textContent(), hex, `${id}: the steps end on the result`);
    if (id === 'gosper' || id === 'swar-add' || id === 'round-up') await shot(page, `lab-preset-${id}`);
    // the preset's link opened in a fresh page shows the same
    const again = await newPage(site.browser);
    await again.page.goto(page.url());
    await again.page.waitForSelector('#lab-expr');
    await eventually(hexOf(again.page), hex, `${id} reopened`);
    await again.context.close();
  }

  // a preset's explaining link opens the panel on the same value
  await page.locator('li[data-preset="nibble-sign"] a.explains').click();
  await page.waitForSelector('main#panel[data-panel="nibbles"]');
  assert.equal(await page.inputValue('#nibble-x'), '0xb');
  await page.goBack();
  await page.locator('li[data-preset="swar-add"] a.explains').click();
  await page.waitForSelector('main#panel[data-panel="swar"]');
  assert.match(page.url(), /x=7f3a8c15/);
  await page.goBack();
  await page.locator('li[data-preset="debruijn-scan"] a.explains').click();
  await page.waitForSelector('main#panel[data-panel="debruijn"]');
  assert.equal(await page.inputValue('#magic'), '0x1d');
  assert.deepEqual(problems, []);
  await context.close();
});

test('bitboard: click and type the word, eight orders, operations stepped, link reopened', async () => {
  const { page, problems, context } = await newPage(site.browser, { viewport: { width: 1280, height: 1100 } });
  await page.goto(`${site.server.url}#/bitboard`);
  await page.waitForSelector('.order-grid');
  assert.equal(await page.locator('.order').count(), 8);
  // the default L: a1 a2 a3 a4 b1
  const on = (scope) => page.locator(`${scope} .sq.on, ${scope} .sq.set`).evaluateAll((els) => els.map((e) => e.dataset.square).sort());
  assert.deepEqual(await on('.card:has(#board-word) .bitgrid'), ['a1', 'a2', 'a3', 'a4', 'b1']);
  // big-endian rank-file reads bit 0 as a8: the L hangs from the top
  await eventually(() => on('.order[data-order="berf"]'), ['a5', 'a6', 'a7', 'a8', 'b8']);
  await eventually(() => on('.order[data-order="lefr"]'), ['a1', 'a2', 'b1', 'c1', 'd1']);
  await page.locator('.card.orders').screenshot({ path: join(shots, 'bitboard-orders.png') });
  // click h8 on our board: bit 63
  await page.click('.card:has(#board-word) .sq[data-square="h8"]');
  assert.match(page.url(), /b=8000000001010103/);
  assert.equal(await page.inputValue('#board-word'), '0x8000000001010103');
  // type the word in decimal: 255 is rank 1
  await page.fill('#board-word', '255');
  assert.deepEqual(await on('.card:has(#board-word) .bitgrid'), ['a1', 'b1', 'c1', 'd1', 'e1', 'f1', 'g1', 'h1']);
  await eventually(() => on('.order[data-order="lefr"]'), ['a1', 'a2', 'a3', 'a4', 'a5', 'a6', 'a7', 'a8']);
  await page.fill('#board-word', '0b1000000011');
  // rotate90: a1 b1 b2 -> a8 a7 b7
  await page.click('.tab[data-op="rotate90"]');
  for (let i = 0; i < 20; i++) {
    const [k, n] = (await page.locator('.step-count').textContent()).match(/\d+/g).map(Number);
    if (k === n) break;
    await page.click('.step-controls .next');
  }
  assert.equal(await page.locator('.result-value').textContent(), '0x0103000000000000');
  const stepGrid = page.locator('.card:has(.ops) .bitgrid').first();
  assert.deepEqual(await stepGrid.locator('.sq.on').evaluateAll((els) => els.map((e) => e.dataset.square).sort()), ['a7', 'a8', 'b7']);
  await shot(page, 'bitboard-rotate90');
  // east drops what wraps: h1 leaves the board
  await page.fill('#board-word', '0x81');
  await page.click('.tab[data-op="east"]');
  await page.click('.step-controls .next');
  await page.click('.step-controls .next');
  await eventually(() => page.locator('.result-value').textContent(), '0x0000000000000002');
  await shot(page, 'bitboard-east');
  await page.click('.keep-result');
  await eventually(() => page.inputValue('#board-word'), '0x0000000000000002');
  // the link reopens the same board, operation and step
  await page.click('.step-controls .next');
  const url = page.url();
  const again = await newPage(site.browser);
  await again.page.goto(url);
  await again.page.waitForSelector('.order-grid');
  assert.equal(await again.page.inputValue('#board-word'), '0x0000000000000002');
  assert.equal(await again.page.locator('.tab.active[data-op="east"]').count(), 1);
  assert.equal(await again.page.locator('.step-count').textContent(), await page.locator('.step-count').textContent());
  assert.deepEqual(again.problems, []);
  await again.context.close();
  // bad input shows its error and keeps the board
  await page.fill('#board-word', '0x1ffffffffffffffff');
  assert.match(await page.locator('[data-error-for="board-word"]').textContent(), /does not fit/);
  assert.match(page.url(), /b=2/);
  assert.deepEqual(problems, []);
  await context.close();
});
