// The Lab's C mode on a phone (issue 53, part 5): 390 px wide, with touch,
// a two-argument 32-bit snippet written on one line. Measured in the page:
// no bit cell under 16 px wide, no two cells of a row overlapping, nothing
// scrolls sideways (the sub-expressions are cards too), no target under
// 24 px, and the one-line snippet is laid
// out one statement a line with each step on its own line.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { newPage, shot, useSite } from './harness.mjs';

const site = useSite();

const SNIPPET = 'unsigned mix(unsigned a, unsigned b) { unsigned x = a ^ b; x &= x - 1; return x + (a < b); }';

/** Every bit cell narrower than 16 px, and every pair of cells of one row that overlap. */
function cellProblems() {
  const out = [];
  for (const row of document.querySelectorAll('#panel .bitrow .bits')) {
    const cells = [...row.querySelectorAll('.bit')].map((c) => c.getBoundingClientRect());
    cells.forEach((r, i) => {
      if (r.width < 16) out.push(`a cell ${r.width.toFixed(1)} px wide`);
      for (const s of cells.slice(i + 1)) {
        const dx = Math.min(r.right, s.right) - Math.max(r.left, s.left);
        const dy = Math.min(r.bottom, s.bottom) - Math.max(r.top, s.top);
        if (dx > 0.5 && dy > 0.5) out.push(`cells overlap by ${dx.toFixed(1)} x ${dy.toFixed(1)} px`);
      }
    });
  }
  return out;
}

/** Every visible target in the panel under 24 px on a side (a link inside a
 *  sentence is exempt, as WCAG 2.5.8 exempts inline targets). */
function smallTargets() {
  const targets = document.querySelectorAll(
    '#panel :is(a, button, input, select, textarea, summary, [role="button"], [tabindex="0"])',
  );
  const out = [];
  for (const t of targets) {
    const r = t.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) continue;
    if (t.matches('p a, li a, dd a') && getComputedStyle(t).display === 'inline') continue;
    if (r.width < 24 || r.height < 24) {
      out.push(`${t.tagName.toLowerCase()}${t.id ? '#' + t.id : ''}.${t.className} "${(t.textContent || t.value || '').trim().slice(0, 30)}" ${r.width.toFixed(0)}x${r.height.toFixed(0)}`);
    }
  }
  return out;
}

test('lab C mode at 390 px with touch: cells of 16 px or more, no overlap, no sideways scroll, targets of 24 px', async () => {
  const { page, problems, context } = await newPage(site.browser, {
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
  });
  await page.goto(`${site.server.url}#/lab`);
  await page.click('.lab-mode [data-mode="c"]');
  await page.fill('#lab-src', SNIPPET);
  await page.fill('#lab-arg-a', '0xf0f0f0f0');
  await page.fill('#lab-arg-b', '0x0ff00ff0');
  // (0xf0f0f0f0 ^ 0x0ff00ff0) & (... - 1) = 0xff00ff00 & 0xff00feff, plus 0
  await page.waitForSelector('.c-return[data-decimal="4278255104"]');

  // laid out: the three statements on lines 3, 4 and 5 of the listing
  assert.match(await page.textContent('.c-laid-out'), /one statement a line/);
  assert.equal(await page.locator('.c-listing .c-line').count(), 6);
  assert.equal(await page.getAttribute('.c-statement', 'data-line'), '5');
  const listing = await page.$eval('.c-listing', (e) => e.scrollWidth - e.clientWidth);
  assert.ok(listing <= 0, `the listing is clipped by ${listing} px`);

  // each of the three steps (the last first), the zoom open, measured on the page
  const steps = await page.locator('.code-steps .step-player .prev').count();
  assert.ok(steps > 0, 'a step player');
  for (let back = 0; back < 3; back++) {
    assert.deepEqual(await page.evaluate(cellProblems), [], `bit cells, ${back} steps back`);
    assert.deepEqual(await page.evaluate(smallTargets), [], `targets, ${back} steps back`);
    const zoom = await page.$eval('.c-zoom .table-scroll', (e) => e.scrollWidth - e.clientWidth);
    assert.ok(zoom <= 0, `the sub-expressions are clipped by ${zoom} px`);
    const sideways = await page.evaluate(() => document.scrollingElement.scrollWidth - document.scrollingElement.clientWidth);
    assert.ok(sideways <= 0, `the page scrolls sideways by ${sideways} px`);
    if (back === 0) await shot(page, 'lab-c-phone-strict');
    if (back < 2) await page.locator('.code-steps .step-player .prev').tap();
  }
  // the variables are cards: the bits of x in lines of 8 with their indices
  const x = page.locator('.c-vars tr[data-var="x"]');
  assert.equal(await x.locator('.bit').count(), 32);
  assert.equal(await x.locator('.bit .idx').first().textContent(), '31');
  assert.deepEqual(problems, []);
  await context.close();
});
