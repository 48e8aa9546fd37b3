// Offline after the first visit: the service worker (static/sw.js, filled in
// by scripts/dist.mjs) caches the shell, the wasm and the worker. With the
// server stopped and the context offline, a reload opens every panel and
// runs the CPU perft in the worker. A new deploy replaces the cache whole:
// one cache, the new files only.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { appendFileSync, cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launch, newPage, repo, shot, startServer } from './harness.mjs';

const ROUTES = ['debruijn', 'swar', 'popcount', 'nibbles', 'nibble-board', 'quad', 'trits', 'position', 'gpu', 'lab', 'bitboard', 'magic', 'permute', 'divide', 'gray', 'shortest', 'practice'];

let browser;
let scratch;
before(async () => {
  browser = await launch();
  scratch = mkdtempSync(join(tmpdir(), 'bitscope-offline-'));
});
after(async () => {
  await browser?.close();
  rmSync(scratch, { recursive: true, force: true });
});

/** Polls `check` (async, in Node) every 200 ms until it is true; fails after 30 s. */
async function until(what, check) {
  for (let i = 0; i < 150; i++) {
    if (await check()) return;
    await new Promise((ok) => setTimeout(ok, 200));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** Waits until the page is controlled by an activated service worker (its install, the precache, done). */
function controlled(page) {
  return until('an active service worker controlling the page', () =>
    page.evaluate(async () => {
      const reg = await navigator.serviceWorker.getRegistration();
      return Boolean(reg?.active?.state === 'activated' && navigator.serviceWorker.controller);
    }),
  );
}

/** bitscope's caches, each with the paths it holds. */
function cachesOf(page) {
  return page.evaluate(async () => {
    const out = {};
    for (const key of await caches.keys()) {
      const cache = await caches.open(key);
      out[key] = (await cache.keys()).map((r) => new URL(r.url).pathname).sort();
    }
    return out;
  });
}

async function perftDepth3(page) {
  await page.goto(page.url().replace(/#.*$/, '#/position?depth=3'));
  await page.waitForSelector('.perft-run');
  await page.selectOption('select.preset', 'start');
  await page.click('.perft-run');
  await page.waitForSelector('.perft-nodes', { timeout: 60000 });
  assert.equal(await page.textContent('.perft-nodes'), '8902');
}

test('offline after the first visit: a reload opens every panel and runs a CPU perft', async () => {
  const dir = join(scratch, 'one');
  cpSync(join(repo, 'dist'), dir, { recursive: true });
  const server = await startServer({ dir });
  const { page, problems, context } = await newPage(browser, { viewport: { width: 1280, height: 900 } });
  await page.goto(`${server.url}#/nibbles`);
  await page.waitForSelector('main#panel[data-panel="nibbles"] section.panel');
  await controlled(page);
  const keys = Object.keys(await cachesOf(page));
  assert.equal(keys.length, 1, keys.join(', '));

  // the network gone: the server stopped, the context offline
  server.stop();
  await context.setOffline(true);
  await page.reload();
  await page.waitForSelector('main#panel[data-panel="nibbles"] section.panel');
  for (const slug of ROUTES) {
    await page.goto(`${server.url}#/${slug}`);
    await page.waitForSelector(`main#panel[data-panel="${slug}"] section.panel`);
  }
  await page.goto(`${server.url}#/swar`);
  await page.waitForSelector('.step-controls .next');
  await page.click('.step-controls .next');
  assert.match(await page.textContent('.step-count'), /^step 2 of \d+$/);
  await perftDepth3(page);
  await shot(page, 'offline-position-perft');
  await context.close();
  assert.deepEqual(problems.filter((p) => !/ERR_INTERNET_DISCONNECTED|ERR_CONNECTION_REFUSED/.test(p)), []);
});

test('a new deploy replaces the cache: one cache, only the new files', async () => {
  const dir = join(scratch, 'two');
  cpSync(join(repo, 'dist'), dir, { recursive: true });
  const server = await startServer({ dir });
  const { page, problems, context } = await newPage(browser, { viewport: { width: 1280, height: 900 } });
  await page.goto(`${server.url}#/nibbles`);
  await page.waitForSelector('main#panel section.panel');
  await controlled(page);
  const [first] = Object.entries(await cachesOf(page));
  // (the CSS is inline in index.html: a deploy is told by sw.js's version)
  const version = () => readFileSync(join(dir, 'sw.js'), 'utf8').match(/const VERSION\s*=\s*['"]([0-9a-f]{10})['"]/)[1];
  const oldVersion = version();
  assert.ok(first[0].endsWith(oldVersion), `the first deploy's cache: ${first[0]}`);

  // the next deploy: the same site with one CSS rule more, through dist.mjs
  const site = join(scratch, 'site');
  cpSync(join(repo, 'target', 'site'), site, { recursive: true });
  appendFileSync(join(site, 'static', 'style.css'), '.deploy-two{color:inherit}');
  execFileSync('node', [join(repo, 'scripts', 'dist.mjs'), site, dir], { stdio: 'ignore' });
  const newVersion = version();
  assert.notEqual(newVersion, oldVersion);
  assert.ok(readFileSync(join(dir, 'index.html'), 'utf8').includes('.deploy-two'), 'the new CSS is in index.html');

  // the next visit (online) installs the new worker, which drops the old cache
  await page.reload();
  await page.waitForSelector('main#panel section.panel');
  // (Chromium checks for a new worker after a navigation when the page
  // is idle, which a loaded machine may put off past the wait below: the
  // check is asked for, as the browser would make it)
  await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r?.update()));
  await until('one cache, the new deploy\'s', async () => {
    const all = Object.keys(await cachesOf(page));
    return all.length === 1 && all[0].endsWith(newVersion);
  }).catch(async (e) => {
    const worker = await page.evaluate(async () => {
      const r = await navigator.serviceWorker.getRegistration();
      return { active: r?.active?.state, waiting: r?.waiting?.state, installing: r?.installing?.state };
    });
    const caches = Object.fromEntries(Object.entries(await cachesOf(page)).map(([k, v]) => [k, v.length]));
    throw new Error(`${e.message}: ${JSON.stringify({ worker, caches, newVersion })}`);
  });
  const all = await cachesOf(page);
  const [[key, paths]] = Object.entries(all);
  assert.notEqual(key, first[0], JSON.stringify({ first, all, newVersion, oldVersion }));
  assert.equal(paths.length, first[1].length, 'as many files as the first deploy cached');

  // offline again: the new deploy's page, with its own CSS
  server.stop();
  await context.setOffline(true);
  await page.reload();
  await page.waitForSelector('main#panel section.panel');
  assert.ok(await page.evaluate(() => [...document.querySelectorAll('style')].some((s) => s.textContent.includes('.deploy-two'))), 'the new deploy\'s CSS, offline');
  await perftDepth3(page);
  await context.close();
  assert.deepEqual(problems.filter((p) => !/ERR_INTERNET_DISCONNECTED|ERR_CONNECTION_REFUSED/.test(p)), []);
});
