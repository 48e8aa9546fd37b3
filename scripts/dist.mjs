#!/usr/bin/env node
// `make dist`'s last step: turns the built site (SITE: index.html, static/,
// pkg/ as `make dist` stages them, minified) into what a host serves (DIST):
//
// - the four wasm modules (the page's; the worker's, the panels' and the GPU
//   panel's, which load on first use), their JS glue, the worker, the CSS and the icon
//   get content-hashed names (`pkg/bitscope_bg.1a2b3c4d5e.wasm`), so that a
//   host can cache them forever; each file that names another is rewritten to
//   the hashed name first, then hashed itself (wasm -> glue -> worker), so a
//   changed wasm changes every name that leads to it;
// - index.html gets the start page prerendered (scripts/prerender.mjs);
// - index.html, sw.js (the service worker), manifest.webmanifest and
//   static/embed.js keep their names (a host page links embed.js by a stable
//   URL; the browser checks the other three on every visit);
// - every URL stays relative, so dist/ works under any sub-path;
// - each text or wasm file gets `.br` (brotli, quality 11, 16 MiB window)
//   and `.gz` (gzip -9) beside it, for `bitscope serve` and static hosts;
// - prints the first load (HTML with its CSS, glue, wasm, worker) in brotli and gzip.
//
// Node's own zlib does both compressions (the same brotli library as the
// `brotli` command), so nothing more is installed for it.
//
//   node scripts/dist.mjs SITE DIST
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { brotliCompressSync, gzipSync, constants } from 'node:zlib';
import { prerender } from './prerender.mjs';

const [site, dist] = process.argv.slice(2);
if (!site || !dist) {
  console.error('usage: node scripts/dist.mjs SITE DIST');
  process.exit(2);
}

const read = (path) => readFileSync(join(site, path));
const hash = (buf) => createHash('sha256').update(buf).digest('hex').slice(0, 10);
/** `static/style.css` + its bytes -> `static/style.1a2b3c4d5e.css` */
const hashed = (path, buf) => path.replace(/\.([a-z]+)$/, `.${hash(buf)}.$1`);

/** Replaces the one quoted occurrence of `from` (any quote) in `text`, or fails. */
function relink(text, from, to, where) {
  const quoted = new RegExp(`(["'])${from.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\1`, 'g');
  const hits = text.match(quoted)?.length ?? 0;
  if (hits === 0) throw new Error(`${where} does not name ${from}`);
  return text.replace(quoted, (_, q) => `${q}${to}${q}`);
}

const out = new Map(); // dist path -> bytes
const names = {}; // source path -> dist path

function emitHashed(path, buf) {
  const name = hashed(path, buf);
  names[path] = name;
  out.set(name, buf);
  return name;
}

/** A wasm module, then the glue that loads it; returns [wasm, glue]. */
function emitModule(name) {
  const wasm = emitHashed(`pkg/${name}_bg.wasm`, read(`pkg/${name}_bg.wasm`));
  const glue = emitHashed(
    `pkg/${name}.js`,
    Buffer.from(relink(read(`pkg/${name}.js`).toString(), `${name}_bg.wasm`, wasm.slice('pkg/'.length), `${name}.js`)),
  );
  return [wasm, glue];
}
// the page's module; the worker's module, then the worker that imports its glue
const [wasm, glue] = emitModule('bitscope');
const [workerWasm, workerGlue] = emitModule('bitscope_worker');
const [gpuWasm, gpuGlue] = emitModule('bitscope_gpu');
const [panelsWasm, panelsGlue] = emitModule('bitscope_panels');
emitHashed(
  'static/worker.js',
  Buffer.from(relink(read('static/worker.js').toString(), '../pkg/bitscope_worker.js', `../${workerGlue}`, 'the worker')),
);
emitHashed('static/icon.svg', read('static/icon.svg'));

// index.html: every asset by its hashed name (the worker's through a meta
// tag the wasm reads, since the wasm cannot name the worker that names it),
// the start page prerendered in it (from the page's own module), and the
// CSS inline: the prerendered page is painted once the HTML arrives, with
// no second round trip (on a phone's Slow 4G, 1.4 s -> 0.8 s; budget test)
const STYLESHEET = '<link rel="stylesheet" href="./static/style.css">';
let html = await prerender(site, read('index.html').toString());
if (!html.includes(STYLESHEET)) throw new Error(`index.html has no ${STYLESHEET}`);
html = html.replace(STYLESHEET, () => `<style>${read('static/style.css').toString().trim()}</style>`);
for (const path of ['static/icon.svg', 'pkg/bitscope.js', 'pkg/bitscope_bg.wasm', 'static/worker.js', 'pkg/bitscope_gpu.js', 'pkg/bitscope_panels.js']) {
  html = relink(html, `./${path}`, `./${names[path]}`, 'index.html');
}
out.set('index.html', Buffer.from(html));

const manifest = {
  name: 'bitscope',
  short_name: 'bitscope',
  description: 'Bit tricks, step by step, on real bits; chess perft on the CPU and the GPU',
  start_url: './',
  scope: './',
  display: 'standalone',
  background_color: '#f3f5f6',
  theme_color: '#1f6feb',
  icons: [{ src: names['static/icon.svg'], sizes: 'any', type: 'image/svg+xml', purpose: 'any' }],
};
out.set('manifest.webmanifest', Buffer.from(JSON.stringify(manifest)));

// the service worker caches exactly this deploy: its version is the hash of
// the shell and of every hashed name, so any change installs a new cache
const cached = [...Object.values(names), 'manifest.webmanifest'].sort();
const version = hash(Buffer.from(html + cached.join('\n')));
let sw = read('sw.js').toString();
sw = relink(sw, '__VERSION__', version, 'sw.js');
sw = sw.replace(/\[\s*(["'])__ASSETS__\1\s*\]/, () => JSON.stringify(cached));
if (sw.includes('__ASSETS__')) throw new Error('sw.js: the asset list was not filled in');
out.set('sw.js', Buffer.from(sw));
out.set('static/embed.js', read('static/embed.js'));

// write, each compressible file with its .br and .gz
rmSync(dist, { recursive: true, force: true });
const sizes = {};
for (const [path, buf] of out) {
  const file = join(dist, path);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, buf);
  const br = brotliCompressSync(buf, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_LGWIN]: constants.BROTLI_MAX_WINDOW_BITS,
      [constants.BROTLI_PARAM_MODE]: path.endsWith('.wasm') ? constants.BROTLI_MODE_GENERIC : constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: buf.length,
    },
  });
  const gz = gzipSync(buf, { level: 9, memLevel: 9 });
  writeFileSync(`${file}.br`, br);
  writeFileSync(`${file}.gz`, gz);
  sizes[path] = { raw: buf.length, br: br.length, gz: gz.length };
}

// the first load: what a visitor's browser fetches to show the start page
const first = ['index.html', glue, wasm, names['static/worker.js']];
const sum = (k) => first.reduce((n, p) => n + sizes[p][k], 0);
const kb = (n) => `${(n / 1000).toFixed(1)} KB`;
console.log(`dist: ${out.size} files in ${dist}/, each text or wasm file with .br and .gz beside it`);
for (const p of first) console.log(`  ${p.padEnd(34)} ${String(sizes[p].raw).padStart(9)} B  br ${String(sizes[p].br).padStart(7)}  gz ${String(sizes[p].gz).padStart(7)}`);
console.log(`first load: ${kb(sum('br'))} brotli (${sum('br')} B), ${kb(sum('gz'))} gzip (${sum('gz')} B)`);
const later = [workerGlue, workerWasm, gpuGlue, gpuWasm, panelsGlue, panelsWasm];
console.log('on first use (the worker module when a panel first starts a worker; the panels and the GPU modules when one of their panels first opens):');
for (const p of later) console.log(`  ${p.padEnd(34)} ${String(sizes[p].raw).padStart(9)} B  br ${String(sizes[p].br).padStart(7)}  gz ${String(sizes[p].gz).padStart(7)}`);

// Nothing stale left from an earlier layout: every file is one of ours.
const listed = (dir) => readdirSync(dir).flatMap((n) => (statSync(join(dir, n)).isDirectory() ? listed(join(dir, n)) : [join(dir, n)]));
for (const f of listed(dist)) {
  const p = relative(dist, f).replace(/\.(br|gz)$/, '');
  if (!out.has(p)) throw new Error(`unexpected file in ${dist}: ${f}`);
}
