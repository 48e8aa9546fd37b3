// Magic bitboards: the lookup stepped and checked against the CLI, a click
// on the occupancy, a bad magic's breaking collisions, bad input that keeps
// the last good state, a magic found in the worker (and one cancelled), the
// URL round trip, and the browser's time to find a magic for every square.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { newPage, repo, shot, useSite, bitscopeBin } from './harness.mjs';

const site = useSite();
const bin = bitscopeBin;

/** The CLI's JSON (its last stdout line); `magic check` exits 1 for a
 * magic that is not valid, with its JSON all the same. */
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

async function stepToEnd(page) {
  const player = page.locator('.step-player').first();
  for (let guard = 0; guard < 20; guard++) {
    const [k, n] = (await player.locator('.step-count').textContent()).match(/\d+/g).map(Number);
    if (k === n) return;
    await player.locator('.step-controls .next').click();
  }
  throw new Error('the step player never reached its last step');
}

test('magic bitboards: lookup, validation, bad input, find, cancel, link', async () => {
  const { page, problems, context } = await newPage(site.browser, { viewport: { width: 1280, height: 1000 } });
  await page.goto(`${site.server.url}#/magic`);
  await page.waitForSelector('.magic-index');
  assert.equal(await page.inputValue('#magic-square'), 'd4');
  await page.waitForSelector('.validity.ok');

  // a blocker on d2, then the five steps: index and attack set as the CLI says
  await page.click('.occ-grid [data-square="d2"]');
  await page.waitForFunction(() => /occ=[0-9a-f]*0800/.test(location.hash));
  await stepToEnd(page);
  assert.equal(await page.textContent('.step-count'), 'step 5 of 5');
  const occ = await page.inputValue('#magic-occ');
  const t = cli('trace', 'magic-lookup', '--piece', 'rook', '--square', 'd4', '--occupancy', occ);
  assert.equal(await page.textContent('.result-value'), t.result);
  assert.equal(await page.textContent('.magic-attack'), t.result);
  assert.equal(await page.textContent('.magic-walk'), t.result, 'the table agrees with the ray walk');
  assert.equal(Number(await page.textContent('.magic-index')), parseInt(t.steps[3].value, 16));
  await shot(page, 'magic-lookup');

  // bad input: a square like i9 and a magic that does not parse keep the last good state
  const good = page.url();
  const index = await page.textContent('.magic-index');
  await page.fill('#magic-square', 'i9');
  assert.match(await page.textContent('[data-error-for="magic-square"]'), /'i9' is not a square name/);
  await page.fill('#magic-magic', '0xzz');
  await page.waitForSelector('[data-error-for="magic-magic"]');
  assert.equal(page.url(), good);
  assert.equal(await page.textContent('.magic-index'), index);
  await page.fill('#magic-fen', '8/8/8');
  assert.match(await page.textContent('[data-error-for="magic-fen"]'), /FEN/);
  assert.equal(page.url(), good);
  await shot(page, 'magic-bad-input');
  await page.fill('#magic-square', 'd4');

  // a FEN's occupied squares become the occupancy
  await page.fill('#magic-fen', '8/8/3p4/8/1P1R2p1/8/8/8 w - - 0 1');
  await page.waitForFunction(() => /occ=8004a000000(&|$)/.test(location.hash));

  // a bad magic: breaking collisions, as many as the CLI counts
  await page.fill('#magic-magic', '1');
  await page.waitForSelector('.validity.bad');
  const report = cli('magic', 'check', '--piece', 'rook', '--square', 'd4', '1');
  const breaking = report.breaking;
  assert.ok(breaking > 0);
  assert.ok(report.collisions.length <= 16, 'the CLI lists the first 16');
  assert.equal(Number(await page.textContent('.magic-breaking')), breaking);
  assert.equal(Number(await page.textContent('.magic-harmless')), report.harmless);
  assert.ok(await page.locator('tr.collision.breaking').count() > 0);
  assert.equal(await page.locator('pre.export-rust').count(), 0);
  await stepToEnd(page);
  assert.match(await page.textContent('.step.current .step-note'), /NOT valid/);
  await shot(page, 'magic-invalid');
  await page.click('.magic-builtin');
  await page.waitForSelector('.validity.ok');
  assert.match(await page.textContent('pre.export-rust'), /pub const ROOK_D4_MAGIC: u64 = 0x4600240900100100;/);
  assert.match(await page.textContent('pre.export-c'), /#define ROOK_D4_SHIFT 54/);

  // find a 10-bit magic for d4 in the worker (the magic 1 is no good), and use it
  await page.fill('#magic-magic', '1');
  await page.waitForSelector('.validity.bad');
  await page.click('.find-run');
  await page.waitForSelector('.find-done', { timeout: 120000 });
  const found = await page.textContent('.found-magic');
  console.log(`# rook d4, 10 bits, in Chromium: ${(await page.innerText('.find-done')).replace(/\s+/g, ' ')}`);
  const native = cli('magic', 'find', '--piece', 'rook', '--square', 'd4', '--seed', '1');
  assert.equal(found, native.magic, 'the same seed finds the same magic in the browser');
  assert.equal(Number(await page.textContent('.found-attempts')), native.attempts);
  await page.click('.find-use');
  await page.waitForSelector('.validity.ok');
  assert.match(page.url(), /bits=10/);
  assert.match(page.url(), new RegExp(`magic=${found.replace(/^0x0*/, '')}(&|$)`));
  await shot(page, 'magic-found');

  // one bit fewer (9): the search runs on, with progress, until cancelled
  await page.selectOption('select.magic-bits', '9');
  await page.waitForFunction(() => /bits=9/.test(location.hash));
  await page.click('.find-run');
  await page.waitForSelector('.find-attempts', { timeout: 30000 });
  await page.waitForFunction(() => Number(document.querySelector('.find-attempts')?.textContent) > 0);
  await shot(page, 'magic-finding');
  await page.click('.find-cancel');
  await page.waitForSelector('.find-cancelled');

  // the link reopens the same view
  await page.click('.tab[data-piece="bishop"]');
  await page.click('.occ-grid [data-square="c3"]');
  await page.locator('.step-controls .next').first().click();
  const link = page.url();
  const view = async (p) => ({
    index: await p.textContent('.magic-index'),
    attack: await p.textContent('.magic-attack'),
    magic: await p.inputValue('#magic-magic'),
    occ: await p.inputValue('#magic-occ'),
    square: await p.inputValue('#magic-square'),
    bits: await p.inputValue('select.magic-bits'),
    step: await p.textContent('.step-count'),
  });
  const before = await view(page);
  const second = await newPage(site.browser, { viewport: { width: 1280, height: 1000 } });
  await second.page.goto(link);
  await second.page.waitForSelector('.magic-index');
  assert.deepEqual(await view(second.page), before);
  assert.equal(second.page.url(), link);
  assert.equal(before.step, 'step 2 of 5');

  // the see-also link opens the de Bruijn scan, and its link comes back
  await second.page.click('a.panel-link[data-link="debruijn"]');
  await second.page.waitForSelector('.panel.debruijn');
  await second.page.click('a.panel-link[data-link="magic"]');
  await second.page.waitForSelector('.panel.magic');
  await second.context.close();
  await context.close();
  assert.deepEqual([...problems, ...second.problems], []);
});

test('magic bitboards: find on all 64 squares of each piece in the browser', async () => {
  for (const piece of ['rook', 'bishop']) {
    const { page, problems, context } = await newPage(site.browser);
    await page.goto(`${site.server.url}#/magic?piece=${piece}&sq=a1`);
    await page.waitForSelector('.magic-index');
    let seconds = 0;
    let attempts = 0;
    const wall = Date.now();
    for (let i = 0; i < 64; i++) {
      const sq = 'abcdefgh'[i % 8] + (1 + Math.floor(i / 8));
      if (i > 0) await page.click(`.mask-grid [data-square="${sq}"]`);
      await page.waitForFunction((s) => location.hash.includes(`sq=${s}`) && !document.querySelector('.find-done'), sq);
      await page.click('.find-run');
      await page.waitForSelector('.find-done', { timeout: 60000 });
      seconds += parseFloat(await page.textContent('.found-seconds'));
      attempts += Number(await page.textContent('.found-attempts'));
    }
    // the seeds are 1..=64, as in `bitscope bench magic`
    console.log(`# magic find in Chromium, ${piece}, 64 squares, usual bits: ${seconds.toFixed(3)} s in the worker (${((Date.now() - wall) / 1000).toFixed(1)} s wall), ${attempts} attempts`);
    await context.close();
    assert.deepEqual(problems, []);
  }
});
