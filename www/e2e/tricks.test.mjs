// Find a trick (issue 55): the catalog's search box on the start page and
// in the header (`/` focuses it). The five tricks a learner looked for are
// found by typing them; a result opens the trick in the Lab's C mode with
// its specification as "compare with", where one click proves the two
// equal. The time from a keystroke to its results is logged (page time,
// warm worker), not asserted: speed is measured, never a timed test.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { newPage, shot, useSite } from './harness.mjs';

const site = useSite();

/** (what a learner types, the title the first result must have). */
const FIVE = [
  ['round up to a power of two', /^Round up to a power of two/],
  ['count bits', /^Population count/],
  ['index of the lowest set bit', /^Count trailing zeros/],
  ['revrse bits', /^Reverse the bits of a word/],
  ['divide by 3', /division by 3/],
];

/** Types `query` into `#id` and waits for the list of that query. */
async function search(page, id, query) {
  await page.fill(`#${id}`, query);
  const list = page.locator(`#${id}-results .trick-list[aria-label="tricks for ${query}"]`);
  await list.waitFor();
  return list;
}

test('find a trick: the five a learner looked for, from the start page', async () => {
  const { page, problems, context } = await newPage(site.browser, { viewport: { width: 1280, height: 900 } });
  await page.goto(`${site.server.url}#/`);
  await page.waitForSelector('#start-search');
  // the catalog is not in the first load: no worker module before a search
  const before = await page.evaluate(() => performance.getEntriesByType('resource').map((r) => r.name));
  assert.ok(!before.some((n) => n.includes('bitscope_worker')), 'the worker module loaded before a search');
  for (const [query, title] of FIVE) {
    const list = await search(page, 'start-search', query);
    assert.match(await list.locator('.trick-hit').first().textContent(), title, query);
  }
  // a keystroke to its results, the worker warm
  const ms = await page.evaluate(async () => {
    const input = document.getElementById('start-search');
    const times = [];
    for (const q of ['gray code', 'byte swap', 'sign of an integer', 'has zero byte', 'rotate left']) {
      const t0 = performance.now();
      input.value = q;
      input.dispatchEvent(new InputEvent('input', { bubbles: true }));
      await new Promise((resolve) => {
        const tick = () => (document.querySelector(`#start-search-results .trick-list[aria-label="tricks for ${q}"]`) ? resolve() : requestAnimationFrame(tick));
        tick();
      });
      times.push(performance.now() - t0);
    }
    return times;
  });
  console.log(`# trick search in Chromium: ${ms.map((t) => t.toFixed(1)).join(', ')} ms from a keystroke to its results`);
  await search(page, 'start-search', 'revrse bits');
  await shot(page, 'tricks-search-start');
  // nothing matches: said so; Escape clears
  await page.fill('#start-search', 'zzqqxx');
  await page.waitForSelector('#start-search-results .trick-none');
  await page.press('#start-search', 'Escape');
  assert.equal(await page.inputValue('#start-search'), '');
  assert.deepEqual(problems, []);
  await context.close();
});

test('find a trick: / focuses the header search; a result opens in the Lab and proves', async () => {
  const { page, problems, context } = await newPage(site.browser, { viewport: { width: 1280, height: 1000 } });
  await page.goto(`${site.server.url}#/popcount`);
  await page.waitForSelector('#panel h2');
  await page.keyboard.press('/');
  assert.equal(await page.evaluate(() => document.activeElement.id), 'trick-search');
  const list = await search(page, 'trick-search', 'reverse bits');
  const first = list.locator('li').first();
  const id = await first.getAttribute('data-trick');
  await shot(page, 'tricks-search-header');
  await first.locator('.trick-hit').click();
  await page.waitForFunction(() => location.hash.startsWith('#/lab?') && location.hash.includes('mode=c'));
  // the list closed behind the link, the box emptied
  assert.equal(await page.inputValue('#trick-search'), '');
  assert.equal(await page.locator('#trick-search-results .trick-list').count(), 0);
  // the trick runs, its specification is in "compare with": one click proves
  await page.waitForSelector('.c-return');
  assert.match(await page.inputValue('#lab-src'), /reverse32/, id);
  assert.match(await page.inputValue('#lab-c-cmp'), /reverse32_spec/);
  await page.click('.lab-c-prove');
  await page.waitForSelector('.c-compare .verdict[data-verdict]', { timeout: 60000 });
  assert.equal(await page.getAttribute('.c-compare .verdict', 'data-verdict'), 'equal');
  await shot(page, 'tricks-search-proved');
  assert.deepEqual(problems, []);
  await context.close();
});

test('find a trick at 390 px: the header box fits, its results are links of 24 px', async () => {
  const { page, problems, context } = await newPage(site.browser, { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  await page.goto(`${site.server.url}#/lab`);
  const list = await search(page, 'trick-search', 'gray code');
  const small = await list.locator('.trick-hit').evaluateAll((as) => as.map((a) => a.getBoundingClientRect()).filter((r) => r.height < 24).length);
  assert.equal(small, 0);
  const sideways = await page.evaluate(() => document.scrollingElement.scrollWidth - document.scrollingElement.clientWidth);
  assert.ok(sideways <= 0, `the page scrolls sideways by ${sideways} px`);
  await shot(page, 'tricks-search-phone');
  assert.deepEqual(problems, []);
  await context.close();
});

test('the search says when nothing matches every word, and opens a result by Enter or the arrow keys', async () => {
  const { page, problems, context } = await newPage(site.browser, { viewport: { width: 1280, height: 900 } });
  await page.goto(`${site.server.url}#/`);
  await page.waitForSelector('#trick-search');
  // only weak matches: said before the closest (issue 66)
  const weak = await search(page, 'trick-search', 'quantum teleportation of bits');
  assert.ok((await weak.locator('.trick-hit').count()) > 0);
  assert.match(await page.textContent('#trick-search-results .trick-weak'), /No trick matches all of your words; the closest:/);
  // a match of every word: no such line
  await search(page, 'trick-search', 'reverse bits');
  assert.equal(await page.locator('#trick-search-results .trick-weak').count(), 0);
  // Enter opens the first result in the Lab
  const first = await page.locator('#trick-search-results .trick-hit').first().getAttribute('href');
  await page.press('#trick-search', 'Enter');
  await page.waitForFunction((h) => location.hash === h, first);
  await page.waitForSelector('main#panel[data-panel="lab"]');
  // ArrowDown goes into the list, again to the second; Enter opens it
  const list = await search(page, 'trick-search', 'reverse bits');
  const second = await list.locator('.trick-hit').nth(1).getAttribute('href');
  await page.press('#trick-search', 'ArrowDown');
  await page.keyboard.press('ArrowDown');
  assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('href')), second);
  await page.keyboard.press('Enter');
  await page.waitForFunction((h) => location.hash === h, second);
  // ArrowUp from the first result goes back to the box
  await search(page, 'trick-search', 'reverse bits');
  await page.press('#trick-search', 'ArrowDown');
  await page.keyboard.press('ArrowUp');
  assert.equal(await page.evaluate(() => document.activeElement?.id), 'trick-search');
  assert.deepEqual(problems, []);
  await context.close();
});

test('a question the Float panel answers opens it: fast inverse square root, 0.1 + 0.2, IEEE 754, fp8', async () => {
  const { page, problems, context } = await newPage(site.browser, { viewport: { width: 1280, height: 900 } });
  await page.goto(`${site.server.url}#/`);
  await page.waitForSelector('#trick-search');
  for (const query of ['float bits', 'IEEE 754', 'bfloat16', 'fp8']) {
    await search(page, 'trick-search', query);
    assert.equal(await page.locator('#trick-search-results .trick-hit').first().getAttribute('href'), '#/float', query);
  }
  await search(page, 'trick-search', '0.1 + 0.2');
  assert.match(await page.locator('#trick-search-results .trick-hit').first().getAttribute('href'), /^#\/float\?f=binary64&mode=op&a=0\.1&b=0\.2/);
  await search(page, 'trick-search', 'fast inverse square root');
  await page.press('#trick-search', 'Enter');
  await page.waitForFunction(() => location.hash.startsWith('#/float?mode=trick&trick=invsqrt'));
  await page.waitForSelector('.float-bits-card .float-exact');
  assert.match(await page.textContent('.float-bits-card .float-exact'), /^0\.70\d+$/, '1/√2 ≈ 0.707');
  assert.deepEqual(problems, []);
  await context.close();
});

test('the start page says how many tricks the catalog holds', async () => {
  const { page, problems, context } = await newPage(site.browser, { viewport: { width: 1280, height: 900 } });
  await page.goto(`${site.server.url}#/`);
  await page.waitForSelector('#start-search');
  const said = await page.textContent('main#panel');
  const n = Number(/among (\d+) classic ones/.exec(said)?.[1]);
  // README's number, which a native test ties to the parsed catalog
  const { readFileSync } = await import('node:fs');
  const { repo } = await import('./harness.mjs');
  const readme = readFileSync(`${repo}/README.md`, 'utf8');
  const inReadme = Number(/(\d+) classic tricks/.exec(readme)?.[1]);
  assert.ok(n > 250, said);
  assert.equal(n, inReadme, `the start page says ${n}, README ${inReadme}`);
  assert.deepEqual(problems, []);
  await context.close();
});

test('what is typed into the prerendered start page is searched once the app starts', async () => {
  const { page, problems, context } = await newPage(site.browser, { viewport: { width: 1280, height: 900 } });
  // the page's wasm held back: the start page is index.html's prerendered one
  let release;
  const held = new Promise((r) => { release = r; });
  await page.route(/\/pkg\/bitscope_bg\.[0-9a-f]+\.wasm$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(`${site.server.url}#/`, { waitUntil: 'domcontentloaded' });
  assert.equal(await page.locator('.shell[data-prerendered]').count(), 1, 'the app has not started');
  await page.fill('#start-search', 'count bits');
  release();
  const list = page.locator('#start-search-results .trick-list[aria-label="tricks for count bits"]');
  await list.waitFor();
  assert.equal(await page.locator('.shell[data-prerendered]').count(), 0, 'the app replaced it');
  assert.equal(await page.inputValue('#start-search'), 'count bits');
  assert.equal(await page.evaluate(() => document.activeElement?.id), 'start-search');
  assert.deepEqual(problems, []);
  await context.close();
});
