// Every panel's whole state survives its link: change each field through the
// page (clicks, typing, selects; never by writing the URL), copy the URL,
// open it in a new page, and find the same panel: the same text, the same
// field values, the same chosen tabs. Each change is checked to have reached
// the URL first, so a panel that ignores its URL cannot pass.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { newPage, useSite, settled } from './harness.mjs';

const site = useSite();

/** What a user sees of the panel: its text, every field's value, the chosen tabs. */
async function snapshot(page) {
  return page.evaluate(() => {
    const panel = document.querySelector('main#panel');
    const fields = [...panel.querySelectorAll('input, select')].map(
      (e, i) => `${i}:${e.id || e.className}=${e.type === 'checkbox' ? e.checked : e.value}`,
    );
    const chosen = [...panel.querySelectorAll('.active, .chosen, .current, [aria-pressed="true"]')].map(
      (e) => `${e.tagName}.${e.className}:${e.textContent.trim().slice(0, 40)}`,
    );
    return { text: panel.innerText, fields, chosen };
  });
}

/** Opens `route`, runs `change`, then reopens the link in a new page and compares. */
async function roundTrip(route, change, expectInUrl) {
  const { page, problems, context } = await newPage(site.browser, { viewport: { width: 1280, height: 900 } });
  await page.goto(`${site.server.url}#/${route}`);
  await page.waitForSelector('main#panel section.panel');
  const before = await settled(page, () => snapshot(page));
  await change(page);
  const after = await settled(page, () => snapshot(page));
  assert.notDeepEqual(after.fields.concat(after.text), before.fields.concat(before.text), `${route}: the changes show`);
  const link = page.url();
  for (const part of expectInUrl) assert.ok(link.includes(part), `${route}: ${part} in ${link}`);

  const second = await newPage(site.browser, { viewport: { width: 1280, height: 900 } });
  await second.page.goto(link);
  await second.page.waitForSelector('main#panel section.panel');
  const reopened = await settled(second.page, () => snapshot(second.page));
  assert.deepEqual(reopened.fields, after.fields, `${route}: field values after reopening ${link}`);
  assert.deepEqual(reopened.chosen, after.chosen, `${route}: chosen tabs and rows after reopening ${link}`);
  assert.equal(reopened.text, after.text, `${route}: panel text after reopening ${link}`);
  assert.equal(second.page.url(), link, `${route}: reopening rewrites nothing`);
  await second.context.close();
  await context.close();
  assert.deepEqual([...problems, ...second.problems], []);
}

async function next(page, times, scope = '') {
  for (let i = 0; i < times; i++) await page.locator(`${scope} .step-controls .next`.trim()).first().click();
}

test('de Bruijn: width, own magic, value, variant, step, page', async () => {
  await roundTrip('debruijn', async (page) => {
    await page.click('.tab[data-width="32"]');
    await page.fill('#magic', '0x0ef8b4a1');
    await page.fill('#scan-v', '0x00400000');
    await page.click('.tab[data-variant="mask"]');
    await next(page, 2);
    await page.waitForSelector('.magic-list li');
    await page.click('.page-next');
    await page.waitForFunction(() => document.querySelector('.magic-list')?.getAttribute('start') === '33');
  }, ['width=32', 'magic=ef8b4a1', 'v=400000', 'variant=mask', 'step=2', 'page=1']);
});

test('SWAR: operation, width, lanes, both operands, step', async () => {
  await roundTrip('swar', async (page) => {
    await page.click('.tab[data-choice="op=sub"]');
    await page.click('.tab[data-choice="width=64"]');
    await page.click('.tab[data-choice="lanes=8"]');
    await page.fill('#swar-x', '0x0102030405060708');
    await page.fill('#swar-y', '0x1010101010101010');
    await next(page, 2);
  }, ['op=sub', 'width=64', 'lanes=8', 'x=102030405060708', 'y=1010101010101010', 'step=2']);
});

test('signed nibbles: every nibble, both operations', async () => {
  await roundTrip('nibbles', async (page) => {
    await page.click('.nibble-table tr[data-nibble="0xE"]');
    await page.click('.tab[data-op="negate"]');
    await next(page, 1);
  }, ['x=e', 'op=negate', 'step=1']);
});

test('nibble board: FEN, square, operation, code, step', async () => {
  await roundTrip('nibble-board', async (page) => {
    await page.fill('#nibble-fen', '8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1');
    await page.click('button[data-square="b5"]');
    await page.click('.tab[data-op="set"]');
    await page.selectOption('select.code-select', '13');
    await next(page, 2);
  }, ['fen=8', 'op=set', 'code=13', 'step=2']);
});

test('trits: both boards, the other order, step', async () => {
  await roundTrip('trits', async (page) => {
    await page.fill('#trit-a', '0x0000000010000000');
    await page.fill('#trit-b', '0x0000000800000001');
    await page.click('.tab[data-order="file"]');
    await next(page, 1);
  }, ['a=10000000', 'b=800000001', 'order=file']);
});

test('position: FEN with spaces and slashes, depth, move, budget', async () => {
  await roundTrip('position', async (page) => {
    await page.selectOption('select.preset', { label: 'position 4' });
    await page.selectOption('select.perft-depth', '2');
    await page.selectOption('select.move-select', 'b4c5');
    await page.fill('input[data-budget="threads"]', '128');
    await page.fill('input[data-budget="plies"]', '30');
  }, ['fen=r3k2r', 'depth=2', 'mv=b4c5']);
});

test('GPU: FEN, variant, slider method, workgroup size, depth, matrix depths', async () => {
  await roundTrip('gpu', async (page) => {
    await page.waitForSelector('.adapter-name', { timeout: 60000 });
    await page.selectOption('select.preset', { label: 'kiwipete' });
    await page.selectOption('select.gpu-variant', 'breadth-first');
    await page.selectOption('select.gpu-slider', 'hyperbola');
    await page.selectOption('select.gpu-wg', '32');
    await page.selectOption('select.gpu-depth', '3');
    await page.selectOption('select.matrix-size', 'standard');
  }, ['fen=r3k2r', 'variant=breadth-first', 'slider=hyperbola', 'wg=32', 'depth=3', 'matrix=standard']);
});

test('magic bitboards: piece, square, occupancy, magic, bits, step', async () => {
  await roundTrip('magic', async (page) => {
    await page.click('.tab[data-piece="bishop"]');
    await page.fill('#magic-square', 'e5');
    await page.click('.occ-grid [data-square="c3"]');
    await page.fill('#magic-magic', '0x0123456789abcdef');
    await page.selectOption('select.magic-bits', '7');
    await next(page, 2);
  }, ['piece=bishop', 'sq=e5', 'magic=123456789abcdef', 'bits=7', 'step=2']);
});

test('position: material no game reaches is said, and the position still reads (and its link)', async () => {
  const { page, problems, context } = await newPage(site.browser, { viewport: { width: 1280, height: 900 } });
  await page.goto(`${site.server.url}#/position?fen=${encodeURIComponent('4k3/8/8/8/8/P7/PPPPPPPP/4K3 w - - 0 1')}`);
  await page.waitForSelector('.fen-warnings');
  assert.match(await page.locator('.fen-warning').first().innerText(), /white has 9 pawns/);
  assert.equal(await page.locator('.error-box.fen-error').count(), 0, 'not refused');
  await page.goto(`${site.server.url}#/position`);
  await page.waitForSelector('main#panel section.panel');
  assert.equal(await page.locator('.fen-warnings').count(), 0, 'the start position is quiet');
  assert.deepEqual(problems, []);
  await context.close();
});
