// A link means the same state everywhere: a course page's link followed in
// a tab that already shows another state of the panel (some of it typed
// into fields, not yet valid) must show what a fresh tab shows for the same
// link, for every parameter the link leaves out too. For every panel: open
// link A, type into its text fields, follow link B in the same tab (a click
// on an <a href>, as on a course page), and compare with B in a new tab.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { newPage, useSite, settled } from './harness.mjs';

const site = useSite();

const KIWIPETE = 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R+w+KQkq+-+0+1';
// [panel, link A (many fields set), link B (fewer, others left out)]
const LINKS = [
  ['debruijn', 'width=16&magic=0cbd&v=0100&variant=mask&step=2&dstep=3&page=2&rank=0x0cbd', 'width=16&v=0010'],
  ['swar', 'op=avg&width=64&lanes=16&x=123456789abcdef0&y=0fedcba987654321&step=2', 'op=sub&x=1234'],
  ['popcount', 'width=32&x=ff00ff&step=2&kstep=1', 'width=16'],
  ['nibbles', 'x=a&op=negate&step=2', 'x=3'],
  ['nibble-board', 'sq=12&op=set&code=5&step=1', 'op=get'],
  ['quad', `fen=${KIWIPETE}&op=read&sq=20&step=1`, 'op=from'],
  ['trits', 'a=ff&b=ff00&order=file&step=2', 'a=f0'],
  ['position', `fen=${KIWIPETE}&pos=48&threads=128&plies=30&move=8&depth=5`, 'threads=2&move=3'],
  ['gpu', 'depth=3&variant=private&wg=128', 'depth=2'],
  ['lab', 'e=x+%26+y&w=16&x=ff&y=0f&step=1', 'w=8'],
  ['bitboard', 'b=ff00&step=2', 'b=0f'],
  ['magic', 'piece=bishop&sq=c1&bits=9&step=2', 'piece=rook'],
  ['practice', 'ex=gosper&a=x+%2B+1&hints=2&check=1', 'ex=abs'],
];

/** What a user sees of the panel: its text, every field's value, the chosen tabs. */
function snapshot(page) {
  return page.evaluate(() => {
    const panel = document.querySelector('main#panel');
    if (!panel) return null;
    const fields = [...panel.querySelectorAll('input, select, textarea')].map(
      (e, i) => `${i}:${e.id || e.className}=${e.type === 'checkbox' ? e.checked : e.value}`,
    );
    const chosen = [...panel.querySelectorAll('.active, .chosen, .current, [aria-pressed="true"], .error, [role="alert"]')].map(
      (e) => `${e.tagName}.${e.className}:${e.textContent.trim().slice(0, 40)}`,
    );
    return { text: panel.innerText, fields, chosen, hash: location.hash };
  });
}

test('every panel: a link followed in an open tab shows what a fresh tab shows', async () => {
  const open = await newPage(site.browser, { viewport: { width: 1280, height: 900 } });
  const fresh = await newPage(site.browser, { viewport: { width: 1280, height: 900 } });
  const differ = [];
  for (const [slug, a, b] of LINKS) {
    await open.page.goto(`${site.server.url}#/${slug}?${a}`);
    await open.page.waitForSelector(`main#panel[data-panel="${slug}"] section.panel`);
    // the reader types into the text fields (left half-done: not valid)
    for (const field of await open.page.locator('main#panel input[type="text"]:visible').all()) {
      await field.fill('0xzz');
    }
    for (const field of await open.page.locator('main#panel input[type="number"]:visible').all()) {
      await field.fill('999999');
    }
    // then follows link B, as on a course page
    await open.page.evaluate((href) => {
      const link = Object.assign(document.createElement('a'), { href, textContent: 'next link' });
      document.body.append(link);
      link.click();
      link.remove();
    }, `#/${slug}?${b}`);
    await open.page.waitForFunction((h) => location.hash === h, `#/${slug}?${b}`);
    await fresh.page.goto(`${site.server.url}#/${slug}?${b}`);
    await fresh.page.waitForSelector(`main#panel[data-panel="${slug}"] section.panel`);
    const [followed, reference] = [await settled(open.page, () => snapshot(open.page)), await settled(fresh.page, () => snapshot(fresh.page))];
    if (JSON.stringify(followed) !== JSON.stringify(reference)) {
      const diff = followed.fields.filter((f, i) => f !== reference.fields[i]);
      differ.push(`${slug}: fields ${diff.join(' | ') || '(same)'}; text ${followed.text === reference.text ? 'same' : 'differs'}; ${followed.hash} vs ${reference.hash}`);
    }
    // a fresh page for the next panel (workers of this one stop)
    await fresh.page.goto('about:blank');
  }
  await open.context.close();
  await fresh.context.close();
  assert.deepEqual(differ, []);
  assert.deepEqual([...open.problems, ...fresh.problems], []);
});
