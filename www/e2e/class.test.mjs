// A class on a `bitscope class` server (issue 52): `class new` on a fresh
// database with the worked example's two files and a roster, `class serve`
// with the built site; a student's link in one browser context sees the
// class's puzzles, submits a right answer and a wrong one (the server's
// counterexample, into the Lab); the teacher's link in another context
// shows the gradebook with that student's points, sorts it, and the
// scoreboard; nothing in the student's page holds the reference.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bitscopeBin, launch, newPage, shot, repo } from './harness.mjs';

const DATALAB = join(repo, 'tests', 'data', 'datalab');
const VERDICT_MS = 60000;
const DESKTOP = { viewport: { width: 1280, height: 1000 } };
const site = {};

before(async () => {
  site.dir = mkdtempSync(join(tmpdir(), 'bitscope-class-'));
  const roster = join(site.dir, 'roster.csv');
  writeFileSync(roster, 'id,name\nada,Ada Lovelace\nbob,Bob Babbage\n');
  const made = spawnSync(bitscopeBin, ['class', 'new', '--db', join(site.dir, 'class.db'), '--name', 'week2',
    '--puzzles', join(DATALAB, 'puzzles.c'), '--reference', join(DATALAB, 'reference.c'), '--roster', roster, '--json'],
  { encoding: 'utf8' });
  assert.equal(made.status, 0, made.stderr);
  site.class = JSON.parse(made.stdout);
  site.child = spawn(bitscopeBin, ['class', 'serve', '--db', join(site.dir, 'class.db'), '--port', '0',
    '--dir', join(repo, 'dist')], { stdio: ['ignore', 'pipe', 'inherit'] });
  let buffer = '';
  site.child.stdout.setEncoding('utf8');
  while (!/http:\/\/\S+/.test(buffer)) {
    const [chunk] = await Promise.race([
      once(site.child.stdout, 'data'),
      once(site.child, 'exit').then(() => { throw new Error('class serve exited: ' + buffer); }),
    ]);
    buffer += chunk;
  }
  site.url = buffer.match(/http:\/\/\S+/)[0];
  site.browser = await launch();
});

after(async () => {
  await site.browser?.close();
  site.child?.kill();
  rmSync(site.dir, { recursive: true, force: true });
});

/** A link of `class new`, on this test's server. */
const onServer = (link) => site.url + link.slice(link.indexOf('#'));

test('a student submits from the class link; the teacher sees it in the gradebook', async () => {
  const ada = site.class.students[0];
  const student = await newPage(site.browser, DESKTOP);
  await student.page.goto(onServer(ada.link));
  await student.page.waitForSelector('.class-card');
  assert.equal(await student.page.locator('.class-puzzle').count(), 14);
  assert.match(await student.page.locator('.class-who').textContent(), /Ada Lovelace/);
  await shot(student.page, 'class-student-list');

  // a right answer: the server proves it and keeps it
  await student.page.click('.class-puzzle a:text-is("bitXnor")');
  await student.page.waitForSelector('.class-exercise[data-puzzle="bitXnor"]');
  assert.match(await student.page.inputValue('#class-answer'), /int bitXnor\(int x, int y\)/);
  await student.page.fill('#class-answer', 'int bitXnor(int x, int y) { return ~(x & ~y) & ~(~x & y); }');
  await student.page.click('.class-check');
  await student.page.waitForSelector('.verdict.solved', { timeout: VERDICT_MS });
  assert.match(await student.page.locator('.verdict.solved').textContent(), /7 of at most 8 operators; 1 points/);

  // a wrong one: the server's counterexample, and the student's function in the Lab
  await student.page.click('.class-puzzle-back, .class-back');
  await student.page.click('.class-puzzle a:text-is("sign")');
  await student.page.waitForSelector('.class-exercise[data-puzzle="sign"]');
  await student.page.fill('#class-answer', 'int sign(int x) { return x >> 31; }');
  await student.page.click('.class-check');
  await student.page.waitForSelector('.verdict.wrong', { timeout: VERDICT_MS });
  const got = await student.page.locator('.counterexample .got').textContent();
  const expected = await student.page.locator('.counterexample .expected').textContent();
  assert.notEqual(got, expected);
  await shot(student.page, 'class-student-wrong');
  // nothing of the reference in the page (its expressions: reference.c)
  const html = await student.page.content();
  for (const secret of ['test_sign', '(x > 0) - (x < 0)', '~(x ^ y)']) assert.ok(!html.includes(secret), secret);
  await student.page.click('.verdict.wrong a.to-lab');
  await student.page.waitForSelector('.lab-c');
  assert.match(student.page.url(), /mode=c/);

  // progress comes from the server: a fresh context on the same link
  const again = await newPage(site.browser, DESKTOP);
  await again.page.goto(onServer(ada.link));
  await again.page.waitForSelector('.class-card');
  // (the total shows "0 of 0" until the puzzles and the progress arrive)
  await again.page.waitForFunction(() => /of 36 points/.test(document.querySelector('.class-total')?.textContent ?? ''));
  assert.match(await again.page.locator('.class-total').textContent(), /^1 of 36 points/);
  assert.equal(await again.page.locator('.class-puzzle[data-status="correct"]').count(), 1);

  // the teacher, in another context: the gradebook holds it
  const teacher = await newPage(site.browser, DESKTOP);
  await teacher.page.goto(onServer(site.class.teacher_link));
  await teacher.page.waitForSelector('table.gradebook tbody tr');
  const row = teacher.page.locator('table.gradebook tr[data-student="ada"]');
  assert.equal(await row.locator('td.total').textContent(), '1');
  assert.equal(await teacher.page.locator('table.gradebook tbody tr').count(), 2);
  // sorted by total, descending: ada first
  await teacher.page.click('button.sort[data-column="total"]');
  assert.equal(await teacher.page.locator('table.gradebook tbody tr').first().getAttribute('data-student'), 'ada');
  await teacher.page.click('button.sort[data-column="total"]');
  assert.equal(await teacher.page.locator('table.gradebook tbody tr').first().getAttribute('data-student'), 'bob');
  const xnor = teacher.page.locator('.class-puzzles-table tr[data-puzzle="bitXnor"]');
  // solved "of the roster" (a solve rate of 50%), tried apart (issue 66)
  assert.equal(await xnor.locator('.solved').textContent(), '1 of 2 students');
  assert.equal(await xnor.locator('.tried').textContent(), '1');
  // the teacher's page has its own heading, not Practice's lesson
  assert.equal(await teacher.page.locator('main#panel h2').textContent(), 'Class week2');
  assert.equal(await teacher.page.locator('main#panel .lede').count(), 0);
  // the total stands next to the name, whatever the width of the puzzles
  const heads = await teacher.page.$$eval('table.gradebook thead th', (ths) => ths.map((th) => th.textContent));
  assert.match(heads.slice(0, 3).join('|'), /^student.*\|name.*\|total \/36/);
  assert.equal(await xnor.locator('.prof').textContent(), '2');
  assert.equal(await xnor.locator('.best').textContent(), '7');
  await shot(teacher.page, 'class-teacher-gradebook');
  // the CSV export downloads the grade sheet
  const [download] = await Promise.all([
    teacher.page.waitForEvent('download'),
    teacher.page.click('.gradebook-csv'),
  ]);
  assert.equal(download.suggestedFilename(), 'week2-grades.csv');

  // a student's key on the teacher's link: the class, not the gradebook
  const bob = await newPage(site.browser, DESKTOP);
  await bob.page.goto(`${site.url}#/class?class=week2&key=${site.class.students[1].token}`);
  await bob.page.waitForSelector('.class-card');
  assert.equal(await bob.page.locator('table.gradebook').count(), 0);
  // a wrong key: a clear message, no crash
  await bob.page.goto(`${site.url}#/practice?class=week2&key=nope`);
  await bob.page.waitForSelector('.class-error');
  assert.match(await bob.page.locator('.class-error').textContent(), /key/);

  for (const p of [student, again, teacher, bob]) assert.deepEqual(p.problems.filter((m) => !/status of 401/.test(m)), []);
});

test('the class pages at 390 px: the student list and the gradebook fit the phone, nothing scrolls sideways', async () => {
  const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };
  const sideways = (page) => page.evaluate(() => document.scrollingElement.scrollWidth - document.scrollingElement.clientWidth);
  const student = await newPage(site.browser, PHONE);
  await student.page.goto(onServer(site.class.students[1].link));
  await student.page.waitForSelector('.class-card');
  assert.ok((await sideways(student.page)) <= 0, 'the student list scrolls sideways');
  await shot(student.page, 'class-student-list-phone');
  const teacher = await newPage(site.browser, PHONE);
  await teacher.page.goto(onServer(site.class.teacher_link));
  await teacher.page.waitForSelector('table.gradebook tbody tr');
  assert.ok((await sideways(teacher.page)) <= 0, 'the gradebook page scrolls sideways');
  await shot(teacher.page, 'class-teacher-gradebook-phone');
  for (const p of [student, teacher]) assert.deepEqual(p.problems, []);
});
