// What `make dist` wrote to dist/: the hashed names index.html links, and
// the first load's size in brotli and gzip (the files beside each asset).
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { repo } from './harness.mjs';

export const dist = join(repo, 'dist');

/** The hashed names index.html links, by what they are. */
export function hashedAssets() {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const find = (re, what) => {
    const m = html.match(re);
    assert.ok(m, `index.html names no ${what}`);
    return m[1];
  };
  return {
    wasm: find(/"\.\/(pkg\/bitscope_bg\.[0-9a-f]{10}\.wasm)"/, 'hashed wasm'),
    glue: find(/'\.\/(pkg\/bitscope\.[0-9a-f]{10}\.js)'/, 'hashed glue'),
    worker: find(/"\.\/(static\/worker\.[0-9a-f]{10}\.js)"/, 'hashed worker'),
  };
}


/** The first load (HTML with its CSS inline, glue, wasm, worker): bytes per file and in all, raw, br and gz. */
export function firstLoad() {
  const a = hashedAssets();
  const files = ['index.html', a.glue, a.wasm, a.worker];
  const size = (f) => statSync(join(dist, f)).size;
  const rows = files.map((f) => ({ file: f, raw: size(f), br: size(`${f}.br`), gz: size(`${f}.gz`) }));
  const total = (k) => rows.reduce((n, r) => n + r[k], 0);
  return { rows, raw: total('raw'), br: total('br'), gz: total('gz') };
}

/** The modules that load on first use (the worker's, the panels', the GPU panel's): glue and wasm, raw, br and gz. */
export function onFirstUse() {
  const files = readdirSync(join(dist, 'pkg')).filter((f) => /^bitscope_(worker|panels|gpu)(_bg)?\.[0-9a-f]{10}\.(js|wasm)$/.test(f));
  assert.equal(files.length, 6, `three modules, each glue and wasm: ${files.join(' ')}`);
  const size = (f) => statSync(join(dist, 'pkg', f)).size;
  return files.sort().map((f) => ({ file: `pkg/${f}`, raw: size(f), br: size(`${f}.br`), gz: size(`${f}.gz`) }));
}
