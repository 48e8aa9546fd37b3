// The de Bruijn graph beside the derivation: each derivation step lights the
// edge of its window and the table row at once; an invalid magic's graph
// shows exactly the windows the CLI calls repeated and unused.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { newPage, shot, repo, useSite, bitscopeBin } from './harness.mjs';

const site = useSite();
const derivation = (page) => page.locator('.card', { hasText: 'Where the table comes from' });

test('stepping the derivation walks the graph, edge by edge with the table row', async () => {
  const { page, problems, context } = await newPage(site.browser, { viewport: { width: 1280, height: 900 } });
  for (const [width, edges] of [[8, 8], [16, 16], [64, 64]]) {
    await page.goto(`${site.server.url}#/debruijn?width=${width}`);
    const card = derivation(page);
    await card.locator('figure.debruijn-graph').waitFor();
    assert.equal(await card.locator('path.edge').count(), edges);
    assert.equal(await card.locator('path.edge.unused, path.edge.repeated').count(), 0, 'a valid magic reads every window once');
    // the count from the graph (BEST theorem) and the formula, side by side
    const n = Math.log2(width);
    const count = 2 * 2 ** (2 ** (n - 1) - n);
    assert.match(await card.locator('.best-count').textContent(), new RegExp(`: ${count} magics, the same as .* = ${count};`));
    const player = card.locator('.step-player');
    const steps = width === 64 ? 8 : width; // 64 bits: the first eight shifts
    for (let i = 0; i < steps; i++) {
      await player.locator('.step-controls .next').click();
      const row = card.locator('table.windows tr.current');
      assert.equal(await row.count(), 1);
      assert.equal(Number(await row.locator('td').first().textContent()), i, 'row = shift');
      const window = parseInt(await row.locator('td').nth(2).textContent(), 10);
      assert.equal(await card.locator('path.edge.current').getAttribute('data-window'), String(window), `${width} bits, shift ${i}`);
      assert.equal(await card.locator('g.node.leaving').getAttribute('data-node'), String(window >> 1));
      assert.equal(await card.locator('path.edge.walked').count(), i, 'the edges walked before');
    }
    await shot(page, `debruijn-graph-${width}`);
  }
  await context.close();
  assert.deepEqual(problems, []);
});

test('an invalid magic: repeated edges red, unused dashed, as the CLI says', async () => {
  const { page, problems, context } = await newPage(site.browser, { viewport: { width: 1280, height: 900 } });
  await page.goto(`${site.server.url}#/debruijn?width=16&magic=1234`);
  const card = derivation(page);
  await card.locator('figure.debruijn-graph').waitFor();
  const cli = JSON.parse(execFileSync(bitscopeBin,
    ['debruijn', 'graph', '--bits', '16', '0x1234', '--json']).toString().trim().split('\n').pop());
  const windows = async (cls) => (await card.locator(`path.edge.${cls}`).evaluateAll((ps) => ps.map((p) => Number(p.dataset.window)))).sort((a, b) => a - b);
  assert.deepEqual(await windows('repeated'), cli.repeated);
  assert.deepEqual(await windows('unused'), cli.unused);
  assert.ok(cli.repeated.length > 0 && cli.unused.length > 0);
  await shot(page, 'debruijn-graph-invalid');
  await context.close();
  assert.deepEqual(problems, []);
});

test('the search tree: played step by step, each leaf opens its magic', async () => {
  const { page, problems, context } = await newPage(site.browser, { viewport: { width: 1280, height: 900 } });
  await page.goto(`${site.server.url}#/debruijn?width=16&magic=1234`);
  const tree = page.locator('.search-tree');
  await tree.waitFor();
  assert.match(await tree.textContent(), /16 leaves .* 211 cuts/);
  // nothing played yet: all but the first node is drawn faint
  const later = () => tree.locator('g.tree-node.later').count();
  const before = await later();
  for (let i = 0; i < 10; i++) await tree.locator('.step-controls .next').click();
  assert.match(page.url(), /sstep=10/);
  assert.ok((await later()) < before, 'playing the search draws its nodes');
  // the 16 leaves are the 16 sequences with four leading zeros; open one
  assert.equal(await tree.locator('g.tree-node.leaf').count(), 16);
  const leaf = tree.locator('g.tree-node.leaf').nth(5);
  const magic = await leaf.getAttribute('data-magic');
  await leaf.click();
  await page.waitForSelector('.validity.ok');
  assert.equal(await page.inputValue('#magic'), `0x${magic.slice(2).padStart(4, '0')}`);
  await shot(page, 'debruijn-search-16');
  await context.close();
  assert.deepEqual(problems, []);
});

test('64-bit enumeration: live leaf and cut counts of the search, then every magic', async () => {
  const { page, problems, context } = await newPage(site.browser, { viewport: { width: 1280, height: 900 } });
  await page.goto(`${site.server.url}#/debruijn?width=64`);
  await page.waitForSelector('.validity.ok');
  // record every live count the panel shows, from inside the page
  await page.evaluate(() => {
    window.__live = [];
    new MutationObserver(() => {
      const q = (c) => document.querySelector(c)?.textContent;
      if (q('.enum-leaves')) window.__live.push([q('.enum-leaves'), q('.enum-cuts'), q('.enum-magics')].map(Number));
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  await page.click('.enum-run');
  await page.waitForSelector('.enum-live');
  await shot(page, 'debruijn-enumeration-live');
  await page.waitForSelector('.enum-count', { timeout: 120000 });
  assert.equal(await page.textContent('.enum-count'), '134217728');
  const live = await page.evaluate(() => window.__live);
  assert.ok(live.length >= 3, `several live counts: ${live.length}`);
  for (let i = 1; i < live.length; i++) {
    for (let k = 0; k < 3; k++) assert.ok(live[i][k] >= live[i - 1][k], `counts only grow: ${JSON.stringify(live.slice(i - 1, i + 1))}`);
  }
  const [leaves, cuts, magics] = live[live.length - 1];
  assert.ok(leaves > 1e6 && cuts > 0, `the half tree: ${leaves} leaves, ${cuts} cut`);
  assert.ok(magics > 0 && magics <= 134217728);
  assert.ok(live.some(([l, , m]) => l > 0 && m === 0), 'leaves counted while the tree grows, before any magic');
  await context.close();
  assert.deepEqual(problems, []);
});

test('the magic list: jump to any page, and the rank of a typed magic', async () => {
  const { page, problems, context } = await newPage(site.browser, { viewport: { width: 1280, height: 900 } });
  const bitscope = bitscopeBin;
  const nth = (n) => JSON.parse(execFileSync(bitscope, ['debruijn', 'nth', '--bits', '64', String(n), '--json']).toString().trim().split('\n').pop()).magic;
  await page.goto(`${site.server.url}#/debruijn?width=64`);
  await page.waitForSelector('.magic-list li');
  // the last page (4194304 of 32 magics): its first entry is magic 134217696
  await page.fill('.page-jump', '4194304');
  await page.press('.page-jump', 'Enter');
  await page.waitForFunction(() => document.querySelector('.magic-list')?.getAttribute('start') === '134217697', null, { timeout: 10000 });
  assert.match(page.url(), /page=4194303/);
  const last = await page.locator('.magic-list li').first().textContent();
  assert.equal(BigInt(last), BigInt(nth(134217696)));
  assert.equal(await page.locator('.magic-list li').count(), 32);
  // a page that does not exist: an error, the page stays
  await page.fill('.page-jump', '4194305');
  await page.press('.page-jump', 'Enter');
  await page.waitForSelector('.page-jump-error');
  assert.match(page.url(), /page=4194303/);
  // the rank of a magic from the middle of the list, and its page
  const middle = nth(67000000);
  await page.fill('.rank-input', middle);
  assert.match(await page.textContent('.rank-result'), /^rank 67000000 \(0-based\) of 134217728, page 2093751 /);
  await page.click('.rank-go');
  await page.waitForFunction(() => document.querySelector('.magic-list')?.getAttribute('start') === String(2093750 * 32 + 1), null, { timeout: 10000 });
  assert.equal(BigInt(await page.locator('.magic-list li').nth(67000000 - 2093750 * 32).textContent()), BigInt(middle));
  await shot(page, 'debruijn-list-rank');
  // not a magic: a typed error, nothing else moves
  await page.fill('.rank-input', '0x1234');
  await page.waitForSelector('.rank-error');
  assert.match(await page.textContent('.rank-error'), /not a 64-bit multiplier/);
  await context.close();
  assert.deepEqual(problems, []);
});
