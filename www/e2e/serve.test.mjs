// `bitscope serve` on dist/ as `make dist` wrote it: every asset answers in
// brotli, gzip and as itself, the three the same bytes once decompressed;
// the headers a host must send (encoding, Vary, MIME type, cache); paths
// out of the folder refused; and the whole site under a sub-path
// (`--prefix /courses/bits/`) loads and runs a perft in its worker.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { launch, newPage, shot, startServer } from './harness.mjs';
import { dist, hashedAssets, onFirstUse } from './dist.mjs';

/** A raw GET (no decompression, no path clean-up): status, headers, body bytes. */
function get(base, path, headers = {}) {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const req = request({ host: url.hostname, port: url.port, path, headers }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

let root;
let sub;
let browser;
before(async () => {
  root = await startServer();
  sub = await startServer({ prefix: '/courses/bits/' });
  browser = await launch();
});
after(async () => {
  await browser?.close();
  root?.stop();
  sub?.stop();
});

test('dist: hashed names, each file beside its .br and .gz', () => {
  const a = hashedAssets();
  const glue = readFileSync(join(dist, a.glue), 'utf8');
  assert.ok(glue.includes(a.wasm.slice('pkg/'.length)), 'the glue loads the hashed wasm');
  // the modules that load on first use: the worker imports its own glue, index.html names the GPU panel's
  const later = onFirstUse().map((r) => r.file);
  const workerGlue = later.find((f) => /bitscope_worker\.[0-9a-f]{10}\.js$/.test(f));
  const gpuGlue = later.find((f) => /bitscope_gpu\.[0-9a-f]{10}\.js$/.test(f));
  const worker = readFileSync(join(dist, a.worker), 'utf8');
  assert.ok(workerGlue && worker.includes(`../${workerGlue}`), 'the worker imports its hashed glue');
  assert.ok(!worker.includes(a.glue), 'the worker does not load the page module');
  assert.ok(gpuGlue && readFileSync(join(dist, 'index.html'), 'utf8').includes(`./${gpuGlue}`), 'index.html names the GPU module');
  for (const f of later) {
    const wasm = f.replace(/\.([0-9a-f]{10})\.js$/, '');
    if (f.endsWith('.js')) assert.ok(readFileSync(join(dist, f), 'utf8').includes(later.find((w) => w.startsWith(`${wasm}_bg.`)).slice('pkg/'.length)), `${f} loads its hashed wasm`);
  }
  for (const file of [...Object.values(a), ...later, 'index.html', 'sw.js', 'manifest.webmanifest', 'static/embed.js']) {
    const raw = readFileSync(join(dist, file));
    assert.deepEqual(brotliDecompressSync(readFileSync(join(dist, `${file}.br`))), raw, `${file}.br`);
    assert.deepEqual(gunzipSync(readFileSync(join(dist, `${file}.gz`))), raw, `${file}.gz`);
  }
  const sw = readFileSync(join(dist, 'sw.js'), 'utf8');
  for (const f of [...Object.values(a), ...later]) assert.ok(sw.includes(JSON.stringify(f)), `sw.js caches ${f}`);
  assert.ok(readFileSync(join(dist, 'static/embed.js')).length <= 2048, 'embed.js is at most 2 KB');
  // the first paint needs index.html alone: its CSS inline, the start page prerendered
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  assert.match(html, /<style>[^<]*\.panel\b[^<]*<\/style>/, 'the CSS is inline');
  assert.ok(!/<link rel="stylesheet"/.test(html), 'no stylesheet to wait for');
  assert.match(html, /<main id="panel" data-panel="start"><section class="panel start">/, 'the start page is prerendered');
});

test('serve: br, gzip and identity are the same bytes, with the right headers', async () => {
  const a = hashedAssets();
  const files = [
    ['index.html', '/', 'text/html', false],
    [a.wasm, `/${a.wasm}`, 'application/wasm', true],
    [a.glue, `/${a.glue}`, 'text/javascript', true],
    [a.worker, `/${a.worker}`, 'text/javascript', true],
    ['sw.js', '/sw.js', 'text/javascript', false],
    ['manifest.webmanifest', '/manifest.webmanifest', 'application/manifest+json', false],
    ['static/embed.js', '/static/embed.js', 'text/javascript', false],
  ];
  for (const [file, path, mime, hashed] of files) {
    const raw = readFileSync(join(dist, file));
    const br = await get(root.url, path, { 'accept-encoding': 'gzip, deflate, br' });
    const gz = await get(root.url, path, { 'accept-encoding': 'gzip' });
    const id = await get(root.url, path, { 'accept-encoding': 'identity' });
    for (const [name, res, encoding] of [['br', br, 'br'], ['gzip', gz, 'gzip'], ['identity', id, undefined]]) {
      assert.equal(res.status, 200, `${path} ${name}`);
      assert.equal(res.headers['content-encoding'], encoding, `${path} ${name}: Content-Encoding`);
      assert.match(res.headers.vary ?? '', /accept-encoding/i, `${path} ${name}: Vary`);
      assert.ok(res.headers['content-type'].startsWith(mime), `${path} ${name}: ${res.headers['content-type']}`);
      assert.equal(
        res.headers['cache-control'],
        hashed ? 'public, max-age=31536000, immutable' : 'no-cache',
        `${path} ${name}: Cache-Control`,
      );
    }
    assert.deepEqual(brotliDecompressSync(br.body), raw, `${path}: br`);
    assert.deepEqual(gunzipSync(gz.body), raw, `${path}: gzip`);
    assert.deepEqual(id.body, raw, `${path}: identity`);
    assert.ok(br.body.length < gz.body.length || raw.length < 1000, `${path}: brotli is smaller than gzip`);
  }
  console.log(`serve: ${files.length} files answer in br, gzip and identity, byte for byte the same`);
});

test('serve: paths out of the folder and out of the prefix are refused', async () => {
  for (const path of ['/../Cargo.toml', '/%2e%2e/Cargo.toml', '/pkg/..%2f..%2fCargo.toml', '/static/%2e%2e/%2e%2e/Cargo.toml']) {
    const res = await get(root.url, path);
    assert.ok(res.status >= 400 && res.status < 500, `${path}: ${res.status}`);
    assert.ok(!res.body.toString().includes('[package]'), `${path} leaked Cargo.toml`);
  }
  const base = new URL(sub.url);
  assert.equal(base.pathname, '/courses/bits/');
  assert.equal((await get(sub.url, '/index.html')).status, 404, 'outside the prefix');
  assert.equal((await get(sub.url, '/courses/bitsy/index.html')).status, 404, 'a longer name is outside too');
  assert.equal((await get(sub.url, '/courses/../courses/bits/index.html')).status, 404);
  const bare = await get(sub.url, '/courses/bits');
  assert.equal(bare.status, 308, 'the prefix without its slash redirects');
  assert.equal(bare.headers.location, '/courses/bits/');
  assert.equal((await get(sub.url, '/courses/bits/../../Cargo.toml')).status >= 400, true);
});

test('a sub-path deployment loads, and runs a perft in its worker', async () => {
  const { page, problems, context } = await newPage(browser, { viewport: { width: 1280, height: 900 } });
  const requested = [];
  page.on('request', (r) => requested.push(new URL(r.url()).pathname));
  await page.goto(`${sub.url}#/position?depth=4`);
  await page.waitForSelector('.perft-run');
  await page.selectOption('select.preset', 'start');
  await page.click('.perft-run');
  await page.waitForSelector('.perft-nodes', { timeout: 60000 });
  assert.equal(await page.textContent('.perft-nodes'), '197281');
  await shot(page, 'serve-subpath-position');
  // every file came from under the prefix (the worker, the glue and the wasm too)
  const outside = requested.filter((p) => !p.startsWith('/courses/bits/'));
  assert.deepEqual(outside, []);
  for (const want of ['/courses/bits/static/worker.', '/courses/bits/pkg/bitscope_bg.']) {
    assert.ok(requested.some((p) => p.startsWith(want)), `${want}… was requested: ${requested.join(' ')}`);
  }
  await context.close();
  assert.deepEqual(problems, []);
});
