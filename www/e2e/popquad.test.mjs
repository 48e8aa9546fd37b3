// Issue 13: the Popcount and Quad-bitboards panels. Every value the page
// shows is compared with the CLI's (`bitscope trace popcount|quad --json`);
// bad input keeps the last good state; each panel's link reopens the same.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { eventually, newPage, repo, shot, useSite, bitscopeBin } from './harness.mjs';

const site = useSite();
const VIEW = { viewport: { width: 1280, height: 900 } };

/** The CLI's trace as JSON. */
function cli(...args) {
  const out = execFileSync(bitscopeBin, ['trace', ...args, '--json'], { encoding: 'utf8' });
  return JSON.parse(out.trim().split('\n').pop());
}

/** Clicks "next" until the step player in `scope` shows its last step. */
async function stepToEnd(page, scope) {
  const player = page.locator(`${scope} .step-player`).first();
  for (let guard = 0; guard < 200; guard++) {
    const [k, n] = (await player.locator('.step-count').textContent()).match(/\d+/g).map(Number);
    if (k === n) return;
    await player.locator('.step-controls .next').click();
  }
  throw new Error('the step player never reached its last step');
}

/** The panel's text and field values, for comparing a reopened link. */
async function snapshot(page) {
  await page.waitForTimeout(300);
  return page.evaluate(() => {
    const panel = document.querySelector('main#panel');
    const fields = [...panel.querySelectorAll('input, select')].map((e) => `${e.id || e.className}=${e.value}`);
    return { text: panel.innerText, fields };
  });
}

async function reopens(page) {
  const link = page.url();
  const before = await snapshot(page);
  const second = await newPage(site.browser, VIEW);
  await second.page.goto(link);
  await second.page.waitForSelector('main#panel section.panel');
  const after = await snapshot(second.page);
  assert.deepEqual(after.fields, before.fields, `fields after reopening ${link}`);
  assert.equal(after.text, before.text, `text after reopening ${link}`);
  assert.equal(second.page.url(), link, 'reopening rewrites nothing');
  await second.context.close();
  assert.deepEqual(second.problems, []);
}

test('popcount: SWAR lanes, Kernighan, count_ones against the CLI, every width', async () => {
  const { page, problems, context } = await newPage(site.browser, VIEW);
  await page.goto(`${site.server.url}#/popcount`);
  await page.waitForSelector('.pop-answers');
  for (const width of [8, 16, 32, 64]) {
    await page.click(`.tab[data-choice="width=${width}"]`);
    const x = { 8: '0xb6', 16: '0x8001', 32: '0xdeadbeef', 64: '0xf0f0000000000001' }[width];
    await page.fill('#pop-x', x);
    const want = cli('popcount', x, '--width', String(width));
    await page.waitForFunction((n) => document.querySelector('.pop-hardware')?.textContent === String(n), want.result);
    assert.equal(await page.textContent('.pop-swar'), String(want.result));
    assert.equal(await page.textContent('.pop-kernighan'), String(want.result));
    // step the SWAR count: each lane step's table equals the CLI's cells
    const swar = '.pop-swar-card';
    assert.equal(await page.textContent(`${swar} .step-count`), `step 1 of ${want.steps.length}`);
    for (let i = 1; i < want.steps.length; i++) {
      await page.locator(`${swar} .step-controls .next`).click();
      const step = want.steps[i];
      // the page renders after the click: wait for the count, then read
      const count = `step ${i + 1} of ${want.steps.length}`;
      await eventually(() => page.textContent(`${swar} .step-count`), count, `width ${width} ${count}`);
      await eventually(() => page.textContent(`${swar} .step.current .readouts .hex`), step.value, `width ${width} step ${i}`);
      if (step.lane_bits && step.cells) {
        const held = await page.locator('table.lane-checks tbody td:nth-child(2)').allTextContents();
        assert.deepEqual(held.map(Number).reverse(), step.cells, `width ${width} step ${i} lanes`);
        assert.equal(await page.locator('table.lane-checks td.bad').count(), 0);
        if (width === 16 && i === 2) await shot(page, 'popcount-16-nibble-lanes');
      }
    }
    assert.equal(await page.textContent(`${swar} .result-value`), String(want.result));
    await stepToEnd(page, '.pop-kernighan-card');
    assert.equal(await page.textContent('.pop-kernighan-card .result-value'), String(want.result));
    if (width === 8) await shot(page, 'popcount-8');
  }
  assert.match(page.url(), /width=64/);
  assert.match(page.url(), /x=f0f0000000000001/);
  await shot(page, 'popcount-64');
  await reopens(page);
  // a bad word: the error beside the field, the count stays
  await page.fill('#pop-x', '0x1_0000_0000_0000_0000');
  assert.match(await page.textContent('.number-input .error'), /does not fit in 64 bits/);
  assert.equal(await page.textContent('.pop-hardware'), '9');
  await page.fill('#pop-x', '0xg');
  assert.match(await page.textContent('.number-input .error'), /not a hex digit/);
  assert.equal(await page.textContent('.pop-swar'), '9');
  await shot(page, 'popcount-bad-input');
  await context.close();
  assert.deepEqual(problems, []);
});

test('quad: four boards, both conversions, a read, every set, against the CLI', async () => {
  const { page, problems, context } = await newPage(site.browser, VIEW);
  await page.goto(`${site.server.url}#/quad`);
  await page.waitForSelector('.quad-boards');
  const kiwipete = 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1';
  const boards = async () => (await page.locator('.quad-board .grid-hex').allTextContents()).map((t) => t.trim());
  assert.deepEqual(await boards(), cli('quad', '--fen', kiwipete).result.quad);
  const start = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
  await page.fill('#quad-fen', start);
  const want = cli('quad', '--fen', start).result.quad;
  assert.deepEqual(want, ['0x2cff00000000ff2c', '0x7600000000000076', '0x9900000000000099', '0xffff000000000000']);
  assert.deepEqual(await boards(), want);
  // nibbles -> quad: each step's value is board k
  await page.click('.tab[data-op="to"]');
  for (let k = 0; k < 4; k++) {
    assert.equal(await page.textContent('.step.current .readouts .hex'), want[k], `board ${k}`);
    if (k < 3) await page.locator('.step-controls .next').click();
  }
  await shot(page, 'quad-to-boards');
  // quad -> nibbles ends on the nibble board's words
  await page.click('.tab[data-op="from"]');
  await stepToEnd(page, '.cols');
  assert.equal(await page.textContent('.result-value'), cli('nibble-board', '--fen', start).result.join(' '));
  // click e1: its code gathered bit by bit is 6, the white king
  await page.click('.cols button[data-square="e1"]');
  assert.match(page.url(), /op=read/);
  await stepToEnd(page, '.cols');
  assert.equal(await page.textContent('.result-value'), '6');
  assert.match(await page.textContent('.quad-square'), /e1 = bit 4: code 6 = 0110 = white king/);
  await shot(page, 'quad-read-e1');
  // every set: its result is the plain filter (the last note says ✓)
  for (const set of ['occupied', 'white', 'black', 'pawns', 'knights', 'bishops', 'rooks', 'queens', 'kings', 'diagonal', 'orthogonal', 'sliders']) {
    await page.selectOption('select.quad-set', set);
    await stepToEnd(page, '.cols');
    assert.match(await page.textContent('.step.current .step-note'), /✓/, set);
  }
  assert.equal(await page.textContent('.result-value'), '0xad000000000000ad');
  await shot(page, 'quad-sliders');
  await reopens(page);
  // a bad FEN: a typed message, the boards stay
  await page.fill('#quad-fen', 'rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR');
  assert.match(await page.textContent('.fen-error'), /rank 6/);
  assert.deepEqual(await boards(), want);
  assert.equal(await page.textContent('.result-value'), '0xad000000000000ad');
  await shot(page, 'quad-bad-fen');
  // to the nibble board with the same position, and back through its see-also
  await page.click('a.panel-link[data-link="nibble-board"]');
  await page.waitForSelector('.byte-grid');
  assert.equal(await page.inputValue('#nibble-fen'), start);
  await page.click('.see-also a.panel-link[data-link="quad"]');
  await page.waitForSelector('.quad-boards');
  assert.deepEqual(await boards(), want);
  await context.close();
  assert.deepEqual(problems, []);
});
