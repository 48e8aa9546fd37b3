// The start page, rendered at build time by the page's own wasm module, for
// index.html: a visitor sees the start page as soon as the HTML arrives,
// before the 190 KB of wasm (on a phone's Slow 4G, about 1 s of download);
// the app then replaces it with the same page, live. `scripts/dist.mjs`
// calls it on the staged site (SITE/index.html, SITE/pkg/bitscope.js and
// its wasm, before any name is hashed).
//
// The wasm runs in Node on happy-dom's DOM (a devDependency of www/): its
// `start()` renders the app on `#app` for the route `#/`, exactly as in a
// browser, and the HTML is read once Yew has rendered.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Window } from '../www/node_modules/happy-dom/lib/index.js';

/** Where the prerendered start page goes in index.html. */
const PLACE = '<p class="loading">Loading bitscope…</p>';

/**
 * Shown instead, before the wasm starts, when the link is to a panel (not
 * the start page): the start page would flash before the panel.
 */
const NOT_THE_START = `<script>if (!/^(#\\/?(\\?.*)?)?$/.test(location.hash)) document.getElementById('app').innerHTML = '${PLACE}';</script>`;

/** The start page's HTML as the app renders it on `#/`. */
async function renderStart(site) {
  const window = new Window({ url: 'https://bitscope.invalid/#/' });
  const html = readFileSync(join(site, 'index.html'), 'utf8').replace(/<script[\s\S]*?<\/script>/g, '');
  window.document.write(html);
  const saved = {};
  for (const key of Object.getOwnPropertyNames(window)) {
    if (!(key in globalThis)) {
      saved[key] = true;
      globalThis[key] = window[key];
    }
  }
  globalThis.window = window;
  globalThis.document = window.document;
  try {
    const glue = await import(pathToFileURL(join(site, 'pkg/bitscope.js')).href);
    await glue.default({ module_or_path: readFileSync(join(site, 'pkg/bitscope_bg.wasm')) });
    // Yew renders in its scheduler's tasks: wait until the cards are there
    for (let i = 0; i < 200 && !window.document.querySelector('main#panel .start-card'); i++) {
      await new Promise((r) => setTimeout(r, 10));
    }
    const app = window.document.getElementById('app');
    if (!app.querySelector('main#panel .start-card')) throw new Error('the start page did not render');
    // (marked: its theme button, drawn for the light theme, waits for the app)
    app.firstElementChild.setAttribute('data-prerendered', '');
    return app.innerHTML;
  } finally {
    await window.happyDOM.close();
    for (const key of Object.keys(saved)) delete globalThis[key];
    delete globalThis.window;
    delete globalThis.document;
  }
}

/** index.html with the start page prerendered in `#app`. */
export async function prerender(site, indexHtml) {
  if (!indexHtml.includes(PLACE)) throw new Error(`index.html has no ${PLACE}`);
  const end = '</div>\n  <script type="module">';
  if (!indexHtml.includes(end)) throw new Error('index.html: #app is not followed by the module script');
  const start = await renderStart(site);
  return indexHtml.replace(PLACE, () => start).replace(end, () => `</div>\n  ${NOT_THE_START}\n  <script type="module">`);
}
