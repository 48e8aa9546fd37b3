// Embeds: a course page on another origin (fixtures/course.html, served
// here) embeds de Bruijn, SWAR and GPU perft in iframes with different
// states and options, sized by static/embed.js. Each frame shows only its
// panel; the frames' heights follow their content; steps= is enforced;
// ← → in one frame change only that frame and never scroll the host; the
// Embed button's snippet opens the same state; no console error anywhere.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { newPage, shot, shots, useSite, repo } from './harness.mjs';

const site = useSite();
let host;
let hostUrl;
before(async () => {
  const page = readFileSync(join(repo, 'www', 'e2e', 'fixtures', 'course.html'), 'utf8');
  host = createServer((req, res) => {
    res.setHeader('content-type', 'text/html; charset=utf-8');
    // (site.server is started by useSite's own before hook, which runs first)
    res.end(page.replaceAll('{{BASE}}', site.server.url));
  });
  await new Promise((ok) => host.listen(0, '127.0.0.1', ok));
  // `localhost` is another origin than bitscope's 127.0.0.1, as a course site would be
  hostUrl = `http://localhost:${host.address().port}/course.html`;
});
after(() => host?.close());

const frame = (page, id) => page.frameLocator(`iframe#${id}`);
const stepCount = (page, id) => frame(page, id).locator('.step-player').first().locator('.step-count').textContent();

/** The step count of frame `id` once `ok` holds for it (a key's render may come a frame later), or as it is after 5 s. */
async function stepUntil(page, id, ok) {
  for (let tries = 0; tries < 50 && !ok(await stepCount(page, id)); tries++) await page.waitForTimeout(100);
  return stepCount(page, id);
}

/** Clicks frame `id`'s first heading until its document has the focus (a click on a
 *  loaded machine can land before the frame is ready), so that the next keys go there. */
async function focusFrame(page, id) {
  for (let tries = 0; tries < 100; tries++) {
    if (tries % 10 === 0) await frame(page, id).locator('h2').first().click();
    if (await frame(page, id).locator('html').evaluate(() => document.hasFocus())) return;
    await page.waitForTimeout(100);
  }
  assert.fail(`${id}: its frame never took the focus`);
}

/** Waits until every frame's iframe is as tall as its document (within 1px), and returns both heights. */
async function sized(page) {
  let out = {};
  for (let tries = 0; tries < 100; tries++) {
    out = {};
    for (const id of ['debruijn', 'swar', 'gpu']) {
      const outer = await page.$eval(`iframe#${id}`, (f) => f.getBoundingClientRect().height);
      const inner = await frame(page, id).locator('html').evaluate((h) => h.getBoundingClientRect().height);
      out[id] = { outer, inner };
    }
    if (Object.values(out).every(({ outer, inner }) => Math.abs(outer - Math.ceil(inner)) <= 1)) return out;
    await page.waitForTimeout(100);
  }
  return out;
}

test('a course page with three embeds: only the panel, sized, steps limited, keys kept', async () => {
  const { page, problems, context } = await newPage(site.browser, { viewport: { width: 1100, height: 900 } });
  await page.goto(hostUrl);
  for (const [id, slug] of [['debruijn', 'debruijn'], ['swar', 'swar'], ['gpu', 'gpu']]) {
    const f = frame(page, id);
    await f.locator(`main#panel[data-panel="${slug}"] section.panel`).waitFor();
    // only the panel: no header, navigation, footer or Embed button
    for (const chrome of ['header.top', 'nav.panels', 'footer.foot', '.embed-button']) {
      assert.equal(await f.locator(chrome).count(), 0, `${id}: ${chrome}`);
    }
    assert.equal(await f.locator('h1').count(), 1, `${id}: its h1`);
    const open = await f.locator('.embed-open a').getAttribute('href');
    assert.match(open, new RegExp(`^\\./#/${slug}(\\?|$)`), `${id}: open in bitscope`);
    assert.ok(!/steps=|controls=|theme=/.test(open), `${id}: the full page's link has the state only: ${open}`);
  }
  assert.match(await frame(page, 'debruijn').locator('.embed-open a').getAttribute('href'), /width=8/);
  // themes: dark, light, and the reader's (light here)
  assert.equal(await frame(page, 'debruijn').locator('html').getAttribute('data-theme'), 'dark');
  assert.equal(await frame(page, 'swar').locator('html').getAttribute('data-theme'), 'light');
  // controls=0: SWAR's fields are hidden, its stepper is not
  assert.equal(await frame(page, 'swar').locator('main input:visible, main select:visible').count(), 0);
  assert.ok(await frame(page, 'swar').locator('.step-controls .next').isVisible());
  assert.ok((await frame(page, 'debruijn').locator('main input:visible').count()) > 0, 'de Bruijn keeps its controls');

  // heights follow content
  let h = await sized(page);
  for (const [id, { outer, inner }] of Object.entries(h)) {
    assert.ok(Math.abs(outer - Math.ceil(inner)) <= 1, `${id}: frame ${outer}px, content ${inner}px`);
    assert.ok(inner > 200, `${id}: ${inner}px`);
  }

  // steps=2..4: starts at step 2, ← at step 2 stays, → stops at 4, reset goes to 2
  assert.match(await stepCount(page, 'debruijn'), /^step 2 of \d+$/);
  const swarBefore = await stepCount(page, 'swar');
  await focusFrame(page, 'debruijn');
  const scroll = await page.evaluate(() => [scrollX, scrollY]);
  await page.keyboard.press('ArrowLeft');
  assert.match(await stepCount(page, 'debruijn'), /^step 2 of/);
  for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowRight');
  assert.match(await stepUntil(page, 'debruijn', (t) => t.startsWith('step 4 of')), /^step 4 of/);
  assert.ok(await frame(page, 'debruijn').locator('.step-player').first().locator('.next').isDisabled());
  // ← → changed only that frame, and never scrolled the host page
  assert.equal(await stepCount(page, 'swar'), swarBefore);
  assert.deepEqual(await page.evaluate(() => [scrollX, scrollY]), scroll);

  // the frame grew with its steps, and its iframe with it
  const grown = await sized(page);
  assert.ok(grown.debruijn.inner > h.debruijn.inner, `${h.debruijn.inner} -> ${grown.debruijn.inner}`);
  assert.ok(Math.abs(grown.debruijn.outer - Math.ceil(grown.debruijn.inner)) <= 1);
  await frame(page, 'debruijn').locator('.step-player').first().locator('.reset').click();
  assert.match(await stepUntil(page, 'debruijn', (t) => t.startsWith('step 2 of')), /^step 2 of/);

  // and in the SWAR frame, → moves SWAR only
  const debruijnNow = await stepCount(page, 'debruijn');
  await focusFrame(page, 'swar');
  const scrolled = await page.evaluate(() => [scrollX, scrollY]); // (the click brought SWAR into view)
  await page.keyboard.press('ArrowRight');
  const swarMoved = await stepUntil(page, 'swar', (t) => t !== swarBefore);
  assert.notEqual(swarMoved, swarBefore);
  assert.equal(await stepCount(page, 'debruijn'), debruijnNow);
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft'); // (at the first step: the frame keeps the key)
  assert.equal(await stepUntil(page, 'swar', (t) => t === swarBefore), swarBefore);
  assert.deepEqual(await page.evaluate(() => [scrollX, scrollY]), scrolled);

  // the whole course page in one screenshot: a window as tall as the page,
  // so that every frame is in view (the browser paints no frame out of view)
  await page.evaluate(() => scrollTo(0, 0));
  await page.setViewportSize({ width: 1100, height: await page.evaluate(() => document.body.scrollHeight + 40) });
  await sized(page);
  await page.waitForTimeout(500);
  await page.screenshot({ path: join(shots, 'embed-course-page.png'), clip: { x: 0, y: 0, width: 1100, height: await page.evaluate(() => document.body.scrollHeight + 40) } });
  await context.close();
  assert.deepEqual(problems, []);
});

test('the Embed button: a snippet for the current state and options, and it opens that state', async () => {
  const { page, problems, context } = await newPage(site.browser, { viewport: { width: 1280, height: 900 } });
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto(`${site.server.url}#/nibbles?x=a&op=negate&step=2`);
  await page.waitForSelector('.nibble-table');
  await page.click('.embed-button');
  await page.uncheck('.embed-controls');
  await page.selectOption('.embed-theme', 'dark');
  await page.fill('.embed-steps', '2..3');
  await page.press('.embed-steps', 'Enter');
  await page.locator('.embed-steps').blur();
  const code = await page.inputValue('.embed-snippet');
  console.log(`embed snippet:\n${code}`);
  const src = code.match(/<iframe src="([^"]+)"/)[1];
  assert.ok(src.startsWith(`${site.server.url}#/embed/nibbles?`), src);
  for (const part of ['x=a', 'op=negate', 'step=2', 'steps=2..3', 'theme=dark', 'controls=0']) assert.ok(src.includes(part), `${part} in ${src}`);
  assert.match(code, new RegExp(`<script src="${site.server.url.replace(/[.]/g, '\\.')}static/embed\\.js" async></script>`));
  await page.click('.embed-copy');
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), code);
  await shot(page, 'embed-button-snippet');

  // the snippet's frame shows that state
  const second = await newPage(site.browser, { viewport: { width: 700, height: 700 } });
  await second.page.goto(src);
  await second.page.waitForSelector('.nibble-table tr.chosen');
  assert.equal(await second.page.textContent('.nibble-table tr.chosen td.signed'), '-6');
  assert.equal(await second.page.getAttribute('html', 'data-theme'), 'dark');
  // (step=2 is the third step, 0-based; steps=2..3 counts as the stepper does)
  assert.match(await second.page.textContent('.step-count'), /^step 3 of 3$/);
  for (let i = 0; i < 3; i++) await second.page.keyboard.press('ArrowLeft');
  assert.match(await second.page.textContent('.step-count'), /^step 2 of 3$/);
  assert.ok(await second.page.locator('.step-controls .prev').isDisabled());
  assert.ok(second.page.url().includes('steps=2..3'), 'the embed keeps its options in its hash');
  await shot(second.page, 'embed-nibbles-dark');
  await second.context.close();
  await context.close();
  assert.deepEqual([...problems, ...second.problems], []);
});

test('in an embed, a "see also" link to another panel opens the whole site in a new tab; the frame keeps its panel', async () => {
  const { page, problems, context } = await newPage(site.browser, { viewport: { width: 900, height: 900 } });
  await page.goto(`${site.server.url}#/embed/debruijn`);
  const seeAlso = page.locator('.embed a[href^="#/magic"]').first();
  await seeAlso.waitFor();
  const [opened] = await Promise.all([context.waitForEvent('page'), seeAlso.click()]);
  await opened.waitForLoadState();
  assert.match(opened.url(), /#\/magic/);
  assert.doesNotMatch(opened.url(), /embed/);
  assert.match(page.url(), /#\/embed\/debruijn/, 'the frame stays on its panel');
  await opened.close();
  assert.deepEqual(problems, []);
  await context.close();
});
