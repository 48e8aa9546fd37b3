// Events inside a panel reach that panel only (issue 66, item 9): the
// lazily loaded panels are Yew apps of their own wasm modules, inside the
// page's app; their first app used the page's tree id, so the page ran its
// own handler of the same listener id ("find the shortest program" flipped
// the theme; a spec typed in the panel was copied into the header search).
// Every panel is opened, the shortest program's button clicked, and every
// text area typed into; the theme and the header search must not change.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { newPage, useSite } from './harness.mjs';

const site = useSite();

/** The page's theme, the stored choice, and the header search. */
async function shell(page) {
  return page.evaluate(() => ({
    theme: document.documentElement.dataset.theme ?? null,
    stored: localStorage.getItem('bitscope-theme'),
    search: document.querySelector('#trick-search')?.value ?? null,
    results: document.querySelector('.trick-results:not([hidden])')?.dataset.count ?? null,
  }));
}

test('clicks and typing inside every panel leave the theme and the header search alone', async () => {
  const { page, problems, context } = await newPage(site.browser, { viewport: { width: 1280, height: 900 } });
  await page.goto(`${site.server.url}#/`);
  await page.waitForSelector('nav a[href^="#/"]');
  const slugs = await page.$$eval('nav a[href^="#/"]', (links) => [...new Set(links.map((a) => a.getAttribute('href').slice(2).split('?')[0]))].filter(Boolean));
  assert.ok(slugs.includes('shortest') && slugs.includes('practice') && slugs.length >= 15, slugs.join(' '));
  const before = await shell(page);
  let typed = 0;
  for (const slug of slugs) {
    await page.goto(`${site.server.url}#/${slug}`);
    await page.waitForSelector(`main#panel[data-panel="${slug}"]`);
    await page.waitForFunction(() => !document.querySelector('main#panel .lazy-loading'), null, { timeout: 60000 });
    await page.waitForSelector('main#panel h2');
    if (slug === 'shortest') {
      await page.waitForSelector('.synth-start');
      await page.click('.synth-start');
      await page.waitForSelector('.synth-found, .synth-none, .synth-progress, .synth-error', { timeout: 60000 });
      if (await page.$('.synth-cancel')) await page.click('.synth-cancel');
      assert.deepEqual(await shell(page), before, 'after "find the shortest program"');
    }
    const areas = await page.$$('main#panel textarea:not([readonly]):not([disabled])');
    for (const area of areas) {
      if (!(await area.isVisible())) continue;
      await area.click();
      await area.press('End');
      await page.keyboard.type(' tx');
      typed += 1;
      assert.deepEqual(await shell(page), before, `after typing in a text area of #/${slug}`);
    }
  }
  assert.ok(typed >= 4, `only ${typed} text areas typed into`);
  assert.deepEqual(problems, []);
  await context.close();
});
