// Teaching truth: the start page, the SWAR signed average, every source
// correction on its panel (with its computed values), the "why" paragraphs,
// and the links between panels (each opens the other panel with the same
// values in its URL).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { newPage, shot, useSite } from './harness.mjs';

const site = useSite();
const VIEW = { viewport: { width: 1280, height: 900 } };

async function open(route) {
  const ctx = await newPage(site.browser, VIEW);
  await ctx.page.goto(`${site.server.url}${route}`);
  await ctx.page.waitForSelector('main#panel section.panel');
  return ctx;
}

async function stepToEnd(page) {
  const player = page.locator('.step-player').first();
  for (let guard = 0; guard < 200; guard++) {
    const [k, n] = (await player.locator('.step-count').textContent()).match(/\d+/g).map(Number);
    if (k === n) return;
    await player.locator('.step-controls .next').click();
  }
  throw new Error('the step player never reached its last step');
}

async function correction(page, key) {
  const el = page.locator(`[data-correction="${key}"]`);
  assert.equal(await el.count(), 1, `correction ${key} is on the panel`);
  assert.ok(await el.isVisible(), `correction ${key} is visible`);
  return el.innerText();
}

/** Follows the link to `slug`; returns the new URL. */
async function follow(page, slug) {
  const link = page.locator(`a.panel-link[data-link="${slug}"]`);
  assert.equal(await link.count(), 1, `a link to ${slug}`);
  await link.click();
  await page.waitForSelector(`main#panel[data-panel="${slug}"] section.panel`);
  return decodeURIComponent(page.url()).replace(/\+/g, ' ');
}

test('start page: a card per panel with a live miniature, and the suggested path', async () => {
  const { page, problems, context } = await open('');
  assert.equal(await page.getAttribute('main#panel', 'data-panel'), 'start');
  assert.equal(await page.locator('.start-card').count(), 18, 'one card per panel');
  const path = await page.locator('ol.path a').evaluateAll((a) => a.map((e) => e.dataset.start));
  assert.deepEqual(path, ['nibbles', 'swar', 'debruijn', 'lab', 'practice', 'trits', 'position', 'gpu']);
  assert.match(await page.locator('.start-card[data-card="lab"] p').first().innerText(), /whole C functions/);
  const card = (slug) => page.locator(`.start-card[data-card="${slug}"]`).innerText();
  assert.match(await card('nibbles'), /unsigned 11, signed -5/);
  assert.match(await card('swar'), /\[8, 3, 8, 7\] \+ \[8, 5, 8, 1\] = \[0, 8, 0, 8\]/);
  assert.match(await card('debruijn'), /lowest set bit of 0x68: 3/);
  assert.match(await card('nibble-board'), /14 \(black king\)/);
  assert.match(await card('trits'), /13 bytes: \[121, /);
  assert.match(await card('position'), /queens: d1, d8/);
  assert.match(await card('gpu'), /15616 B of the 16384 B/);
  assert.match(await card('lab'), /with x = 0x68: 0x60 \(the lowest bit cleared\)/);
  assert.match(await card('popcount'), /SWAR 5, Kernighan 5 turns, count_ones 5/);
  assert.match(await card('quad'), /q3 \(black\) = 0xffff000000000000/);
  assert.equal(await page.locator('.start-card[data-card="bitboard"] .sq.on').count(), 2);
  assert.match(await card('magic'), /10 blockers that matter: a 1024-entry table/);
  assert.match(await card('float'), /0\.1f = 0 01111011 10011001100110011001101 = 0\.100000001490116119384765625/);
  assert.equal(await page.locator('.start-card[data-card="magic"] .sq.on').count(), 10);
  assert.equal(await page.locator('nav a.active').count(), 0, 'no panel is active');
  await shot(page, 'start');
  await page.click('ol.path a[data-start="swar"]');
  await page.waitForSelector('main#panel[data-panel="swar"] table.lanes');
  await context.close();
  assert.deepEqual(problems, []);
});

test('SWAR: the signed average has its own tab and check; the unsigned one is read as signed only where right', async () => {
  const { page, problems, context } = await open('#/swar?op=savg&width=32&lanes=4&x=8f&y=71');
  assert.equal(await page.getAttribute('.tab.active[data-choice^="op="]', 'data-choice'), 'op=savg');
  await page.waitForSelector('.verdict.ok');
  const row = (lane) => page.locator(`table.lanes tr[data-lane="${lane}"] td`).allInnerTexts();
  // lane 0: -1 and 1 average to 0; lane 1: -8 and 7 to -1 (floor)
  assert.deepEqual((await row(0)).slice(0, 6), ['0', '-1', '1', '0', '0', '0 ✓']);
  assert.deepEqual((await row(1)).slice(0, 6), ['1', '-8', '7', '15', '-1', '-1 ✓']);
  assert.match(await page.textContent('.verdict'), /all 8 lanes equal plain per-lane arithmetic \(floor\), lanes signed/);
  await stepToEnd(page);
  assert.equal(await page.textContent('.result-value'), '0x000000f0');
  assert.match(await page.textContent('.leak-note'), /wrong as signed in lanes 0, 1/);
  assert.match(await page.textContent('.why'), /−1 and 1 give -8, their signed average is 0/);
  await shot(page, 'swar-signed-average');

  await page.click('.tab[data-choice="op=avg"]');
  await page.waitForSelector('.signed-note');
  const avg = await row(0);
  assert.equal(avg[3], '8', 'the unsigned average of 15 and 1');
  assert.equal(avg[4], '— signs differ', 'no signed reading where it is wrong');
  assert.equal((await row(2))[4], '0', 'signs agree: 0 and 0');
  await shot(page, 'swar-average-signed-column');
  await context.close();
  assert.deepEqual(problems, []);
});

test('SWAR 4-bit lanes open the Nibble board with the same nibbles', async () => {
  const { page, problems, context } = await open('#/swar?op=add&width=32&lanes=4&x=42365324&y=cabedbac');
  const url = await follow(page, 'nibble-board');
  assert.match(url, /#\/nibble-board\?.*fen=rnbqkbnr\/8\/8\/8\/8\/8\/8\/RNBQKBNR/);
  const text = await page.innerText('main#panel');
  assert.match(text, /word 0: squares a1–h2, 0x0*42365324/i);
  assert.match(text, /word 3: squares a7–h8, 0xcabedbac00000000/i);
  await context.close();
  assert.deepEqual(problems, []);
});

test('de Bruijn: the walk-through corrected at its steps, why it works, the negation link', async () => {
  const { page, problems, context } = await open('#/debruijn?width=8&magic=1d&v=68');
  assert.match(await correction(page, 'log2'), /says Log2\(8\) = 2\.40823996531.*in fact log2 8 = 3 \(2\.40824 is log10 256 = 2\.40824\), so the shift 8 − 3 = 5 is exact/s);
  const products = await correction(page, 'products');
  assert.match(products, /the hash multiplies the isolated bit 2\^\(k−1\), not k/);
  assert.match(products, /fails first at k = 11/);
  assert.match(products, /8\s+232\s+7\s+128\s+128\s+4\s+8/);
  assert.match(await correction(page, 'trial'), /all 4 8-bit magics, 0x17, 0x1d, 0x2e, 0x3a, with no trials/);
  assert.match(await correction(page, 'zeros'), /at least log2 N − 1 = 2 zeros \(leading zeros: 0x17 \(3\), 0x1d \(3\), 0x2e \(2\), 0x3a \(2\)\)/);
  const returns = await correction(page, 'returns');
  assert.match(returns, /returns table\[0\] = 1/);
  assert.match(returns, /ours refuses/);
  assert.match(returns, /1, 2, 7, 3, 8, 6, 5, 4, the table itself/);
  assert.match(await page.innerText('.why'), /2 × 2 = 4 magics/);
  await shot(page, 'debruijn-sources');
  const url = await follow(page, 'nibbles');
  assert.match(url, /#\/nibbles\?op=negate&x=8$/);
  assert.equal((await page.locator('.nibble-table tr.chosen td').allInnerTexts())[1], '0x8');
  assert.match(await page.innerText('main#panel'), /~x \+ 1/);
  await context.close();
  assert.deepEqual(problems, []);
});

test('Nibble board: getPiece corrected beside our stepped get', async () => {
  const { page, problems, context } = await open('#/nibble-board');
  const text = await correction(page, 'getpiece');
  assert.match(text, /0 opening and 1 closing parentheses/);
  assert.match(text, /return \(nibbleBoard\[square >> 1\] >> shift\) & 15;/);
  assert.match(text, /Here e1 = square 4: byte 2 = 0x06, shift 0, code 6 \(white king\)/);
  // the corrected line works on the square the panel steps: f1, the high nibble
  await page.click('[data-square="f1"]');
  await page.waitForFunction(() => location.hash.includes('sq=5'));
  assert.match(await correction(page, 'getpiece'), /Here f1 = square 5: byte 2 = 0x06, shift 4, code 0 \(empty\)/);
  await shot(page, 'nibble-board-getpiece');
  await context.close();
  assert.deepEqual(problems, []);
});

test('Trits: the square order named, the other order\'s bytes, why 13, the link to Position', async () => {
  const { page, problems, context } = await open('#/trits');
  const text = await correction(page, 'order');
  assert.match(text, /names no square order/);
  assert.match(text, /numbered a8, b8, … instead/);
  assert.match(text, /0\s+121\s+242/);
  assert.match(await page.innerText('.why'), /at least 13 whole bytes/);
  await shot(page, 'trits-order');
  const url = await follow(page, 'position');
  assert.match(url, /fen=rnbqkbnr\/pppppppp\/8\/8\/8\/8\/PPPPPPPP\/RNBQKBNR w - - 0 1/);
  // the Position panel's white and black sets are the two boards
  const sets = await page.innerText('main#panel');
  assert.match(sets, /w: white pieces \(kings too\)\s*0x000000000000ffff/);
  assert.match(sets, /occupied = P \| N \| B \| R \| kings\s*0xffff00000000ffff/);
  await context.close();
  assert.deepEqual(problems, []);
});

test('Position: the blog\'s move and position sizes corrected, why five boards, the link to the GPU', async () => {
  const kiwi = 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1';
  const { page, problems, context } = await open(`#/position?fen=${encodeURIComponent(kiwi)}&threads=128`);
  const move = await correction(page, 'move');
  assert.match(move, /2 bits of castling rights, 23 bits in all/);
  assert.match(move, /h1h8 .* takes the rights from KQkq to Qq/);
  assert.match(move, /total\s+23\s+31 of 32/);
  const pos = await correction(page, 'position');
  assert.match(pos, /takes 42 bytes/);
  assert.match(pos, /stores 44 bytes/);
  assert.match(pos, /15616 B, not 15488 B \(128 B more\)/);
  assert.match(await page.textContent('.budget-kernel'), /declares 31232 B for 128 invocations/);
  assert.match(await page.innerText('.why'), /B & R finds the queens \(2 here\)/);
  await shot(page, 'position-sources');
  const url = await follow(page, 'gpu');
  assert.ok(url.includes(`fen=${kiwi}`), url);
  assert.match(url, /wg=128/);
  // the GPU panel's real workgroup memory for 128 invocations, as the budget card said
  const chosen = await page.locator('tr.chosen td').allInnerTexts();
  assert.equal(chosen[0], '128');
  assert.equal(chosen[3], '31232');
  await context.close();
  assert.deepEqual(problems, []);
});
