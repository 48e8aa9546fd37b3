// The GPU panel: a perft through WebGPU (SwiftShader in headless Chromium)
// that agrees with the CPU perft of the wasm worker, for both kernel
// variants; and, in a browser without WebGPU, a plain message and the CPU perft.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { chromium } from 'playwright-core';
import { newPage, shot, CHROMIUM_ARGS, useSite } from './harness.mjs';

const site = useSite();

test('GPU perft through WebGPU matches the CPU, both variants', async () => {
  const { page, problems, context } = await newPage(site.browser, { viewport: { width: 1280, height: 900 } });
  await page.goto(`${site.server.url}#/gpu?depth=3`);
  await page.waitForSelector('.adapter-name', { timeout: 60000 });
  console.log(`# WebGPU adapter: ${await page.textContent('.adapter-name')}`);
  assert.ok(Number(await page.textContent('.adapter-limit')) >= 16384);
  await page.selectOption('select.preset', { label: 'kiwipete' });
  for (const variant of ['workgroup', 'private']) {
    await page.selectOption('select.gpu-variant', variant);
    await page.click('.gpu-run');
    await page.waitForSelector('.gpu-match, .gpu-mismatch, .gpu-error', { timeout: 180000 });
    assert.equal(await page.locator('.gpu-mismatch, .gpu-error').count(), 0, await page.innerText('.panel'));
    assert.equal(await page.textContent('.gpu-nodes'), '97862');
    assert.equal(await page.textContent('.cpu-nodes'), '97862');
    console.log(`# ${variant}: ${(await page.innerText('.gpu-result table')).replace(/\s+/g, ' ')}`);
    await shot(page, `gpu-${variant}`);
  }
  await context.close();
  assert.deepEqual(problems, []);
});

test('breadth-first with a hash table counts Kiwipete 4 as the CPU does, and says how often it hit', async () => {
  const { page, problems, context } = await newPage(site.browser, { viewport: { width: 1280, height: 900 } });
  await page.goto(`${site.server.url}#/gpu?depth=4&variant=breadth-first&hash=16&merge=0`);
  await page.waitForSelector('.adapter-name', { timeout: 60000 });
  assert.equal(await page.inputValue('select.gpu-hash'), '16');
  await page.selectOption('select.preset', { label: 'kiwipete' });
  await page.click('.gpu-run');
  await page.waitForSelector('.gpu-match, .gpu-mismatch, .gpu-error', { timeout: 180000 });
  assert.equal(await page.locator('.gpu-mismatch, .gpu-error').count(), 0, await page.innerText('.panel'));
  assert.equal(await page.textContent('.gpu-nodes'), '4085603');
  const counts = await page.textContent('.gpu-hash-counts');
  console.log(`# ${counts}`);
  assert.match(counts, /of 2039 positions/); // (Kiwipete has 2,039 positions two plies down)
  assert.match(page.url(), /hash=16/);
  await context.close();
  assert.deepEqual(problems, []);
});

test('merged breadth-first: start perft 5 exact, nodes and distinct positions per ply drawn on a log scale', async () => {
  const { page, problems, context } = await newPage(site.browser, { viewport: { width: 1280, height: 1000 } });
  await page.goto(`${site.server.url}#/gpu?depth=5&variant=breadth-first`);
  await page.waitForSelector('.adapter-name', { timeout: 60000 });
  assert.equal(await page.isChecked('input.gpu-merge'), true, 'merging is on by default');
  await page.click('.gpu-run');
  await page.waitForSelector('.gpu-match, .gpu-mismatch, .gpu-error', { timeout: 180000 });
  assert.equal(await page.locator('.gpu-mismatch, .gpu-error').count(), 0, await page.innerText('.panel'));
  assert.equal(await page.textContent('.gpu-nodes'), '4865609');
  // (by ply: a ply walked through inside the leaf kernel has a row of words, no figures)
  const byPly = async (cls) => Object.fromEntries(await page.locator('.levels-table tbody tr').evaluateAll(
    (rows, c) => rows.map((r) => [r.cells[0].textContent, r.querySelector(`.${c}`)?.textContent]), cls));
  const distinct = await byPly('level-distinct');
  const nodes = await byPly('level-nodes');
  console.log(`# nodes per ply: ${JSON.stringify(nodes)}; distinct: ${JSON.stringify(distinct)}`);
  assert.deepEqual([0, 1, 2, 3].map((p) => distinct[p]), ['1', '20', '400', '5362']);
  assert.equal(nodes[3], '8902');
  assert.equal(nodes[5], '4865609');
  assert.ok(await page.locator('.levels-chart .levels-nodes circle').count() >= 5);
  assert.ok(await page.locator('.levels-chart .levels-distinct rect').count() >= 4);
  // a ply with no level of its own (the fused leaf's) is marked on the chart, with a note
  const plies = (await page.locator('.levels-table tbody tr td:first-child').allTextContents()).map(Number);
  const skipped = [0, 1, 2, 3, 4, 5].filter((p) => !plies.includes(p));
  assert.equal(await page.locator('.levels-chart .skipped-ply').count(), skipped.length);
  assert.equal(await page.locator('.levels-chart .chart-note').count(), skipped.length ? 1 : 0);
  // a "—" is explained, and a ply with no figure at all says why (issue 66)
  assert.match(await page.textContent('.levels-note'), /where a figure does not exist/);
  for (const row of await page.locator('.levels-table tr.level-walked').allTextContents()) assert.match(row, /walked through inside the leaf kernel/);
  await page.locator('.levels-chart').scrollIntoViewIfNeeded();
  await shot(page, 'gpu-merged-levels');
  // off: the plain walk, no chart, the same count; the URL says so
  await page.uncheck('input.gpu-merge');
  assert.match(page.url(), /merge=0/);
  await page.click('.gpu-run');
  await page.waitForSelector('.levels-chart', { state: 'detached', timeout: 60000 });
  await page.waitForSelector('.gpu-match, .gpu-mismatch, .gpu-error', { timeout: 180000 });
  assert.equal(await page.textContent('.gpu-nodes'), '4865609');
  assert.equal(await page.locator('.levels-chart').count(), 0);
  await context.close();
  assert.deepEqual(problems, []);
});

test('the leaf level through a table: start perft 5 exact, each of ply 3\'s 8,902 lookups counted, the hit rate beside the distinct positions', async () => {
  const { page, problems, context } = await newPage(site.browser, { viewport: { width: 1280, height: 1000 } });
  await page.goto(`${site.server.url}#/gpu?depth=5&variant=breadth-first`);
  await page.waitForSelector('.adapter-name', { timeout: 60000 });
  assert.equal(await page.isChecked('input.gpu-leaf-table'), false, 'off by default');
  await page.check('input.gpu-leaf-table');
  assert.match(page.url(), /leaf=1/);
  await page.click('.gpu-run');
  await page.waitForSelector('.gpu-match, .gpu-mismatch, .gpu-error', { timeout: 180000 });
  assert.equal(await page.locator('.gpu-mismatch, .gpu-error').count(), 0, await page.innerText('.panel'));
  assert.equal(await page.textContent('.gpu-nodes'), '4865609');
  const hits = await page.locator('.levels-table .level-hits').allTextContents();
  console.log(`# table hits per ply: ${hits.join(' | ')}`);
  // ply 3 counted unmerged: the children of ply 2's 400 distinct positions, each looked up once
  const ply3 = hits.find((h) => h !== '—');
  assert.match(ply3, /^\d+% of 8902$/);
  assert.ok(Number(ply3.split('%')[0]) > 0, ply3);
  await page.locator('.levels-table').scrollIntoViewIfNeeded();
  await shot(page, 'gpu-leaf-table');
  // the setup (the table's kernels compiled at their first dispatch) is
  // outside the timing: a second run takes as long as the first, give or
  // take (it took 2.0 s, then 0.018 s, when the warm-up missed them)
  const seconds = async () => Number((await page.textContent('.gpu-seconds')).replace(' s', ''));
  const first = await seconds();
  await page.click('.gpu-run');
  await page.waitForSelector('.gpu-match, .gpu-mismatch, .gpu-error', { timeout: 180000 });
  const second = await seconds();
  console.log(`# through the table: first run ${first} s, second ${second} s; setup: ${await page.textContent('.gpu-setup')}`);
  assert.ok(first <= 4 * second + 0.5, `the first run (${first} s) took far longer than the second (${second} s)`);
  // the link reopens it
  const again = await context.newPage();
  await again.goto(page.url());
  await again.waitForSelector('.adapter-name', { timeout: 60000 });
  assert.equal(await again.isChecked('input.gpu-leaf-table'), true);
  await context.close();
  assert.deepEqual(problems, []);
});

test('without WebGPU the panel says so and offers the CPU perft', async () => {
  const plain = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: CHROMIUM_ARGS.filter((a) => a !== '--enable-unsafe-webgpu').concat(['--disable-webgpu']),
  });
  try {
    const { page, problems } = await newPage(plain, { viewport: { width: 1280, height: 900 } });
    await page.goto(`${site.server.url}#/gpu?depth=3`);
    await page.waitForSelector('.no-webgpu', { timeout: 30000 });
    assert.match(await page.textContent('.no-webgpu'), /WebGPU/);
    await page.click('.perft-run');
    await page.waitForSelector('.perft-nodes', { timeout: 60000 });
    assert.equal(await page.textContent('.perft-nodes'), '8902');
    await shot(page, 'gpu-no-webgpu');
    assert.deepEqual(problems, []);
  } finally {
    await plain.close();
  }
});

test('WebGPU without an adapter (no --enable-unsafe-webgpu): the reason in words, wgpu\'s text only behind "details"', async () => {
  const bare = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: CHROMIUM_ARGS.filter((a) => a !== '--enable-unsafe-webgpu'),
  });
  try {
    const { page, problems } = await newPage(bare, { viewport: { width: 1280, height: 900 } });
    await page.goto(`${site.server.url}#/gpu?depth=3`);
    await page.waitForSelector('.no-webgpu, .adapter-name', { timeout: 30000 });
    if (await page.locator('.no-webgpu').count()) {
      const said = await page.locator('.no-webgpu .error-box').innerText();
      assert.doesNotMatch(said, /noop|not compiled|vulkan|wgpu/i, said);
    }
    assert.deepEqual(problems.filter((p) => !/adapter|WebGPU/i.test(p)), []);
  } finally {
    await bare.close();
  }
});

// (every slider method in every kernel counts in the matrix test below; this
// one goes through the panel's own run: one kernel of each family per method)
test('a slider method picked in the panel reaches the kernel: Kiwipete 3 with each', async () => {
  const { page, problems, context } = await newPage(site.browser, { viewport: { width: 1280, height: 900 } });
  await page.goto(`${site.server.url}#/gpu?depth=3`);
  await page.waitForSelector('.adapter-name', { timeout: 60000 });
  await page.selectOption('select.preset', { label: 'kiwipete' });
  for (const [slider, variant] of [['magic', 'workgroup'], ['hyperbola', 'breadth-first']]) {
    await page.selectOption('select.gpu-slider', slider);
    await page.selectOption('select.gpu-variant', variant);
    assert.match(page.url(), new RegExp(`slider=${slider}`));
    await page.click('.gpu-run');
    await page.waitForSelector('.gpu-match, .gpu-mismatch, .gpu-error', { timeout: 180000 });
    assert.equal(await page.locator('.gpu-mismatch, .gpu-error').count(), 0, await page.innerText('.panel'));
    assert.equal(await page.textContent('.gpu-nodes'), '97862', `${variant} ${slider}`);
  }
  await context.close();
  assert.deepEqual(problems, []);
});

test('a lost device is said as such; a retry on a new device with small dispatches counts right', async () => {
  const { page, problems, context } = await newPage(site.browser, { viewport: { width: 1280, height: 900 } });
  // start position 6 on SwiftShader: many dispatches, seconds of work (depth 5
  // now ends in well under a second, sometimes before the click lands)
  await page.goto(`${site.server.url}#/gpu?depth=6&variant=private`);
  await page.waitForSelector('.adapter-name', { timeout: 60000 });
  await page.click('.gpu-run');
  await page.waitForSelector('.gpu-progress', { timeout: 60000 });
  await page.click('.gpu-lose');
  await page.waitForSelector('.gpu-lost', { timeout: 60000 });
  assert.match(await page.textContent('.gpu-lost'), /device was lost: the device was destroyed/);
  await shot(page, 'gpu-device-lost');
  // the CPU perft is offered right there, at the run's depth; a depth picked
  // there is the retry's too (start 5: 256-position dispatches on SwiftShader
  // take seconds, not the half minute of depth 6)
  assert.equal(await page.locator('.gpu-lost .perft-run').count(), 1);
  assert.equal(await page.inputValue('.gpu-lost select.perft-depth'), '6');
  await page.selectOption('.gpu-lost select.perft-depth', '5');
  assert.match(page.url(), /depth=5/);
  await page.click('.gpu-retry');
  await page.waitForSelector('.gpu-match, .gpu-mismatch, .gpu-error', { timeout: 300000 });
  assert.equal(await page.textContent('.gpu-nodes'), '4865609');
  assert.equal(await page.textContent('.cpu-nodes'), '4865609');
  assert.match(await page.innerText('.gpu-result'), /batches of up to 256;/);
  await context.close();
  // the lost device logs its own warning in the console; nothing else may
  assert.deepEqual(problems.filter((p) => !/destroyed|lost/i.test(p)), []);
});

test('the memory-versus-speed matrix: every variant measured, a chart, and the answer', async () => {
  const { page, problems, context } = await newPage(site.browser, { viewport: { width: 1280, height: 900 } });
  await page.goto(`${site.server.url}#/gpu?matrix=quick`);
  await page.waitForSelector('.adapter-name', { timeout: 60000 });
  const t0 = Date.now();
  await page.click('.matrix-run');
  await page.waitForSelector('.matrix-done, .matrix-lost', { timeout: 590000 });
  console.log(`# GPU matrix (quick) in Chromium on SwiftShader: ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  assert.equal(await page.locator('.matrix-lost').count(), 0);
  const rows = await page.locator('.matrix-table tbody tr').evaluateAll((trs) => trs.map((tr) => ({
    cls: tr.className, cells: [...tr.querySelectorAll('td')].map((td) => td.textContent),
  })));
  assert.equal(rows.length, 54, '27 variants x 2 positions');
  const measured = rows.filter((r) => r.cls.includes('measured'));
  const skipped = rows.filter((r) => r.cls.includes('skipped'));
  // a variant is skipped exactly when its workgroup memory exceeds the adapter's limit, and says why
  const limit = Number(await page.textContent('.adapter-limit'));
  for (const r of skipped) {
    assert.ok(r.cells[0].startsWith('workgroup-') && /skipped: .*workgroup memory/.test(r.cells[2]), r.cells.join(' '));
    assert.ok(Number(r.cells[3]) > limit, r.cells.join(' '));
  }
  for (const r of measured) assert.ok(Number(r.cells[5]) <= limit, r.cells.join(' '));
  assert.ok(skipped.length > 0 && measured.length >= 2 * 21, `${measured.length} measured, ${skipped.length} skipped (limit ${limit} B)`);
  for (const r of measured) {
    assert.ok(!r.cls.includes('bad'), `count wrong: ${r.cells.join(' ')}`);
    assert.equal(r.cells[2], r.cells[1].startsWith('start') ? '197281' : '97862', r.cells.join(' '));
  }
  assert.equal(await page.locator('.matrix-table tr.winner').count(), 2, 'one winner per position');
  assert.equal(await page.locator('figure.matrix-chart').count(), 2);
  assert.equal(await page.locator('figure.matrix-chart g.point').count(), measured.length);
  assert.equal(await page.locator('figure.matrix-chart g.point.best').count(), 2);
  const answer = await page.innerText('.matrix-answer');
  assert.match(answer, /wins with [\d.]+ M nodes\/s/);
  assert.match(answer, /244 B per invocation/);
  // the winner named in the text is the ringed point and the bold row
  const named = answer.match(/, (\S+) wins/)[1];
  assert.equal(await page.locator('.matrix-table tr.winner .variant-name').first().textContent(), named);
  console.log(`# ${answer.replace(/\s+/g, ' ')}`);
  await shot(page, 'gpu-matrix');
  // the panel remembers the adapter's winner: a link that names no slider method takes it
  const won = await page.evaluate(() => Object.entries(localStorage).find(([k]) => k.startsWith('bitscope-gpu-winner '))?.[1]);
  assert.ok(['kogge-stone', 'magic', 'hyperbola'].includes(won), `stored winner ${won}`);
  const later = await context.newPage(); // (the same browser storage)
  await later.goto(`${site.server.url}#/gpu?depth=3`);
  await later.waitForSelector('.adapter-name', { timeout: 60000 });
  await later.waitForFunction((w) => document.querySelector('select.gpu-slider')?.value === w, won);
  assert.match(later.url(), new RegExp(`slider=${won}`));
  await context.close();
  assert.deepEqual(problems, []);
});
