// Teachers' sets in the page (issue 38): the worked example loaded from
// its two files as a group of its own, a puzzle solved and one refuted
// with its counterexample in the Lab; a set from URLs, a URL that fails
// and a malformed set leave the other sets as they were; the exercise form
// gives a link, an embed and the data-lab text, and "my exercises" exports
// as two files; the grade table's rows open the puzzle and the Lab.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { useSite, newPage, shot, repo } from './harness.mjs';

const site = useSite();
const DATALAB = join(repo, 'tests', 'data', 'datalab');
const read = (f) => readFileSync(join(DATALAB, f), 'utf8');
const VERDICT_MS = 60000;
const DESKTOP = { viewport: { width: 1280, height: 1000 } };

async function openPractice(page) {
  await page.goto(`${site.server.url}#/practice`);
  await page.waitForSelector('.sets-card');
}

test('a set from its two files: its own group, a puzzle solved, one refuted into the Lab, progress kept', async () => {
  const { page, problems, context } = await newPage(site.browser, DESKTOP);
  await openPractice(page);
  await page.setInputFiles('.set-file', [join(DATALAB, 'puzzles.c'), join(DATALAB, 'reference.c')]);
  await page.waitForSelector('.set-message.ok');
  assert.match(await page.locator('.set-message').textContent(), /loaded "puzzles": 14 puzzles/);
  const group = page.locator('.set-group[data-set="puzzles"]');
  assert.equal(await group.locator('li[data-puzzle]').count(), 14);
  await shot(page, 'practice-set-loaded');

  // a right answer, proven
  await group.locator('li[data-puzzle="bitXnor"] a').click();
  await page.waitForSelector('.set-puzzle[data-puzzle="bitXnor"]');
  assert.match(await page.inputValue('#puzzle-answer'), /int bitXnor\(int x, int y\)/);
  await page.click('.practice-hint');
  assert.equal(await page.locator('.hints .hint').count(), 1);
  await page.fill('#puzzle-answer', 'int bitXnor(int x, int y) { return ~(x & ~y) & ~(~x & y); }');
  await page.click('.puzzle-check');
  await page.waitForSelector('.verdict.solved', { timeout: VERDICT_MS });

  // a wrong one: the counterexample, then both functions in the Lab on it
  await page.fill('#puzzle-answer', 'int bitXnor(int x, int y) { return ~(x & ~y); }');
  await page.click('.puzzle-check');
  await page.waitForSelector('.verdict.wrong', { timeout: VERDICT_MS });
  const got = await page.locator('.counterexample .got').textContent();
  const expected = await page.locator('.counterexample .expected').textContent();
  assert.notEqual(got, expected);
  await shot(page, 'practice-set-wrong');
  await page.click('.verdict.wrong a.to-lab');
  await page.waitForSelector('.lab-c');
  assert.match(page.url(), /mode=c/);

  // a rule broken: an if, with its line
  await page.goto(`${site.server.url}#/practice?set=puzzles&p=bitXnor`);
  await page.waitForSelector('#puzzle-answer');
  await page.fill('#puzzle-answer', 'int bitXnor(int x, int y) {\n  if (x) return ~(x ^ y);\n  return ~(x ^ y);\n}');
  await page.click('.puzzle-check');
  await page.waitForSelector('.verdict.rules', { timeout: VERDICT_MS });

  // the progress is the set's own, and survives a reload
  await openPractice(page);
  await page.reload();
  await page.waitForSelector('.set-group[data-set="puzzles"] li[data-puzzle="bitXnor"].solved');
  assert.match(await page.locator('.set-group[data-set="puzzles"] .muted').first().textContent(), /1 of 14 solved/);
  assert.equal(await page.getAttribute('.practice-count', 'data-solved'), '0', 'the built-in progress is apart');
  assert.deepEqual(problems, []);
  await context.close();
});

test('sets from URLs: one loads, a failing URL and a malformed set are said and leave the others as they were', async () => {
  const { page, problems, context } = await newPage(site.browser, DESKTOP);
  const course = 'https://course.example/bits';
  await page.route(`${course}/**`, (route) => {
    const url = route.request().url();
    if (url.endsWith('/week1.c')) return route.fulfill({ body: read('puzzles.c'), contentType: 'text/plain' });
    if (url.endsWith('/week1-ref.c')) return route.fulfill({ body: read('reference.c'), contentType: 'text/plain' });
    if (url.endsWith('/bad.c')) return route.fulfill({ body: read('puzzles.c').replace('*   Max ops: 8\n', ''), contentType: 'text/plain' });
    return route.fulfill({ status: 404, body: 'not here' });
  });
  await openPractice(page);
  await page.fill('.set-url-puzzles', `${course}/week1.c`);
  await page.fill('.set-url-reference', `${course}/week1-ref.c`);
  await page.click('.set-fetch');
  await page.waitForSelector('.set-group[data-set="week1"]');
  assert.equal(await page.locator('.set-group[data-set="week1"] li[data-puzzle]').count(), 14);

  // a URL that fails: the reason, and the set already loaded stays
  await page.fill('.set-url-puzzles', `${course}/missing.c`);
  await page.click('.set-fetch');
  await page.waitForSelector('.set-message.error');
  assert.match(await page.locator('.set-message').textContent(), /missing\.c could not be loaded: HTTP 404/);
  assert.equal(await page.locator('.set-group').count(), 1);

  // a block without Max ops: refused with its line
  await page.fill('.set-url-puzzles', `${course}/bad.c`);
  await page.click('.set-fetch');
  await page.waitForFunction(() => /line \d+: .*Max ops/.test(document.querySelector('.set-message')?.textContent));
  assert.equal(await page.locator('.set-group').count(), 1);
  assert.deepEqual(problems.filter((p) => !p.includes('404')), []);
  await context.close();
});

test('write an exercise: checked, its link opens it, it embeds, and "my exercises" exports as two files', async () => {
  const { page, problems, context } = await newPage(site.browser, { ...DESKTOP, acceptDownloads: true });
  await openPractice(page);
  // a wrong example is refused
  await page.fill('.write-examples', 'bitOr(6, 5) = 6');
  await page.click('.write-check');
  await page.waitForSelector('.write-error');
  assert.match(await page.locator('.write-error').textContent(), /reference gives 7/);
  await page.fill('.write-examples', 'bitOr(6, 5) = 7\nbitOr(0x10, 1) = 17');
  await page.click('.write-check');
  await page.waitForSelector('.write-made');
  const text = await page.inputValue('.write-text');
  assert.match(text, /\* bitOr - x \| y using only ~ and &/);
  assert.match(text, /Legal ops: ~ &/);
  const link = await page.inputValue('.write-link-text');
  const embed = await page.inputValue('.write-embed');
  assert.match(embed, /<iframe src="[^"]+#\/embed\/practice\?/);
  await page.locator('.write-card').scrollIntoViewIfNeeded();
  await shot(page, 'practice-write');

  // "my exercises": a set of its own, exported as the two files
  await page.click('.write-save');
  await page.waitForSelector('.set-group[data-set="my exercises"] li[data-puzzle="bitOr"]');
  const downloads = [];
  page.on('download', (d) => downloads.push(d.suggestedFilename()));
  await page.click('.set-group[data-set="my exercises"] .set-export');
  await page.waitForFunction(() => true);
  for (let i = 0; i < 50 && downloads.length < 2; i += 1) await page.waitForTimeout(100);
  assert.deepEqual(downloads.sort(), ['my exercises-reference.c', 'my exercises.c']);

  // the link opens the exercise in a fresh tab, and it is solved there
  const fresh = await newPage(site.browser, DESKTOP);
  await fresh.page.goto(link);
  await fresh.page.waitForSelector('.set-puzzle[data-puzzle="bitOr"]');
  await fresh.page.fill('#puzzle-answer', 'int bitOr(int x, int y) { return ~(~x & ~y); }');
  await fresh.page.click('.puzzle-check');
  await fresh.page.waitForSelector('.verdict.solved', { timeout: VERDICT_MS });
  assert.deepEqual(fresh.problems, []);
  await fresh.context.close();

  // the embed shows the exercise alone
  const src = embed.match(/src="([^"]+)"/)[1].replaceAll('&amp;', '&');
  const framed = await newPage(site.browser, { viewport: { width: 700, height: 800 } });
  await framed.page.goto(src);
  await framed.page.waitForSelector('.embed .set-puzzle[data-puzzle="bitOr"]');
  assert.equal(await framed.page.locator('.practice-reset').isVisible(), false);
  await shot(framed.page, 'practice-embedded-exercise');
  assert.deepEqual(framed.problems, []);
  await framed.context.close();
  assert.deepEqual(problems, []);
  await context.close();
});

/** A drop of files (name, text) on `selector`, as a user drags them from a folder. */
async function dropFiles(page, selector, files) {
  const data = await page.evaluateHandle((list) => {
    const d = new DataTransfer();
    for (const [name, text] of list) d.items.add(new File([text], name, { type: 'text/plain' }));
    return d;
  }, files);
  await page.dispatchEvent(selector, 'dragover', { dataTransfer: data });
  await page.dispatchEvent(selector, 'drop', { dataTransfer: data });
}

test('the grade table: files dropped on its boxes; each row opens its puzzle with the answer, a wrong one its counterexample in the Lab', async () => {
  const { page, problems, context } = await newPage(site.browser, DESKTOP);
  await openPractice(page);
  // a set dropped on its card (the reference first: its name says so)
  await dropFiles(page, '.sets-card', [['week2-reference.c', read('reference.c')], ['week2.c', read('puzzles.c')]]);
  await page.waitForSelector('.set-group[data-set="week2"]');
  await dropFiles(page, '.grade-puzzles', [['bits.c', read('puzzles.c')]]);
  await dropFiles(page, '.grade-reference', [['ref.c', read('reference.c')]]);
  await dropFiles(page, '.grade-student', [['student.c', read('student_wrong.c')]]);
  await page.waitForFunction(() => document.querySelector('.grade-student').value.includes('isPower2'));
  await page.click('.grade-run');
  await page.waitForSelector('.grade-result', { timeout: VERDICT_MS });
  await shot(page, 'practice-grade-links');
  const wrong = page.locator('tr.grade-row[data-puzzle="isPower2"]');
  assert.equal(await wrong.getAttribute('data-status'), 'wrong');
  const lab = await wrong.locator('a.grade-lab').getAttribute('href');
  await wrong.locator('a.grade-open').click();
  await page.waitForSelector('.set-puzzle[data-puzzle="isPower2"]');
  assert.match(await page.inputValue('#puzzle-answer'), /isPower2/);
  await page.click('.puzzle-check');
  await page.waitForSelector('.verdict.wrong', { timeout: VERDICT_MS });
  await page.goto(`${site.server.url}${lab}`);
  await page.waitForSelector('.lab-c');
  assert.match(page.url(), /mode=c/);
  assert.deepEqual(problems, []);
  await context.close();
});

test('the grade table: a rules row keeps its cells in their columns and says its line once', async () => {
  const { page, problems, context } = await newPage(site.browser, DESKTOP);
  await openPractice(page);
  await dropFiles(page, '.grade-puzzles', [['bits.c', read('puzzles.c')]]);
  await dropFiles(page, '.grade-reference', [['ref.c', read('reference.c')]]);
  await dropFiles(page, '.grade-student', [['student.c', read('student_rules.c')]]);
  await page.waitForFunction(() => document.querySelector('.grade-student').value.includes('bitXnor'));
  await page.click('.grade-run');
  await page.waitForSelector('.grade-result', { timeout: VERDICT_MS });
  const row = page.locator('tr.grade-row[data-status="rules"]').first();
  const tops = await row.locator('td').evaluateAll((tds) => tds.map((td) => Math.round(td.getBoundingClientRect().top)));
  assert.ok(tops.length >= 5 && tops.every((t) => t === tops[0]), `cells of one row at ${tops}`);
  const reason = await row.locator('.grade-reason').innerText();
  assert.equal((reason.match(/line \d+/g) || []).length, 1, reason);
  await shot(page, 'practice-grade-rules');
  assert.deepEqual(problems, []);
  await context.close();
});

test('a half-written exercise survives a reload: the draft is in the link', async () => {
  const { page, problems, context } = await newPage(site.browser, DESKTOP);
  await openPractice(page);
  await page.fill('.write-name', 'bitAndNot');
  await page.fill('.write-task', 'x & ~y, half written');
  assert.match(decodeURIComponent(page.url()), /w=.*bitAndNot/);
  await page.reload();
  await page.waitForSelector('.write-card');
  assert.equal(await page.inputValue('.write-name'), 'bitAndNot');
  assert.equal(await page.inputValue('.write-task'), 'x & ~y, half written');
  assert.deepEqual(problems, []);
  await context.close();
});
