// Every panel's link reopens what its tab shows, after random edits (issue
// 39): on each panel, random fields are edited through the page as a user
// would (typing valid values, choosing options, clicking tabs, bits,
// squares and steps), then the tab's link is opened in a fresh tab and,
// after another panel, in the same tab; every visible value is compared
// (but a field marked `data-local`, which the link does not carry by
// design: pasted text, this machine's worker count, an action).
// The seed is printed; BITSCOPE_SEED=N replays one run.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { newPage, useSite, settled } from './harness.mjs';

const site = useSite();
// (a fixed seed in CI, so that a red run replays; BITSCOPE_SEED=N tries others)
const SEED = Number(process.env.BITSCOPE_SEED ?? 20261127);
const EDITS = 6;
const PANELS = ['debruijn', 'swar', 'popcount', 'nibbles', 'nibble-board', 'quad', 'trits', 'position',
  'lab', 'bitboard', 'magic', 'practice', 'lab?mode=c', 'permute', 'permute?mode=network', 'divide',
  'divide?signed=1&width=16', 'gray', 'shortest'];
const FENS = [
  'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1',
  'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1',
  '8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1',
];
const EXPRESSIONS = ['x & (x - 1)', 'x ^ (x >> 1)', '(x | y) - (x & y)', 'x + y * 3', '~x & (x + 1)'];

/** mulberry32: a small seeded generator, so a failing run can be replayed. */
function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** What a user sees of the panel: its text, every field's value, what is chosen. */
function snapshot() {
  const panel = document.querySelector('main#panel');
  // a number field keeps the text typed while it says the same number (0xe880
  // stays, where a fresh tab writes 0x000000000000e880): compare the numbers
  const number = (text) => {
    const t = text.trim().replaceAll('_', '');
    const neg = t.startsWith('-');
    try { const v = BigInt(neg ? t.slice(1) : t); return `${neg ? '-' : ''}${v}`; } catch { return text; }
  };
  const value = (e) => (e.type === 'checkbox' ? e.checked : e.closest('.number-input') ? number(e.value) : e.value);
  // (fields marked data-local are not the link's: pasted text, this
  // machine's cores, an action)
  const linked = [...panel.querySelectorAll('input, select, textarea')].filter((e) => !e.closest('[data-local]'));
  const fields = linked.map(
    (e, i) => `${i}:${e.id || e.className}=${value(e)}`,
  );
  const chosen = [...panel.querySelectorAll('.active, .chosen, .current, [aria-pressed="true"], [aria-selected="true"]')].map(
    (e) => `${e.tagName}.${e.className}:${e.textContent.trim().slice(0, 40)}`,
  );
  // (timings differ from run to run)
  const text = panel.innerText.replace(/\d+(\.\d+)? ?(ms|s)\b/g, '#');
  return { text, fields, chosen };
}

/** The panel's editable things, each a way to edit it with a random value. */
async function edits(page) {
  return page.evaluate(() => {
    const panel = document.querySelector('main#panel');
    const visible = (e) => e.getClientRects().length > 0 && !e.disabled && !e.readOnly;
    const out = [];
    panel.querySelectorAll('input[type="text"], input:not([type]), input[type="number"]').forEach((e, i) => {
      if (visible(e) && !e.closest('.embed-box, [data-local]')) out.push({ kind: 'input', index: i, cls: `${e.id} ${e.className}`, min: e.min, max: e.max, type: e.type, hint: e.placeholder });
    });
    panel.querySelectorAll('select').forEach((e, i) => {
      if (visible(e) && !e.closest('[data-local]')) out.push({ kind: 'select', index: i, options: [...e.options].map((o) => o.value) });
    });
    panel.querySelectorAll('button.tab, button.bit, button.sq, .step-controls button:not(.play)').forEach((e, i) => {
      if (visible(e)) out.push({ kind: 'button', index: i });
    });
    return out;
  });
}

/** A valid value for a text field, by what the field is. */
function valueFor(field, next) {
  const pick = (list) => list[Math.floor(next() * list.length)];
  if (/fen/.test(field.cls)) return pick(FENS);
  if (/lab-expr|lab-cmp/.test(field.cls)) return pick(EXPRESSIONS);
  if (/square/.test(field.cls)) return pick(['a1', 'd4', 'e5', 'h8', 'c6']);
  // (a divisor every width and sign takes)
  if (/divide-d/.test(field.cls)) return pick(['3', '7', '10', '100', '0x13', '127']);
  if (field.type === 'number') {
    const lo = Number(field.min || 0);
    const hi = Number(field.max || lo + 100);
    return String(lo + Math.floor(next() * (hi - lo + 1)));
  }
  // a number that fits the field's width (its placeholder says `8-bit: …`)
  const bits = Math.min(Number((field.hint ?? '').match(/(\d+)-bit/)?.[1] ?? 8), 16);
  const top = 2 ** bits;
  return pick([String(Math.floor(next() * Math.min(top, 256))), `0x${Math.floor(next() * top).toString(16)}`, '1', '0']);
}

async function randomEdits(page, next, log) {
  for (let n = 0; n < EDITS; n++) {
    const all = await edits(page);
    if (all.length === 0) return;
    const e = all[Math.floor(next() * all.length)];
    const scope = page.locator('main#panel');
    if (e.kind === 'input') {
      const value = valueFor(e, next);
      log.push(`fill ${e.cls} ${value}`);
      await scope.locator('input[type="text"], input:not([type]), input[type="number"]').nth(e.index).fill(value);
    } else if (e.kind === 'select') {
      const value = e.options[Math.floor(next() * e.options.length)];
      log.push(`select ${value}`);
      await scope.locator('select').nth(e.index).selectOption(value);
    } else {
      log.push(`click button ${e.index}`);
      await scope.locator('button.tab, button.bit, button.sq, .step-controls button:not(.play)').nth(e.index).click();
    }
    await page.waitForTimeout(120);
  }
}

for (const route of PANELS) {
  test(`#/${route}: random edits, then the link in a fresh tab and in the open tab (seed ${SEED})`, async () => {
    const next = rng(SEED + route.length * 7919 + route.charCodeAt(0));
    const log = [];
    const size = { viewport: { width: 1280, height: 900 } };
    const { page, problems, context } = await newPage(site.browser, size);
    await page.goto(`${site.server.url}#/${route}`);
    await page.waitForSelector('main#panel section.panel');
    await randomEdits(page, next, log);
    const shown = await settled(page, () => page.evaluate(snapshot));
    const link = page.url();
    const why = `${route}, seed ${SEED}: ${log.join('; ')}; link ${link}`;

    const fresh = await newPage(site.browser, size);
    await fresh.page.goto(link);
    await fresh.page.waitForSelector('main#panel section.panel');
    const reopened = await settled(fresh.page, () => fresh.page.evaluate(snapshot));
    assert.deepEqual(reopened.fields, shown.fields, `fields in a fresh tab: ${why}`);
    assert.deepEqual(reopened.chosen, shown.chosen, `chosen in a fresh tab: ${why}`);
    assert.equal(reopened.text, shown.text, `text in a fresh tab: ${why}`);
    await fresh.context.close();

    // the open tab: another panel, then the link pasted
    await page.goto(`${site.server.url}#/bitboard`);
    await page.waitForSelector('main[data-panel="bitboard"]');
    await page.goto(link);
    await page.waitForSelector('main#panel section.panel');
    const again = await settled(page, () => page.evaluate(snapshot));
    assert.deepEqual(again.fields, shown.fields, `fields in the open tab: ${why}`);
    assert.equal(again.text, shown.text, `text in the open tab: ${why}`);
    assert.deepEqual([...problems, ...fresh.problems], [], why);
    await context.close();
  });
}
