// The two budgets of a first visit, from dist/ as a host serves it:
// - the first load (HTML, JS glue, wasm, CSS, worker) at most 250 KB of
//   brotli (what browsers get from real hosts), the gzip figure printed
//   beside it; the modules that load on first use (the worker's, the GPU
//   panel's) are printed too, and do not count;
// - the first render under 1 s: navigation start to the start page's first
//   painted card, the median of 5 first visits (each a fresh context: no
//   HTTP cache, no service worker), on loopback;
// - the same on a phone's profile: the CPU 4x slower and DevTools' "Slow
//   4G" network (562.5 ms round trip, 1.44 Mbit/s down, 675 kbit/s up),
//   the median of 5 at most 1.5 s.
// (`.alone`: run after the other files, on its own; it times the page.)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { newPage, useSite } from './harness.mjs';
import { firstLoad, onFirstUse } from './dist.mjs';

const BROTLI_LIMIT = 250_000;
const RENDER_LIMIT_MS = 1000;
const PHONE_RENDER_LIMIT_MS = 1500;
/** DevTools' "Slow 4G" preset (its latency and throughputs, in CDP's units: ms, bytes/s). */
const SLOW_4G = { offline: false, latency: 562.5, downloadThroughput: (1.6e6 / 8) * 0.9, uploadThroughput: (750e3 / 8) * 0.9 };
const site = useSite();

test('first load: at most 250 KB of brotli (gzip printed beside it; what loads on first use printed)', () => {
  const load = firstLoad();
  const row = (r) => `  ${r.file.padEnd(38)} ${String(r.raw).padStart(9)} B raw  ${String(r.br).padStart(7)} br  ${String(r.gz).padStart(7)} gz`;
  for (const r of load.rows) console.log(row(r));
  console.log(`first load: ${(load.br / 1000).toFixed(1)} KB brotli (${load.br} B), ${(load.gz / 1000).toFixed(1)} KB gzip (${load.gz} B), ${(load.raw / 1000).toFixed(1)} KB raw`);
  console.log('on first use (not in the first load):');
  for (const r of onFirstUse()) console.log(row(r));
  assert.ok(load.br <= BROTLI_LIMIT, `first load ${load.br} B brotli, over the ${BROTLI_LIMIT} B limit`);
  assert.ok(load.br < load.gz, 'brotli is smaller than gzip');
});

/** Milliseconds from navigation start until the first card of the start page was painted. */
async function firstRender(browser, url, phone = false) {
  const viewport = phone ? { width: 390, height: 844 } : { width: 1280, height: 900 };
  const { page, problems, context } = await newPage(browser, { viewport });
  if (phone) {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  }
  // A card's frame is painted when a task queued from its animation frame runs.
  await page.addInitScript(() => {
    const seen = new MutationObserver(() => {
      if (!document.querySelector('main#panel .card')) return;
      seen.disconnect();
      requestAnimationFrame(() => setTimeout(() => { window.__firstCardPainted = performance.now(); }));
    });
    seen.observe(document, { childList: true, subtree: true });
  });
  await page.goto(url);
  await page.waitForFunction(() => window.__firstCardPainted !== undefined, null, { timeout: 30000 });
  const ms = await page.evaluate(() => window.__firstCardPainted);
  await context.close();
  assert.deepEqual(problems, []);
  return ms;
}

test('first render: the median of 5 first visits is under 1 s', async () => {
  const times = [];
  for (let i = 0; i < 5; i++) times.push(await firstRender(site.browser, `${site.server.url}#/`));
  const sorted = [...times].sort((a, b) => a - b);
  const median = sorted[2];
  console.log(`first render (navigation start -> first start card painted), 5 first visits: ${times.map((t) => t.toFixed(0)).join(', ')} ms; median ${median.toFixed(0)} ms`);
  assert.ok(median < RENDER_LIMIT_MS, `first render median ${median.toFixed(0)} ms`);
});

test('first render on a phone (4x slower CPU, Slow 4G): the median of 5 first visits is at most 1.5 s', async () => {
  const times = [];
  for (let i = 0; i < 5; i++) times.push(await firstRender(site.browser, `${site.server.url}#/`, true));
  const median = [...times].sort((a, b) => a - b)[2];
  console.log(`first render on a phone's profile, 5 first visits: ${times.map((t) => t.toFixed(0)).join(', ')} ms; median ${median.toFixed(0)} ms`);
  assert.ok(median <= PHONE_RENDER_LIMIT_MS, `first render on a phone's profile: median ${median.toFixed(0)} ms`);
});
