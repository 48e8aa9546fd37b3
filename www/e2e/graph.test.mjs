// The de Bruijn graph beside the derivation: each derivation step lights the
// edge of its window and the table row at once; an invalid magic's graph
// shows exactly the windows the CLI calls repeated and unused.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { newPage, shot, repo, useSite } from './harness.mjs';

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
  const cli = JSON.parse(execFileSync(join(repo, 'target', 'release', 'bitscope'),
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
