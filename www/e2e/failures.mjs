// A test reporter that adds, after the TAP stream, every failed test with
// its file and its error's first lines, as TAP comments: a log that keeps
// only its tail (CI's) still names each failure and says why.
// (package.json runs it beside the TAP reporter; not a test file itself.)

const LINES = 6;

export default async function* failures(source) {
  const failed = [];
  for await (const event of source) {
    if (event.type !== 'test:fail') continue;
    const { name, file, details } = event.data;
    const error = details?.error;
    // (a file or suite that failed because a test inside it failed)
    if (error?.failureType === 'subtestsFailed') continue;
    const cause = error?.cause ?? error;
    const text = String(cause?.message ?? cause ?? 'no message');
    failed.push({ name, file, text: text.split('\n').slice(0, LINES) });
  }
  if (failed.length === 0) return;
  yield `# ${failed.length} failed, each with why:\n`;
  for (const f of failed) {
    yield `# ✖ ${f.name} (${f.file ?? 'unknown file'})\n`;
    for (const line of f.text) yield `#     ${line}\n`;
  }
}
