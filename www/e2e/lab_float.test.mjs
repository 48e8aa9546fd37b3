// The Lab's C code mode with floats: a float's sign, exponent and fraction
// under its value, the int-to-float rounding as a step of its own, and a
// union's bytes with NaN bits as x86-64 makes them (the worker's C
// evaluator, the same as the CLI's).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { eventually, newPage, shot, useSite } from './harness.mjs';

const site = useSite();

const HALF = `float half_of(int n) {
    return n * 0.5f;
}`;

const SCALE2 = `float scale2(unsigned uf) {
    union { unsigned u; float f; } a;
    a.u = uf;
    a.f = 2 * a.f;
    return a.f;
}`;

test('lab C mode: floats stepped with their fields and their rounding', async () => {
  const { page, problems } = await newPage(site.browser, { viewport: { width: 1400, height: 1100 } });
  await page.goto(`${site.server.url}#/lab`);
  await page.click('.lab-mode [data-mode="c"]');
  await page.waitForSelector('#lab-src');

  // 16777217 does not fit float's 24 bits: a tie, rounded to even (down)
  await page.fill('#lab-src', HALF);
  await page.fill('#lab-arg-n', '16777217');
  await eventually(() => page.getAttribute('.c-return', 'data-decimal'), '8388608.0', 'half_of(16777217)');
  assert.equal(await page.getAttribute('.c-return', 'data-hex'), '0x4b000000');
  const fields = await page.textContent('.c-return .c-float-fields');
  assert.equal(fields, 'sign 0 · exponent 10010110 (2^23) · fraction 00000000000000000000000: normal, exactly 8388608');
  const row = page.locator('.c-exprs tr.c-conversion.changes').first();
  await row.waitFor();
  assert.match(await row.textContent(), /int → float/);
  assert.match(await row.textContent(), /16777217 → 16777216\.0/);
  assert.match(
    await page.textContent('.c-exprs .c-rule'),
    /16777217 converted to float: 25 significant bits, float keeps 24; 1 bit dropped \(1\): a tie, rounded to even \(down\): now 16777216\.0/,
  );
  await shot(page, 'lab-c-float');

  // a signalling NaN through a union: 2 * f quiets it (x86-64's rule)
  await page.fill('#lab-src', SCALE2);
  await page.fill('#lab-arg-uf', '0x7fa00001');
  await eventually(() => page.getAttribute('.c-return', 'data-hex'), '0x7fe00001', 'scale2(sNaN)');
  assert.equal(
    await page.textContent('.c-return .c-float-fields'),
    'sign 0 · exponent 11111111 · fraction 11000000000000000000001: quiet NaN',
  );
  // one step back: a.f = 2 * a.f, the union's bytes after it, little-endian
  await page.click('.code-steps .step-player .prev');
  await eventually(() => page.getAttribute('.c-statement', 'data-line'), '4', 'the doubling');
  const a = page.locator('.c-vars tr[data-var="a"]');
  assert.equal(await a.locator('.c-type').textContent(), 'union {…}');
  assert.equal(await a.locator('.c-bytes').textContent(), 'bytes 01 00 e0 7f');
  assert.equal(await a.locator('.c-memory').textContent(), '01 00 e0 7f');
  // every scalar too, lowest address first
  assert.equal(await page.locator('.c-vars tr[data-var="uf"] .c-memory').textContent(), '01 00 a0 7f');
  assert.match(await page.textContent('.c-statement'), /a\.f = 2 \* a\.f/);
  await shot(page, 'lab-c-float-union');
  assert.deepEqual(problems, []);
});
