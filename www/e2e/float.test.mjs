// The Float panel (issue 67): opened from its link (from Practice's module,
// fetched on first use), 0.1 + 0.2 stepped to its rounding, a bit clicked,
// E4M3's 448 and its saturation, the neighbours and the special values, a
// reload that keeps the state, and a 390 px phone without sideways scroll.
// Every value asserted is what the library computes exactly (0.1f is
// 0.100000001490116119384765625; 0.1 + 0.2 in binary64 is
// 0.3000000000000000444089209850062616169452667236328125).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { newPage, shot, useSite } from './harness.mjs';

const site = useSite();

async function open(route, viewport = { width: 1280, height: 1000 }) {
  const opened = await newPage(site.browser, { viewport });
  await opened.page.goto(`${site.server.url}#/${route}`);
  await opened.page.waitForSelector('.float-bits-card .float-exact');
  return opened;
}

const exact = (page) => page.textContent('.float-bits-card .float-exact');

test('float: opened from its link, 0.1 in binary32 exactly and in every format', async () => {
  const { page, problems, context } = await open('float');
  const names = await page.evaluate(() => performance.getEntriesByType('resource').map((r) => r.name));
  assert.ok(names.some((n) => n.includes('bitscope_panels')), 'the panel comes from the late module');
  assert.equal(await page.textContent('h2'), 'Float: IEEE 754 bit by bit');
  assert.equal(await exact(page), '0.100000001490116119384765625');
  assert.match(await page.textContent('.float-rounding'), /inexact/);
  // the typed 0.1 rounded in each format, and each one's exact error
  const row = (f) => page.textContent(`.float-formats-table tr[data-format="${f}"]`);
  assert.match(await row('bfloat16'), /0x3dcd.*0\.10009765625.*0\.000097654759883880615234375/);
  assert.match(await row('binary64'), /0x3fb999999999999a.*0\.1000000000000000055511151231257827021181583404541015625/);
  assert.match(await row('e4m3'), /0x1d.*0\.1015625/);
  // the neighbours: four each side, the value marked, the gap at this exponent
  assert.equal(await page.locator('.float-neighbours li').count(), 9);
  assert.match(await page.textContent('.float-neighbours li.this-float'), /0x3dcccccd.*gap 0\.000000007450580596923828125/);
  await shot(page, 'float');
  assert.deepEqual(problems, []);
  await context.close();
});

test('float: 0.1 + 0.2 in binary64 stepped to its rounding, and why it is not 0.3', async () => {
  const { page, problems, context } = await open('float?f=binary64&mode=op&a=0.1&b=0.2&c=0.3');
  assert.equal(await exact(page), '0.3000000000000000444089209850062616169452667236328125');
  assert.match(await page.textContent('.float-sum-card h3'), /0\.1 \+ 0\.2 != 0\.3 in binary64/);
  const labels = [];
  let round = '';
  const next = page.locator('.float-steps .step-controls .next');
  while (await next.isEnabled()) {
    await next.click();
    const label = await page.textContent('.float-steps .step.current .step-label');
    labels.push(label);
    if (label === 'round to nearest, ties to even') round = await page.textContent('.float-steps .step.current');
  }
  assert.ok(labels.includes('round to nearest, ties to even'), labels.join(' | '));
  // the sum is exactly halfway: a tie, rounded up to the even neighbour (the last rounding)
  assert.match(round, /G R S = 1 0 0 → \+1.*a tie; the last kept bit is 1 \(odd\), round up to even/s);
  assert.match(await page.textContent('.float-steps .step.current .step-label'), /pack sign, exponent and fraction/);
  await shot(page, 'float-point-one-plus-point-two');
  assert.deepEqual(problems, []);
  await context.close();
});

test('float: a clicked bit is decoded, and the link reopens it', async () => {
  const { page, problems, context } = await open('float');
  await page.click('.float-bits-card button[data-bit="31"]');
  await page.waitForFunction(() => location.hash.includes('mode=bits') && location.hash.includes('bits=bdcccccd'));
  assert.equal(await exact(page), '-0.100000001490116119384765625');
  await page.click('.float-bits-card button[data-bit="30"]');
  await page.waitForFunction(() => location.hash.includes('bits=fdcccccd'));
  assert.equal(await exact(page), '-34028237199154086437629221341858103296');
  const url = page.url();
  await page.reload();
  await page.waitForSelector('.float-bits-card .float-exact');
  assert.equal(page.url(), url);
  assert.equal(await page.getAttribute('.float-bits-card button[data-bit="30"]', 'aria-pressed'), 'true');
  assert.deepEqual(problems, []);
  await context.close();
});

test('float: E4M3 tops out at 448 and saturates; its one NaN; a neighbour clicked', async () => {
  const { page, problems, context } = await open('float?f=e4m3&n=448');
  assert.equal(await exact(page), '448');
  assert.match(await page.textContent('.float-rounding'), /exact/);
  await page.fill('#float-number', '500');
  await page.waitForFunction(() => location.hash.includes('n=500'));
  assert.equal(await exact(page), '448');
  assert.match(await page.textContent('.float-rounding'), /saturated to the largest finite value/);
  // no float above 448: the line stops there
  assert.equal(await page.locator('.float-neighbours li').count(), 5);
  await page.click('.float-neighbours button[data-bits="7d"]');
  await page.waitForFunction(() => location.hash.includes('bits=7d'));
  assert.equal(await exact(page), '416');
  await page.click('.float-specials button[data-special="NaN"]');
  await page.waitForFunction(() => location.hash.includes('bits=7f'));
  assert.equal(await page.textContent('.float-class'), 'NaN');
  await page.click('.float-specials button[data-special="smallest subnormal"]');
  await page.waitForFunction(() => /bits=0*1(&|$)/.test(location.hash));
  assert.equal(await exact(page), '0.001953125');
  await shot(page, 'float-e4m3');
  assert.deepEqual(problems, []);
  await context.close();
});

test('float: a typo is said, and the last value stays', async () => {
  const { page, problems, context } = await open('float');
  await page.fill('#float-number', '0.1.2');
  await page.waitForSelector('.float-error');
  assert.equal(await exact(page), '0.100000001490116119384765625');
  assert.ok(await page.locator('.float-shown.stale-run').count(), 'the value shown is marked stale');
  assert.deepEqual(problems, []);
  await context.close();
});

test('float: a 390 px phone scrolls no sideways, even with 767 digits', async () => {
  // binary64's smallest subnormal: 4.9e-324, exactly, with every digit
  const { page, problems, context } = await open('float?f=binary64&mode=bits&bits=1', { width: 390, height: 844 });
  assert.match(await exact(page), /^0\.0{323}4940656458412465441765687928682213723650598026143247/);
  const wide = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  assert.ok(wide <= 0, `scrolls ${wide} px sideways`);
  await shot(page, 'float-phone');
  assert.deepEqual(problems, []);
  await context.close();
});

test('float: its embed reopens the state it was given', async () => {
  const { page, problems, context } = await open('embed/float?f=bfloat16&mode=op&op=mul&a=3&b=0.1');
  // 3 × bfloat16(0.1) = 3 × 0.10009765625 = 0.30029296875, rounded to bfloat16
  assert.equal(await exact(page), '0.30078125');
  assert.equal(await page.locator('header nav').count(), 0, 'no site header in an embed');
  assert.deepEqual(problems, []);
  await context.close();
});

test('float: the tricks stepped: fast inverse square root, rounding by 1.5 × 2^23, int to double by 2^52', async () => {
  const { page, problems, context } = await open('float?mode=trick&trick=invsqrt&n=4');
  // 1/√4 = 0.5: the guess and one Newton step land within 0.2%
  assert.match(await exact(page), /^0\.49[89]\d+$/);
  const next = page.locator('.float-steps .step-controls .next');
  while (await next.isEnabled()) await next.click();
  assert.match(await page.textContent('.float-steps .step.current'), /one Newton step.*relative error 0\.\d+%/s);
  // both constants' largest error over every positive float, side by side
  const max = (m) => page.textContent(`.float-inv-sqrt-card tr[data-magic="${m}"] .inv-sqrt-max`);
  const [quake, lomont] = [await max('0x5f3759df'), await max('0x5f375a86')];
  assert.match(quake, /^0\.1752\d\d%$/);
  assert.match(lomont, /^0\.1751\d\d%$/);
  console.log(`# largest relative errors in the page: ${quake} (0x5f3759df), ${lomont} (0x5f375a86)`);
  await shot(page, 'float-inv-sqrt');
  await page.selectOption('#float-trick', 'round');
  await page.fill('#float-number', '2.5');
  await page.waitForFunction(() => location.hash.includes('trick=round') && location.hash.includes('n=2.5'));
  assert.equal(await exact(page), '2', 'ties to even');
  await page.selectOption('#float-trick', 'int2double');
  await page.fill('#float-number', '4294967295');
  await page.waitForFunction(() => location.hash.includes('trick=int2double') && location.hash.includes('n=4294967295'));
  assert.equal(await exact(page), '4294967295');
  assert.match(await page.textContent('.float-bits-card h3'), /binary64/);
  await page.fill('#float-number', '-1');
  await page.waitForSelector('.float-error');
  assert.match(await page.textContent('.float-error'), /not an integer from 0 to 4294967295/);
  // how long the page takes to sweep both constants (the card mounts again)
  await page.fill('#float-number', '2');
  await page.waitForSelector('.float-error', { state: 'detached' });
  const start = Date.now();
  await page.selectOption('#float-trick', 'invsqrt');
  await page.waitForSelector('.float-inv-sqrt-card');
  console.log(`# the page swept every positive float for both constants, shown in ${Date.now() - start} ms`);
  assert.deepEqual(problems, []);
  await context.close();
});
