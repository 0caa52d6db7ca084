// Sum Vitest JSON reports into the closing line CI reads: "N passed, N failed".
import fs from 'node:fs';
let passed = 0,
  failed = 0,
  skipped = 0;
// Failures are named again just above the summary line, because CI shows only the end of the log.
const failures = [];
const firstLine = (m) =>
  String(m ?? '')
    .replace(/\x1b\[[0-9;]*m/g, '')
    .split('\n')
    .find((l) => l.trim()) ?? '';
for (const file of process.argv.slice(2)) {
  if (!fs.existsSync(file)) {
    failed++;
    console.log(`missing report: ${file}`);
    continue;
  }
  const r = JSON.parse(fs.readFileSync(file, 'utf8'));
  if (r.stats && r.suites) {
    // Playwright's JSON report: expected = passed, unexpected = failed, flaky passed on retry.
    passed += r.stats.expected + r.stats.flaky;
    failed += r.stats.unexpected + (r.errors?.length ?? 0);
    skipped += r.stats.skipped;
    const walk = (suite, file) => {
      for (const spec of suite.specs ?? []) {
        for (const t of spec.tests ?? []) {
          if (t.status !== 'unexpected') continue;
          const last = t.results?.[t.results.length - 1];
          failures.push(`${file ?? suite.file} › ${spec.title}: ${firstLine(last?.error?.message)}`);
        }
      }
      for (const child of suite.suites ?? []) walk(child, file ?? suite.file);
    };
    for (const s of r.suites) walk(s);
    for (const e of r.errors ?? []) failures.push(`playwright: ${firstLine(e.message)}`);
    continue;
  }
  passed += r.numPassedTests;
  failed += r.numFailedTests + (r.numRuntimeErrorTestSuites ?? 0);
  skipped += r.numPendingTests + r.numTodoTests;
  // A suite that failed counts as a failure even when none of its tests did
  // (e.g. its beforeAll threw and every test was skipped).
  const report = file.split('/').pop();
  for (const s of r.testResults) {
    const where = `${report}: ${s.name.replace(process.cwd() + '/', '')}`;
    if (s.status === 'failed' && !s.assertionResults.some((a) => a.status === 'failed')) {
      failed++;
      failures.push(`${where}: ${firstLine(s.message)}`);
    }
    for (const a of s.assertionResults) {
      if (a.status === 'failed')
        failures.push(`${where} › ${a.fullName}: ${firstLine(a.failureMessages?.[0])}`);
    }
  }
}
if (failures.length) {
  console.log('\nFailed:');
  for (const f of failures) console.log(`  ✗ ${f.slice(0, 400)}`);
}
console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
