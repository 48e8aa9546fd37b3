// Bring your own engine: a whole magic table checked in the Magic panel
// (board of squares, open one in the stepper, repair, bad input), a perft
// suite run on the worker pool in the Position panel (a changed count fails
// its line, a click opens it, cancel), and a divide compared with another
// engine's (differing rows, descend by a click, the path in the link,
// breadcrumbs back up). Every number is checked against the CLI.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { newPage, repo, shot, useSite, bitscopeBin } from './harness.mjs';

const site = useSite();
const bin = bitscopeBin;
const KIWIPETE = 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1';

/** The CLI's JSON (last stdout line), whatever its exit status (1 = invalid). */
function cli(...args) {
  let stdout;
  try {
    stdout = execFileSync(bin, [...args, '--json'], { encoding: 'utf8' });
  } catch (e) {
    if (e.status !== 1) throw e;
    stdout = e.stdout;
  }
  const out = stdout.trim().split('\n');
  return JSON.parse(out[out.length - 1]);
}

async function invalidSquares(page) {
  return (await page.locator('.tsq.invalid').evaluateAll((els) => els.map((e) => e.dataset.square))).sort();
}

test('magic: a whole engine table, its board, a square in the stepper, repair', async () => {
  const { page, problems, context } = await newPage(site.browser, { viewport: { width: 1280, height: 1000 } });
  await page.goto(`${site.server.url}#/magic`);
  await page.waitForSelector('.magic-table');
  await page.click('.table-example');
  await page.waitForSelector('.table-board');
  assert.equal(await page.locator('.tsq.valid').count(), 64);
  const rookFile = join(repo, 'tests', 'data', 'magicmoves_rook.c');
  const native = cli('magic', 'check-table', '--piece', 'rook', rookFile);
  assert.equal(native.valid_squares, 64);
  assert.equal(await page.textContent('.table-valid'), '64 of 64 squares valid');
  assert.equal(await page.textContent('.table-size'), `${native.size_kb.toFixed(1)} KB (the usual layout: 800.0 KB)`);
  assert.equal(await page.textContent('.tsq[data-square="a8"] .tsq-bits'), '11');

  // two corrupted magics: exactly those squares red, as the CLI says
  const text = readFileSync(rookFile, 'utf8');
  const bad = text.replace('0x0000080080100080', '0x0000000000000005').replace('0x0080081000200080', '0x0000000000000003');
  await page.fill('#magic-table-text', bad);
  await page.waitForFunction(() => document.querySelectorAll('.tsq.invalid').length === 2);
  assert.deepEqual(await invalidSquares(page), ['c1', 'd4']);
  assert.equal(await page.textContent('.table-valid'), '62 of 64 squares valid');
  await shot(page, 'engine-table-board');

  // bad input: 63 entries and a non-number; the board stays as it was
  await page.fill('#magic-table-text', bad.replace(', C64(0x0001FFFAABFAD1A2)\n};', '\n};'));
  assert.match(await page.textContent('[data-error-for="magic-table-text"]'), /63 magics where a table has 64/);
  assert.deepEqual(await invalidSquares(page), ['c1', 'd4']);
  await page.fill('#magic-table-text', bad.replace('C64(0x0000800100020080)', 'C64(0x00008001000zz080)'));
  assert.match(await page.textContent('[data-error-for="magic-table-text"]'), /line \d+: "C64\(0x00008001000zz080\)" is not a number/);
  assert.deepEqual(await invalidSquares(page), ['c1', 'd4']);
  await shot(page, 'engine-table-bad-input');

  // a click opens the square in the stepper with its magic and bits
  await page.click('.tsq[data-square="d4"]');
  await page.waitForFunction(() => /sq=d4/.test(location.hash) && /magic=5(&|$)/.test(location.hash) && /bits=10/.test(location.hash));
  assert.equal(await page.inputValue('#magic-square'), 'd4');
  await page.waitForSelector('.validity.bad');

  // repair: the table printed back in its own form, and it checks valid
  await page.fill('#magic-table-text', bad);
  await page.waitForFunction(() => document.querySelectorAll('.tsq.invalid').length === 2);
  await page.click('.table-repair');
  await page.waitForSelector('.table-repaired-text');
  const repaired = await page.textContent('.table-repaired-text');
  assert.equal(repaired.split('\n').length, bad.split('\n').length);
  assert.match(repaired, /C64\(0x[0-9A-F]{16}\)/);
  await shot(page, 'engine-table-repaired');
  await page.click('.table-check-repaired');
  await page.waitForFunction(() => document.querySelectorAll('.tsq.valid').length === 64);
  // and the 12-bit fixed shift is more bits than most masks: still valid
  const fixed = cli('magic', 'check-table', '--piece', 'rook', rookFile, '--shifts', '52');
  assert.equal(fixed.valid_squares, 64);
  // more index bits than the mask in the stepper's choice too
  await page.selectOption('select.magic-bits', '13');
  await page.waitForFunction(() => /bits=13/.test(location.hash));
  await context.close();
  assert.deepEqual(problems, []);
});

test('magic: find a whole table in the worker, as magic find --all finds it, and the board checks it', async () => {
  const { page, problems, context } = await newPage(site.browser, { viewport: { width: 1280, height: 1000 } });
  await page.goto(`${site.server.url}#/magic?piece=bishop`);
  await page.click('.find-all');
  await page.waitForSelector('.find-all-done', { timeout: 60000 });
  await page.waitForFunction(() => document.querySelector('.table-valid')?.textContent === '64 of 64 squares valid');
  const text = await page.inputValue('#magic-table-text');
  assert.match(text, /const uint64_t BISHOP_MAGICS\[64\] = \{/);
  // the CLI with the page's seed: the same 64 magics, in the same order
  const native = cli('magic', 'find', '--all', '--piece', 'bishop', '--seed', '1');
  assert.equal(native.squares.length, 64);
  const pageMagics = [...text.matchAll(/0x([0-9a-f]{16})ULL/g)].map((m) => `0x${m[1]}`);
  assert.deepEqual(pageMagics, native.squares.map((s) => s.magic));
  await shot(page, 'magic-find-all');
  assert.deepEqual(problems, []);
  await context.close();
});

test('position: a perft suite on the workers, a failing line opens, cancel', async () => {
  const { page, problems, context } = await newPage(site.browser, { viewport: { width: 1280, height: 1000 } });
  await page.goto(`${site.server.url}#/position`);
  await page.waitForSelector('.suite-run');
  const classic = readFileSync(join(repo, 'tests', 'data', 'perftsuite.epd'), 'utf8').split('\n');
  // six lines, line 4's D3 changed, and a line with no FEN (line 7)
  const lines = classic.slice(2, 8);
  assert.match(lines[3], /;D3 493 /);
  lines[3] = lines[3].replace(';D3 493 ', ';D3 494 ');
  const text = `${lines.join('\n')}\n;D1 20\n`;
  await page.fill('#suite-text', text);
  assert.match(await page.textContent('.suite-error'), /line 7: no FEN before the first ';'/);
  await page.selectOption('select.suite-budget', '100000');
  await page.click('.suite-run');
  await page.waitForSelector('.suite-done', { timeout: 60000 });
  assert.equal(await page.locator('tr.suite-line').count(), 6);
  const fails = await page.locator('tr.suite-line.fail').evaluateAll((els) => els.map((e) => e.dataset.line));
  assert.deepEqual(fails, ['4']);
  assert.match(await page.textContent('tr.suite-line.fail'), /D3 493 \(expected 494\)/);
  assert.equal(await page.textContent('.suite-verdict'), 'FAILED on line 4');
  // the CLI agrees on the same text
  const nativeOut = (() => {
    try {
      return execFileSync(bin, ['perft', '--epd', '-', '--max-nodes', '100000', '--json'], { input: text, encoding: 'utf8', stdio: ['pipe', 'pipe', 'ignore'] });
    } catch (e) {
      assert.equal(e.status, 2, 'a line cannot be read');
      return e.stdout;
    }
  })();
  const native = JSON.parse(nativeOut.trim().split('\n').pop());
  assert.deepEqual(native.summary.failed, [4]);
  assert.equal(await page.locator('.suite-summary').textContent().then((t) => t.includes(`${native.summary.counts_checked} counts checked`)), true);
  await shot(page, 'engine-suite');
  // a click opens the line's position
  await page.click('tr.suite-line.fail');
  const fen = lines[3].split(' ;')[0];
  await page.waitForFunction((f) => document.querySelector('#fen').value === f, fen);
  assert.match(await page.textContent('.panel.position .stats'), /white to move/);

  // the whole classic suite at a big budget: cancel stops it
  await page.click('.suite-load');
  await page.selectOption('select.suite-budget', '10000000');
  await page.click('.suite-run');
  await page.waitForSelector('.suite-progress progress');
  await page.click('.suite-cancel');
  await page.waitForSelector('.suite-cancelled');
  await context.close();
  assert.deepEqual(problems, []);
});

test('position: a divide against another engine, descend, the path as a link', async () => {
  const { page, problems, context } = await newPage(site.browser, { viewport: { width: 1280, height: 1000 } });
  await page.goto(`${site.server.url}#/position?fen=${encodeURIComponent(KIWIPETE)}&depth=3`);
  await page.waitForSelector('.compare-run');
  const ours = cli('perft', '3', '--fen', KIWIPETE, '--divide').divide;
  const lines = ours.map(([m, n]) => `${m}: ${n}`);
  const reference = `${lines.join('\n')}\n\nNodes searched: 97862\n`;
  const e1g1 = ours.find(([m]) => m === 'e1g1')[1];
  const changed = reference
    .replace(`e1g1: ${e1g1}\n`, `e1g1: ${e1g1 + 1}\n`)
    .replace(/a2a4: \d+\n/, '')
    .concat('e1c3: 7\n');
  await page.fill('#divide-text', changed);
  await page.click('.compare-run');
  await page.waitForSelector('.compare-done', { timeout: 60000 });
  const rows = async (kind) => page.locator(`tr.compare-row.${kind}`).evaluateAll((els) => els.map((e) => e.dataset.move));
  assert.deepEqual(await rows('differ'), ['e1g1']);
  assert.deepEqual(await rows('missing'), ['a2a4']);
  assert.deepEqual(await rows('extra'), ['e1c3']);
  assert.equal(await page.locator('tr.compare-row').count(), 49);
  assert.equal(await page.textContent('.compare-verdict'), '1 differ, 1 missing, 1 extra');
  await shot(page, 'engine-compare');

  // a line that is not a move: its error beside the field, the rows stay
  await page.fill('#divide-text', 'e2e4: 20\nzz9: 5\n');
  assert.match(await page.textContent('.divide-error'), /line 2: "zz9" is not a move/);
  assert.deepEqual(await rows('differ'), ['e1g1']);

  // descend into e1g1: the path in the link, depth 2, black to move
  await page.click('tr.compare-row[data-move="e1g1"]');
  await page.waitForFunction(() => /path=e1g1/.test(location.hash) && /depth=2/.test(location.hash));
  assert.deepEqual(await page.locator('.breadcrumbs .crumb').allTextContents(), ['root', 'e1g1']);
  const next = cli('perft', '2', '--fen', 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R4RK1 b kq - 1 1', '--divide');
  assert.equal(next.nodes, e1g1);
  await page.fill('#divide-text', next.divide.map(([m, n]) => `${m} ${n}`).join('\n'));
  await page.click('.compare-run');
  await page.waitForSelector('.compare-done', { timeout: 60000 });
  assert.equal(await page.textContent('.compare-verdict'), 'every move and count agree');
  await page.click('tr.compare-row[data-move="a8b8"]');
  await page.waitForFunction(() => /path=e1g1\.a8b8/.test(location.hash) && /depth=1/.test(location.hash));
  await shot(page, 'engine-compare-descended');
  const link = page.url();

  // the link reopens the same hunt; the breadcrumbs go back up
  const second = await newPage(site.browser, { viewport: { width: 1280, height: 1000 } });
  await second.page.goto(link);
  await second.page.waitForSelector('.breadcrumbs');
  assert.deepEqual(await second.page.locator('.breadcrumbs .crumb').allTextContents(), ['root', 'e1g1', 'a8b8']);
  assert.match(await second.page.textContent('.compare-command'), /^bitscope perft 1 --fen "1r2k2r\/p1ppqpb1\/bn2pnp1\/3PN3\/1p2P3\/2N2Q1p\/PPPBBPPP\/R4RK1 w k - 2 2"/);
  await second.page.click('.breadcrumbs .crumb[data-ply="0"]');
  await second.page.waitForFunction(() => !/path=/.test(location.hash) && /depth=3/.test(location.hash));
  await second.context.close();
  await context.close();
  assert.deepEqual([...problems, ...second.problems], []);
});
