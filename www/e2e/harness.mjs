// Shared set-up for the end-to-end tests: our own server on a free loopback
// port, Debian's Chromium driven by playwright-core, and a page that records
// every console error and page error (any one fails the test).
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { before, after } from 'node:test';

const here = dirname(fileURLToPath(import.meta.url));
export const repo = join(here, '..', '..');
export const shots = join(repo, 'www', 'screenshots');
mkdirSync(shots, { recursive: true });

export const CHROMIUM_ARGS = [
  '--no-sandbox', '--enable-unsafe-webgpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
];

/** Starts `bitscope serve` on the release build in dist/; resolves to its base URL. */
export async function startServer() {
  const bin = join(repo, 'target', 'release', 'bitscope');
  const child = spawn(bin, ['serve', '--dir', join(repo, 'dist'), '--port', '0'], {
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
  return { url, stop: () => child.kill() };
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
  page.on('requestfailed', (req) => problems.push(`request failed: ${req.url()} ${req.failure()?.errorText}`));
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
