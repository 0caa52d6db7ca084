// Sum Vitest JSON reports into the closing line CI reads: "N passed, N failed".
import fs from 'node:fs';
let passed = 0, failed = 0, skipped = 0;
for (const file of process.argv.slice(2)) {
  if (!fs.existsSync(file)) { failed++; console.log(`missing report: ${file}`); continue; }
  const r = JSON.parse(fs.readFileSync(file, 'utf8'));
  if (r.stats && r.suites) {
    // Playwright's JSON report: expected = passed, unexpected = failed, flaky passed on retry.
    passed += r.stats.expected + r.stats.flaky;
    failed += r.stats.unexpected + (r.errors?.length ?? 0);
    skipped += r.stats.skipped;
    continue;
  }
  passed += r.numPassedTests; failed += r.numFailedTests + (r.numRuntimeErrorTestSuites ?? 0);
  skipped += r.numPendingTests + r.numTodoTests;
  // A suite that failed counts as a failure even when none of its tests did
  // (e.g. its beforeAll threw and every test was skipped).
  for (const s of r.testResults) {
    if (s.status === 'failed' && !s.assertionResults.some((a) => a.status === 'failed')) failed++;
  }
}
console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
