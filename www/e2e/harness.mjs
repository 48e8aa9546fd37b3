// Shared set-up for the end-to-end tests: our own server on a free loopback
// port, Debian's Chromium driven by playwright-core, and a page that records
// every console error and page error (any one fails the test).
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { before, after } from 'node:test';
import assert from 'node:assert/strict';

const here = dirname(fileURLToPath(import.meta.url));
export const repo = join(here, '..', '..');
export const shots = join(repo, 'www', 'screenshots');
/** The `bitscope` binary: `make test` names its test build's in BITSCOPE_BIN. */
export const bitscopeBin = process.env.BITSCOPE_BIN
  ? join(repo, process.env.BITSCOPE_BIN) : join(repo, 'target', 'release', 'bitscope');
mkdirSync(shots, { recursive: true });

export const CHROMIUM_ARGS = [
  '--no-sandbox', '--enable-unsafe-webgpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
];

/**
 * Starts `bitscope serve` on the release build in dist/ (or `dir`, under
 * `prefix`); resolves to its base URL (the prefix included).
 */
export async function startServer({ dir = join(repo, 'dist'), prefix = '/' } = {}) {
  const child = spawn(bitscopeBin, ['serve', '--dir', dir, '--port', '0', '--prefix', prefix], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let buffer = '';
  child.stdout.setEncoding('utf8');
  while (!/http:\/\/\S+/.test(buffer)) {
    const [chunk] = await Promise.race([
      once(child.stdout, 'data'),
      once(child, 'exit').then(() => { throw new Error('bitscope serve exited: ' + buffer); }),
    ]);
    buffer += chunk;
  }
  const url = buffer.match(/http:\/\/\S+/)[0];
  // (a server that ends before its file's tests are done says how, so that
  // the tests' refused connections have a cause beside them)
  let stopping = false;
  child.on('exit', (code, signal) => {
    if (!stopping) console.error(`# bitscope serve (${url}) ended early: exit code ${code}, signal ${signal}`);
  });
  // A test that fails before its `stop()` must not keep its file running
  // for ever (node --test waits for the file's process to end): the server
  // holds no part of the event loop, and it ends with the process.
  child.stdout.resume();
  child.stdout.unref();
  child.unref();
  const stop = () => {
    stopping = true;
    child.kill();
  };
  process.once('exit', stop);
  return { url, stop };
}

export async function launch() {
  return chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
}

/** A page whose console errors and page errors are collected in `problems`. */
export async function newPage(browser, options = {}) {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  const problems = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') problems.push(`console error: ${msg.text()}`);
  });
  page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
  // (a request that the test's own goto or reload cut short, such as a
  // worker's script still loading when the test opens another page, is no
  // fault of the page: each request is stamped with the test's navigations
  // so far, counted before each starts)
  let navigations = 0;
  const startedAt = new WeakMap();
  for (const name of ['goto', 'reload']) {
    const navigate = page[name].bind(page);
    page[name] = (...args) => {
      navigations += 1;
      return navigate(...args);
    };
  }
  page.on('request', (req) => startedAt.set(req, navigations));
  page.on('requestfailed', (req) => {
    const why = req.failure()?.errorText;
    // (the browser fetches the tab's icon late, on its own: a reload or a
    // closed tab aborts it, which is no fault of the page)
    if (why === 'net::ERR_ABORTED' && /\/static\/icon\.[0-9a-f]+\.svg$/.test(req.url())) return;
    if (why === 'net::ERR_ABORTED' && startedAt.get(req) < navigations) return;
    problems.push(`request failed: ${req.url()} ${why}`);
  });
  // BITSCOPE_THROTTLE=N runs the page's main thread N times slower (a slow CI machine)
  const slow = Number(process.env.BITSCOPE_THROTTLE ?? 1);
  if (slow > 1) {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: slow });
  }
  return { page, problems, context };
}

export async function shot(page, name) {
  await page.screenshot({ path: join(shots, `${name}.png`), fullPage: true });
}

/** Starts the server and a browser before the file's tests, and stops them after. */
export function useSite() {
  const site = {};
  before(async () => {
    site.server = await startServer();
    site.browser = await launch();
  });
  after(async () => {
    await site.browser?.close();
    site.server?.stop();
  });
  return site;
}

/**
 * Pins, for a timing, every Web Worker thread of Chromium to CPU 0, and every
 * other Chromium thread and this process to the other CPUs (Linux, `taskset`
 * from util-linux; needs 2 CPUs or more). The two vCPUs of the development
 * machine do not run at the same speed (the native binary pinned to one ran
 * up to 19% slower than on the other in the same minute), so a pair timed on
 * whichever CPU the scheduler picked for each side compares the CPUs as much
 * as the engines. Returns the number of worker threads pinned and a function
 * that gives every thread all CPUs back.
 */
export function pinWorkersToCpu0() {
  const last = availableParallelism() - 1;
  if (last < 1) throw new Error('pinning needs 2 CPUs or more');
  // (a thread can end between the listing and taskset: not an error)
  const set = (cpus, tid) => spawnSync('taskset', ['-p', '-c', cpus, tid], { stdio: 'ignore' }).status === 0;
  if (!set(`1-${last}`, String(process.pid))) throw new Error('taskset could not pin this process');
  let workers = 0;
  for (const { tid, worker } of chromiumThreads()) if (set(worker ? '0' : `1-${last}`, tid) && worker) workers++;
  return {
    workers,
    restore() {
      set(`0-${last}`, String(process.pid));
      // listed again: threads started meanwhile took their parent's CPUs
      for (const { tid } of chromiumThreads()) set(`0-${last}`, tid);
    },
  };
}

/** Every thread of every Chromium process, and whether it runs a Web Worker. */
function chromiumThreads() {
  const read = (path) => { try { return readFileSync(path, 'utf8').trim(); } catch { return ''; } };
  const threads = [];
  for (const pid of readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    if (!read(`/proc/${pid}/comm`).startsWith('chromium')) continue;
    let tids = [];
    try { tids = readdirSync(`/proc/${pid}/task`); } catch { continue; }
    for (const tid of tids) threads.push({ tid, worker: read(`/proc/${pid}/task/${tid}/comm`) === 'DedicatedWorker' });
  }
  return threads;
}

/**
 * `read()` once the panel is done: no job running (no `<progress>`, nothing
 * `aria-busy`), and two reads 150 ms apart agree (workers and WebGPU answer
 * late; under load a placeholder can stand still for longer than that).
 */
export async function settled(page, read) {
  await page.waitForFunction(
    () => !document.querySelector('main#panel progress, main#panel [aria-busy="true"]'),
    null, { timeout: 60000 },
  );
  let last = await read();
  for (let i = 0; i < 50; i++) {
    await page.waitForTimeout(150);
    const now = await read();
    if (JSON.stringify(now) === JSON.stringify(last)) return now;
    last = now;
  }
  return last;
}

/** Polls `read` every 100 ms until it gives `want` (the page renders after
 * the event), at most `tries` times; then fails with the last value. */
export async function eventually(read, want, what, tries = 80) {
  let got;
  for (let i = 0; i < tries; i++) {
    got = await read();
    if (JSON.stringify(got) === JSON.stringify(want)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  assert.deepEqual(got, want, what);
}
