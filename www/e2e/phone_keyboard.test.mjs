// A phone (390x844, touch) and a keyboard alone: every route fits the
// screen, a names-and-values table shows its values, every target is at
// least 24x24 CSS px (WCAG 2.5.8), the heading is on the first half of the
// first screen; the skip link, the bit rows as one tab stop, the focus
// after a route change; the divide's depth read from what was pasted; the
// Lab's caret in view on a phone.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useSite, newPage, shot } from './harness.mjs';

const site = useSite();
const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };
const DESKTOP = { viewport: { width: 1280, height: 900 } };
const ROUTES = ['', 'debruijn', 'swar', 'popcount', 'nibbles', 'nibble-board', 'quad', 'trits',
  'position', 'gpu', 'lab', 'bitboard', 'magic', 'practice'];
const STEPPING = ['debruijn', 'swar', 'nibbles', 'nibble-board', 'quad', 'trits', 'lab',
  'lab?mode=c', 'magic'];

/** What a phone user meets on the page now: page width, small targets, heading top. */
function measure() {
  const small = [];
  for (const el of document.querySelectorAll('a[href], button, input, select, textarea, summary, [tabindex]')) {
    const box = el.getBoundingClientRect();
    const style = getComputedStyle(el);
    if (box.width === 0 || style.visibility === 'hidden') continue;
    // links in running text are exempt; a heading's tabindex makes it no target
    if (el.tagName === 'A' && el.closest('p')) continue;
    if (/^H[1-6]$/.test(el.tagName) || el.classList.contains('skip-link')) continue;
    if (box.width < 24 || box.height < 24) {
      small.push(`${el.tagName.toLowerCase()}.${el.className} ${Math.round(box.width)}x${Math.round(box.height)}`);
    }
  }
  // a table of names and values (a th, then a td, on every row) shows its
  // values without a sideways scroll
  const hidden = [];
  for (const table of document.querySelectorAll('main table')) {
    const rows = [...table.rows];
    if (!rows.length || !rows.every((r) => r.cells.length === 2 && r.cells[0].tagName === 'TH')) continue;
    const right = table.getBoundingClientRect().right;
    for (const r of rows) {
      if (r.cells[1].getBoundingClientRect().right > right + 1) hidden.push(`${table.className}: ${r.cells[0].textContent}`);
    }
  }
  const heading = document.querySelector('main#panel h2');
  return {
    width: document.documentElement.scrollWidth,
    small: [...new Set(small)],
    hidden,
    headingTop: heading ? heading.getBoundingClientRect().top : null,
  };
}

test('a phone: every route fits 390 px, targets are 24 px or more, the heading is on the first half-screen', async () => {
  const { page, problems, context } = await newPage(site.browser, PHONE);
  for (const route of ROUTES) {
    await page.goto(`${site.server.url}#/${route}`);
    await page.waitForSelector('main#panel h2');
    await page.waitForTimeout(400);
    const m = await page.evaluate(measure);
    assert.equal(m.width, 390, `#/${route} scrolls sideways: ${m.width} px`);
    assert.deepEqual(m.small, [], `#/${route} has targets under 24x24`);
    assert.deepEqual(m.hidden, [], `#/${route} hides a table's values past its edge`);
    assert.ok(m.headingTop !== null && m.headingTop < 844 / 2, `#/${route}: heading at ${m.headingTop}`);
    if (['', 'swar', 'lab', 'practice'].includes(route)) await shot(page, `phone-${route || 'start'}`);
  }
  // the menu: behind a button, open on a tap, closed once a panel is chosen
  assert.equal(await page.isVisible('nav.panels'), false);
  await page.tap('.menu-toggle');
  assert.equal(await page.getAttribute('.menu-toggle', 'aria-expanded'), 'true');
  await page.tap('nav.panels a[data-panel="trits"]');
  await page.waitForSelector('main[data-panel="trits"]');
  assert.equal(await page.isVisible('nav.panels'), false);
  // a 32-bit row of buttons wraps to lines of 8, the bit indices in order
  await page.goto(`${site.server.url}#/swar`);
  const lines = await page.locator('.bitrow-bits[role="grid"]').first().evaluate((grid) => {
    const tops = new Map();
    for (const b of grid.querySelectorAll('button.bit')) {
      const top = Math.round(b.getBoundingClientRect().top);
      tops.set(top, [...(tops.get(top) ?? []), Number(b.dataset.bit)]);
    }
    return [...tops.values()];
  });
  assert.deepEqual(lines.map((l) => l.length), [8, 8, 8, 8]);
  assert.deepEqual(lines.flat(), [...Array(32).keys()].reverse());
  assert.deepEqual(problems, []);
  await context.close();
});

test('the keyboard: the skip link, then at most 10 Tabs to the step controls on every panel that steps', async () => {
  for (const route of STEPPING) {
    const { page, problems, context } = await newPage(site.browser, DESKTOP);
    await page.goto(`${site.server.url}#/${route}`);
    await page.waitForSelector('.step-player');
    await page.keyboard.press('Tab');
    assert.equal(await page.evaluate(() => document.activeElement.className), 'skip-link', route);
    await page.keyboard.press('Enter');
    assert.equal(await page.evaluate(() => document.activeElement.matches('main#panel h2')), true, route);
    let tabs = 1;
    while (!(await page.evaluate(() => !!document.activeElement.closest('.step-player')))) {
      tabs += 1;
      assert.ok(tabs <= 10, `#/${route}: more than 10 Tabs to the step controls`);
      await page.keyboard.press('Tab');
    }
    assert.deepEqual(problems, []);
    await context.close();
  }
});

test('the keyboard: a row of bits is one tab stop, the arrows move, Space flips; tabs choose with the arrows', async () => {
  const { page, problems, context } = await newPage(site.browser, DESKTOP);
  await page.goto(`${site.server.url}#/swar?x=0&y=0`);
  await page.waitForSelector('.bitrow-bits[role="grid"]');
  const x = page.locator('.bitrow-bits[role="grid"]').first();
  await x.locator('button[data-bit="31"]').focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  assert.equal(await page.evaluate(() => document.activeElement.dataset.bit), '29');
  await page.keyboard.press('Space');
  await page.waitForFunction(() => /[?&]x=20000000(&|$)/.test(location.hash));
  await page.keyboard.press('End');
  assert.equal(await page.evaluate(() => document.activeElement.dataset.bit), '0');
  // the step player did not take those arrows
  assert.match(await page.locator('.step-player').textContent(), /step \d+ of/);
  // one tab stop: Tab leaves the row for the next field
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement.closest('.bitrow-bits') === null), true);
  // the operation tabs: one stop, an arrow chooses the next
  await page.locator('button.tab[data-choice="op=add"]').focus();
  await page.keyboard.press('ArrowRight');
  await page.waitForFunction(() => /[?&]op=sub(&|$)/.test(location.hash));
  assert.equal(await page.evaluate(() => document.activeElement.dataset.choice), 'op=sub');
  // a board: the arrows move by squares and ranks
  await page.goto(`${site.server.url}#/trits`);
  const square = page.locator('.grid[role="grid"] button.sq').first();
  await square.focus();
  await page.keyboard.press('ArrowDown');
  assert.equal(await page.evaluate(() => document.activeElement.dataset.square), 'a7');
  assert.deepEqual(problems, []);
  await context.close();
});

test('the keyboard: after a link is followed the focus is on the new panel\'s heading', async () => {
  const { page, problems, context } = await newPage(site.browser, DESKTOP);
  await page.goto(`${site.server.url}#/swar`);
  await page.waitForSelector('main[data-panel="swar"]');
  await page.locator('nav.panels a[data-panel="lab"]').focus();
  await page.keyboard.press('Enter');
  await page.waitForSelector('main[data-panel="lab"]');
  await page.waitForFunction(() => document.activeElement.matches('main#panel h2'));
  assert.equal(await page.evaluate(() => document.activeElement.textContent), 'Bit lab');
  assert.deepEqual(problems, []);
  await context.close();
});

const START_DEPTH_3 = `a2a3: 380\nb2b3: 420\nc2c3: 420\nd2d3: 539\ne2e3: 599\nf2f3: 380\ng2g3: 420
h2h3: 380\na2a4: 420\nb2b4: 421\nc2c4: 441\nd2d4: 560\ne2e4: 600\nf2f4: 401\ng2g4: 421\nh2h4: 420
b1a3: 400\nb1c3: 440\ng1f3: 440\ng1h3: 400\n\nNodes searched: 8902\n`;

test('divide: the depth is read from the pasted total, or the near miss said plainly', async () => {
  const { page, problems, context } = await newPage(site.browser, DESKTOP);
  await page.goto(`${site.server.url}#/position?depth=4`);
  await page.waitForSelector('#divide-text');
  assert.match(await page.getAttribute('#divide-text', 'placeholder'), /^e2e4: 20\nd2d4: 20\n/);
  await page.fill('#divide-text', START_DEPTH_3);
  await page.waitForSelector('.divide-hint');
  assert.match(await page.locator('.divide-hint').textContent(), /total, 8902, is depth 3's, not depth 4's/);
  await page.click('.divide-depth');
  await page.waitForSelector('.compare-run:has-text("depth 3")');
  await page.click('.compare-run');
  await page.waitForSelector('.compare-done', { timeout: 60000 });
  assert.equal(await page.locator('tr.compare-row.differ').count(), 0);
  // one move off by one at the depth asked: no question about the depth (it is right); the compare names the move
  await page.fill('#divide-text', START_DEPTH_3.replace('e2e4: 600', 'e2e4: 599').replace('8902', '8901'));
  await page.waitForTimeout(1000);
  assert.equal(await page.locator('.divide-hint').count(), 0, 'no depth hint at the right depth');
  await page.click('.compare-run');
  await page.waitForSelector('tr.compare-row.differ', { timeout: 60000 });
  assert.match(await page.locator('tr.compare-row.differ').first().textContent(), /e2e4/);
  // at another depth, a near miss is the plain question
  await page.goto(`${site.server.url}#/position?depth=4`);
  await page.waitForSelector('#divide-text');
  await page.fill('#divide-text', START_DEPTH_3.replace('e2e4: 600', 'e2e4: 599').replace('8902', '8901'));
  await page.waitForFunction(() => /Is the depth 3\? Your total 8901 is depth 3's 8902 but for 1\./.test(document.querySelector('.divide-hint')?.textContent));
  assert.deepEqual(problems, []);
  await context.close();
});

test('a phone: the Lab keeps the caret of a far error in view; the embed field shows its placeholder', async () => {
  const { page, problems, context } = await newPage(site.browser, PHONE);
  await page.goto(`${site.server.url}#/lab`);
  await page.waitForSelector('#lab-expr');
  const long = `${'(x + 1) ^ '.repeat(10)}(y & `;
  await page.fill('#lab-expr', long);
  await page.waitForSelector('.expr-error');
  assert.ok(Number(await page.getAttribute('.expr-error', 'data-column')) > 100);
  const inView = await page.evaluate(() => {
    const line = document.querySelector('.expr-echo .caret-line');
    const range = document.createRange();
    const text = line.firstChild;
    range.setStart(text, text.length - 1);
    range.setEnd(text, text.length);
    const caret = range.getBoundingClientRect();
    const box = document.querySelector('.expr-echo').getBoundingClientRect();
    return caret.left >= box.left && caret.right <= box.right && caret.right <= window.innerWidth;
  });
  assert.ok(inView, 'the caret is off-screen');
  await shot(page, 'phone-lab-caret');
  await page.tap('.embed-button');
  const fits = await page.locator('.embed-steps').evaluate((input) => {
    const probe = document.createElement('span');
    probe.style.font = getComputedStyle(input).font;
    probe.textContent = input.placeholder;
    document.body.append(probe);
    const need = probe.getBoundingClientRect().width;
    probe.remove();
    return input.clientWidth >= need;
  });
  assert.ok(fits, 'the steps field cuts its placeholder');
  assert.deepEqual(problems, []);
  await context.close();
});
