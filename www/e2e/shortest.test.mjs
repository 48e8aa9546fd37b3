// Find the shortest trick (issue 54): the Lab's "find a shorter way" opens
// the Shortest program panel (its own module, loaded on first use) with
// the Lab's code; the Web Worker's search finds the shortest program,
// says it is minimal, and one click steps it in the Lab beside the
// specification, where it is proven equal. A long search is cancelled.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { newPage, shot, useSite } from './harness.mjs';

const site = useSite();

/** A loop that clears the lowest set bit: its shortest form is x & (x - 1). */
const LOOP = 'unsigned clear_lowest(unsigned x)\n{\n    for (int i = 0; i < 32; i++)\n        if (x >> i & 1)\n            return x ^ (1u << i);\n    return 0;\n}\n';

test('the Lab finds a shorter form of a pasted loop, minimal, stepped and proven', async () => {
  const { page, problems, context } = await newPage(site.browser, { viewport: { width: 1280, height: 1000 } });
  await page.goto(`${site.server.url}#/lab?mode=c`);
  await page.waitForSelector('#lab-src');
  await page.fill('#lab-src', LOOP);
  await page.waitForFunction(() => location.hash.includes('clear_lowest'));
  await page.click('.lab-shorter a[data-link="shortest"]');
  await page.waitForSelector('main#panel[data-panel="shortest"] #synth-src');
  assert.match(await page.inputValue('#synth-src'), /clear_lowest/);
  await page.fill('#synth-ops', '& - + ~ ^');
  await page.click('.synth-start');
  await page.waitForSelector('.synth-found, .synth-none', { timeout: 60000 });
  assert.equal(await page.getAttribute('.synth-found', 'data-minimal'), 'true');
  assert.match(await page.textContent('.synth-found'), /2 operations/);
  assert.match(await page.textContent('.synth-expr'), /x & \(x - 1u?\)/);
  await shot(page, 'shortest-found');
  // one click: the program in the Lab, the loop in "compare with", proven
  await page.click('.synth-lab');
  await page.waitForFunction(() => location.hash.startsWith('#/lab?') && location.hash.includes('mode=c'));
  await page.waitForSelector('.c-return');
  assert.match(await page.inputValue('#lab-c-cmp'), /clear_lowest/);
  await page.click('.lab-c-prove');
  await page.waitForSelector('.c-compare .verdict[data-verdict]', { timeout: 60000 });
  assert.equal(await page.getAttribute('.c-compare .verdict', 'data-verdict'), 'equal');
  assert.deepEqual(problems, []);
  await context.close();
});

test('a long search shows its progress and is cancelled', async () => {
  const { page, problems, context } = await newPage(site.browser, { viewport: { width: 390, height: 844 } });
  // popcount of 32 bits in 8 operations of & + >> only: far beyond a short search
  const spec = 'unsigned pop(unsigned x) { unsigned n = 0; while (x) { n += x & 1; x >>= 1; } return n; }';
  await page.goto(`${site.server.url}#/shortest?src=${encodeURIComponent(spec)}&ops=${encodeURIComponent('& + >>')}&max=8&secs=120`);
  await page.waitForSelector('.synth-start');
  await page.click('.synth-start');
  await page.waitForSelector('.synth-progress');
  await page.waitForFunction(() => /candidates/.test(document.querySelector('.synth-progress')?.textContent ?? ''));
  // from length 3 every worker searches a share of each length
  const cores = await page.evaluate(() => Math.min(16, navigator.hardwareConcurrency));
  if (cores > 1) {
    await page.waitForFunction((n) => new RegExp(`share \\d of ${n}`).test(document.querySelector('.synth-progress')?.textContent ?? ''), cores, { timeout: 30000 });
  }
  await shot(page, 'shortest-phone-running');
  await page.click('.synth-cancel');
  await page.waitForSelector('.synth-cancelled');
  const sideways = await page.evaluate(() => document.scrollingElement.scrollWidth - document.scrollingElement.clientWidth);
  assert.ok(sideways <= 0, `the page scrolls sideways by ${sideways} px`);
  assert.deepEqual(problems, []);
  await context.close();
});

// Issue 68: no constant typed; the shortest program of a rotate-by-8 loop
// needs 8 and 24, which the search takes from the specification, and says so.
test('the constants a program needs are found from the specification', async () => {
  const { page, problems, context } = await newPage(site.browser, { viewport: { width: 1280, height: 1000 } });
  const spec = 'unsigned rotl8(unsigned x) { for (int i = 0; i < 8; i++) x = (x << 1) | (x >> 31); return x; }';
  await page.goto(`${site.server.url}#/shortest?src=${encodeURIComponent(spec)}`);
  await page.waitForSelector('.synth-start');
  assert.equal(await page.inputValue('#synth-consts'), '');
  await page.click('.synth-start');
  await page.waitForSelector('.synth-found, .synth-none', { timeout: 60000 });
  assert.match(await page.textContent('.synth-found'), /3 operations/);
  assert.match(await page.textContent('.synth-expr'), /<< 8u?\) \| \(x >> 24u?\)|>> 24u?\) \| \(x << 8u?\)/);
  assert.match(await page.textContent('.synth-helped'), /helped.*\b(8, 24|24, 8)\b/);
  assert.match(await page.textContent('.synth-constants'), /the spec's/);
  await shot(page, 'shortest-constants');
  assert.deepEqual(problems, []);
  await context.close();
});

// Issue 68: where the lengths get costly, the page's search tries the
// catalog's tricks first, as `bitscope synth` does: parity from a loop
// (P22, 8 operations) is found built on `parity-mul`, not called minimal.
test('a long program is found built on the catalog, and said so', async () => {
  const { page, problems, context } = await newPage(site.browser, { viewport: { width: 1280, height: 1000 } });
  const spec = 'unsigned parity(unsigned x) { unsigned p = 0; for (int i = 0; i < 32; i++) p ^= (x >> i) & 1; return p; }';
  await page.goto(`${site.server.url}#/shortest?src=${encodeURIComponent(spec)}&max=8`);
  await page.waitForSelector('.synth-start');
  await page.click('.synth-start');
  await page.waitForSelector('.synth-found, .synth-none', { timeout: 60000 });
  const found = page.locator('.synth-found');
  assert.equal(await found.getAttribute('data-minimal'), 'false');
  assert.match(await found.textContent(), /8 operations/);
  assert.match(await found.textContent(), /not shown minimal: no program of fewer than [4-7] operations exists/);
  assert.match(await page.textContent('.synth-catalog'), /catalog's parity-mul/);
  assert.match(await page.textContent('.synth-expr'), /0x11111111u?\) \* 0x11111111u?/);
  await shot(page, 'shortest-catalog');
  // the same result on a 390 px phone: nothing scrolls sideways
  await page.setViewportSize({ width: 390, height: 844 });
  const sideways = await page.evaluate(() => document.scrollingElement.scrollWidth - document.scrollingElement.clientWidth);
  assert.equal(sideways, 0);
  await shot(page, 'shortest-catalog-phone');
  assert.deepEqual(problems, []);
  await context.close();
});

// Issue 68: a length too costly to enumerate is first met in the middle
// (one worker), as `bitscope synth` does: swap adjacent bits, from a loop,
// no constant typed, is found with 5 operations on the spec's 0x55555555.
test('swap adjacent bits is found from its loop, met in the middle', async () => {
  const { page, problems, context } = await newPage(site.browser, { viewport: { width: 1280, height: 1000 } });
  const spec = 'unsigned swap_adjacent(unsigned x) { unsigned r = 0; for (int i = 0; i < 32; i += 2) r |= (((x >> i) & 1) << (i + 1)) | (((x >> (i + 1)) & 1) << i); return r; }';
  await page.goto(`${site.server.url}#/shortest?src=${encodeURIComponent(spec)}&max=6`);
  await page.waitForSelector('.synth-start');
  await page.click('.synth-start');
  await page.waitForSelector('.synth-found, .synth-none', { timeout: 60000 });
  const found = page.locator('.synth-found');
  assert.match(await found.textContent(), /5 operations/);
  assert.equal(await found.getAttribute('data-minimal'), 'false');
  assert.match(await page.textContent('.synth-helped'), /0x55555555/);
  console.log(`# swap adjacent bits in Chromium: ${(await found.locator('p').nth(1).textContent()).trim()}`);
  assert.deepEqual(problems, []);
  await context.close();
});
