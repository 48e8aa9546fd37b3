// Accessibility: axe-core (npm) on every route (the start page, every panel
// the navigation lists, and an embed), in the light and in the dark theme:
// no serious and no critical violation. Prints axe's summary per route.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { newPage, useSite } from './harness.mjs';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const site = useSite();

/** axe's violations on the page as it is now: [{ id, impact, nodes, example }]. */
async function audit(page) {
  await page.addScriptTag({ content: axeSource });
  return page.evaluate(async () => {
    const result = await window.axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      nodes: v.nodes.length,
      // the distinct failures (by the element's last selector part and the message), a few
      examples: [...new Set(v.nodes.map((n) => `${String(n.target.at(-1)).split(' > ').at(-1).replace(/\[.*?\]/g, '')}: ${n.failureSummary?.split('\n')[1]?.trim().replace(/ \(foreground/, '\n   (foreground') ?? ''}`))].slice(0, 6),
    }));
  });
}

for (const theme of ['light', 'dark']) {
  test(`axe: no serious or critical violation on any route (${theme} theme)`, async () => {
    const { page, problems, context } = await newPage(site.browser, { viewport: { width: 1280, height: 900 }, colorScheme: theme });
    await page.addInitScript((t) => localStorage.setItem('bitscope-theme', t), theme);
    await page.goto(`${site.server.url}#/`);
    await page.waitForSelector('main#panel .card');
    const slugs = await page.$$eval('nav.panels a[data-panel]', (as) => as.map((a) => a.dataset.panel));
    assert.ok(slugs.length >= 12, slugs.join(' '));
    // and the states that only a verdict shows: a practice counterexample, the Lab's compare
    const verdicts = ['practice?ex=lowest-bit-isolate&a=x+%26+(x+-+1)&check=1', 'lab?e=x+%26+-x&c=x+%26+(x+-+1)&w=8'];
    const routes = ['', ...slugs, 'embed/debruijn', 'embed/swar', ...verdicts];
    const bad = [];
    for (const slug of routes) {
      await page.goto(`${site.server.url}#/${slug}`);
      const panel = slug.replace(/^embed\//, '').replace(/\?.*/, '');
      await page.waitForSelector(slug ? `main#panel[data-panel="${panel}"] section.panel` : 'main#panel .card');
      if (slug.includes('check=1')) await page.waitForSelector('.verdict', { timeout: 60000 });
      await page.waitForTimeout(300); // (late text: workers, the GPU adapter)
      assert.equal(await page.getAttribute('html', 'data-theme'), theme); // (an embed's auto: the reader's)
      const h1 = await page.locator('h1').count();
      if (h1 !== 1) bad.push(`#/${slug}: ${h1} h1 elements`);
      const violations = await audit(page);
      const summary = violations.length
        ? violations.map((v) => `${v.id} (${v.impact}, ${v.nodes})`).join(', ')
        : 'no violations';
      console.log(`axe ${theme.padEnd(5)} #/${slug.slice(0, 24).padEnd(24)} ${summary}`);
      for (const v of violations) if (v.impact === 'serious' || v.impact === 'critical') bad.push(`#/${slug} ${v.id} x${v.nodes}: ${v.examples.join(' || ')}`);
    }
    await context.close();
    assert.deepEqual(bad, []);
    assert.deepEqual(problems, []);
  });
}
