// The GPU panel: a perft through WebGPU (SwiftShader in headless Chromium)
// that agrees with the CPU perft of the wasm worker, for both kernel
// variants; and, in a browser without WebGPU, a plain message and the CPU perft.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { chromium } from 'playwright-core';
import { newPage, shot, CHROMIUM_ARGS, useSite } from './harness.mjs';

const site = useSite();

test('GPU perft through WebGPU matches the CPU, both variants', async () => {
  const { page, problems, context } = await newPage(site.browser, { viewport: { width: 1280, height: 900 } });
  await page.goto(`${site.server.url}#/gpu?depth=3`);
  await page.waitForSelector('.adapter-name', { timeout: 60000 });
  console.log(`# WebGPU adapter: ${await page.textContent('.adapter-name')}`);
  assert.ok(Number(await page.textContent('.adapter-limit')) >= 16384);
  await page.selectOption('select.preset', { label: 'kiwipete' });
  for (const variant of ['workgroup', 'private']) {
    await page.selectOption('select.gpu-variant', variant);
    await page.click('.gpu-run');
    await page.waitForSelector('.gpu-match, .gpu-mismatch, .gpu-error', { timeout: 180000 });
    assert.equal(await page.locator('.gpu-mismatch, .gpu-error').count(), 0, await page.innerText('.panel'));
    assert.equal(await page.textContent('.gpu-nodes'), '97862');
    assert.equal(await page.textContent('.cpu-nodes'), '97862');
    console.log(`# ${variant}: ${(await page.innerText('.gpu-result table')).replace(/\s+/g, ' ')}`);
    await shot(page, `gpu-${variant}`);
  }
  await context.close();
  assert.deepEqual(problems, []);
});

test('without WebGPU the panel says so and offers the CPU perft', async () => {
  const plain = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: CHROMIUM_ARGS.filter((a) => a !== '--enable-unsafe-webgpu').concat(['--disable-webgpu']),
  });
  try {
    const { page, problems } = await newPage(plain, { viewport: { width: 1280, height: 900 } });
    await page.goto(`${site.server.url}#/gpu?depth=3`);
    await page.waitForSelector('.no-webgpu', { timeout: 30000 });
    assert.match(await page.textContent('.no-webgpu'), /WebGPU/);
    await page.click('.perft-run');
    await page.waitForSelector('.perft-nodes', { timeout: 60000 });
    assert.equal(await page.textContent('.perft-nodes'), '8902');
    await shot(page, 'gpu-no-webgpu');
    assert.deepEqual(problems, []);
  } finally {
    await plain.close();
  }
});
