// The catalog's three panels (issue 55): bit permutations, division by a
// constant, Gray code. Each is in Practice's module, fetched on first use
// (the first load does not grow); each steps on real bits to the plain
// answer; the division's code opens in the Lab and is proven there.
// Screenshots at 1280 and 390 px. (Their links' round trip after random
// edits is in roundtrip.test.mjs.)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { newPage, shot, useSite } from './harness.mjs';

const site = useSite();

/** Opens `route`, waits for the lazy panel, returns the page. */
async function open(route, viewport = { width: 1280, height: 1000 }) {
  const opened = await newPage(site.browser, { viewport });
  await opened.page.goto(`${site.server.url}#/${route}`);
  await opened.page.waitForSelector('main#panel section.panel h2');
  return opened;
}

/** Presses "next" until the stepper in `scope` is at its last step. */
async function toTheEnd(page, scope) {
  const next = page.locator(`${scope} .step-controls .next`);
  while (await next.isEnabled()) await next.click();
  return page.locator(`${scope} .step.current .step-expr`).textContent();
}

test('division: 7 needs the add variant; stepped on x; the remainder and the inverse test', async () => {
  const { page, problems, context } = await open('divide');
  const names = await page.evaluate(() => performance.getEntriesByType('resource').map((r) => r.name));
  assert.ok(names.some((n) => n.includes('bitscope_panels')), 'the panel comes from its own module');
  const lines = await page.locator('.divide-lines li').allTextContents();
  assert.ok(lines.some((l) => l.includes('0x124924925') && l.includes('add variant')), lines.join('\n'));
  assert.ok(lines.some((l) => /A shift of 2 is too little/.test(l)), lines.join('\n'));
  assert.match(await page.textContent('.divide-check'), /1000000 \/ 7 = 142857/);
  await toTheEnd(page, '.divide-steps');
  assert.match(await page.textContent('.divide-steps .trace-result'), /142857|0x00022e09/);
  // another divisor, typed: 10 at 16 bits, x = 0xffff
  await page.click('.divide-inputs button[data-choice="width=16"]');
  await page.fill('#divide-d', '10');
  await page.fill('#divide-x', '0xffff');
  await page.waitForFunction(() => location.hash.includes('d=10') && location.hash.includes('x=ffff'));
  assert.match(await page.textContent('.divide-check'), /65535 \/ 10 = 6553/);
  assert.match(await page.textContent('.divide-test-check'), /x % 10 == 0 is false/);
  // a divisor the width cannot hold: said, and the last good one kept
  await page.fill('#divide-d', '70000');
  await page.waitForSelector('.divide-inputs .error');
  assert.match(page.url(), /d=10/);
  await shot(page, 'divide');
  // signed: -7 rounds toward zero
  await page.click('.divide-inputs button[data-choice="signed=1"]');
  await page.fill('#divide-d', '-7');
  await page.fill('#divide-x', '-100');
  await page.waitForFunction(() => location.hash.includes('d=-7'));
  assert.match(await page.textContent('.divide-check'), /-100 \/ -7 = 14/);
  assert.deepEqual(problems, []);
  await context.close();
});

test('division: the code opens in the Lab and is proven equal to x / d', async () => {
  const { page, problems, context } = await open('divide?d=10&width=32');
  await page.click('.divide-lab');
  await page.waitForFunction(() => location.hash.startsWith('#/lab?') && location.hash.includes('mode=c'));
  await page.waitForSelector('.c-return');
  assert.match(await page.inputValue('#lab-c-cmp'), /return x \/ 10;/);
  await page.click('.lab-c-prove');
  await page.waitForSelector('.c-compare .verdict[data-verdict]', { timeout: 60000 });
  assert.equal(await page.getAttribute('.c-compare .verdict', 'data-verdict'), 'equal');
  assert.match(await page.textContent('.c-compare .verdict'), /error bound/);
  await shot(page, 'divide-proved-in-lab');
  assert.deepEqual(problems, []);
  await context.close();
});

test('bit permutations: the ladder reverses, the network routes any permutation', async () => {
  const { page, problems, context } = await open('permute?mode=ladder&width=32&x=1');
  await toTheEnd(page, '.permute-steps');
  assert.match(await page.textContent('.permute-check'), /0x00000001 → 0x80000000 .*✓/);
  await page.click('button[data-choice="mode=table"]');
  await page.waitForFunction(() => location.hash.includes('mode=table'));
  await toTheEnd(page, '.permute-steps');
  assert.match(await page.textContent('.permute-check'), /→ 0x80000000 .*✓/);
  // the 8x8 transpose: a network of at most 11 stages
  await page.click('button[data-choice="mode=network"]');
  await page.waitForSelector('.permute-stages');
  const stages = await page.locator('.permute-stages tbody tr').count();
  assert.ok(stages >= 1 && stages <= 11, `${stages} stages`);
  await page.fill('#permute-x', '0xff');
  await toTheEnd(page, '.permute-steps');
  assert.match(await page.textContent('.permute-check'), /0x00000000000000ff → 0x0101010101010101 .*✓/);
  await shot(page, 'permute');
  // a list typed in: its width is the list's length; a wrong one says why
  await page.fill('#permute-list', '2 0 3 1');
  await page.waitForFunction(() => location.hash.includes('perm=2'));
  assert.match(await page.textContent('.permute-check'), /✓/);
  await page.fill('#permute-list', '0 0 1 2');
  await page.waitForSelector('.permute-error');
  assert.deepEqual(problems, []);
  await context.close();
});

test('gray code: to Gray and back, and every 3-subset of 6 by Gosper', async () => {
  const { page, problems, context } = await open('gray');
  await toTheEnd(page, '.gray-encode');
  assert.match(await page.textContent('.gray-encode .trace-result'), /0x76/);
  await toTheEnd(page, '.gray-decode');
  assert.match(await page.textContent('.gray-decode .trace-result'), /0x5b/);
  assert.equal(await page.locator('.subset-list li').count(), 20);
  // after 110100 comes 111000
  await page.click('.subset-list button[data-subset="34"]');
  await page.waitForFunction(() => location.hash.includes('at=34'));
  await toTheEnd(page, '.gray-gosper');
  assert.match(await page.textContent('.gray-gosper .trace-result'), /0x38|111000/);
  // and 111000 is the last 3-subset of 6 bits: said so, no step
  await page.click('.subset-list button[data-subset="38"]');
  await page.waitForSelector('.gray-gosper .gosper-end');
  await page.selectOption('#gray-n', '8');
  await page.selectOption('#gray-k', '2');
  await page.waitForFunction(() => location.hash.includes('n=8') && location.hash.includes('k=2'));
  assert.equal(await page.locator('.subset-list li').count(), 28);
  await shot(page, 'gray');
  assert.deepEqual(problems, []);
  await context.close();
});

test('the three panels at 390 px: nothing scrolls sideways', async () => {
  for (const route of ['divide', 'permute?mode=network', 'gray']) {
    const { page, problems, context } = await open(route, { width: 390, height: 844 });
    const sideways = await page.evaluate(() => document.scrollingElement.scrollWidth - document.scrollingElement.clientWidth);
    assert.ok(sideways <= 0, `${route} scrolls sideways by ${sideways} px`);
    await shot(page, `${route.split('?')[0]}-phone`);
    assert.deepEqual(problems, []);
    await context.close();
  }
});

test('a catalog entry links to the panel of its idea: "divide by 3" to Division', async () => {
  const { page, problems, context } = await open('lab');
  await page.fill('#trick-search', 'divide by 3');
  const link = page.locator('#trick-search-results .trick-list[aria-label="tricks for divide by 3"] li').first().locator('.trick-panel');
  assert.equal(await link.getAttribute('href'), '#/divide');
  await link.click();
  await page.waitForSelector('main#panel[data-panel="divide"] .divide-derivation');
  assert.equal(await page.locator('#trick-search-results .trick-list').count(), 0, 'the list closed');
  assert.deepEqual(problems, []);
  await context.close();
});
