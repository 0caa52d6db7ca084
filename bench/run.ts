// `npm run bench`: every figure is a ratio against a baseline measured in the same run. The output is
// also written to BENCHMARKS.md with the machine and date. BENCH_ONLY=engine,stream,… runs a subset.
import fs from 'node:fs';
import os from 'node:os';
import { engineBench } from './engine-bench';
import { streamBench } from './stream-bench';
import { ingestBench } from './ingest-bench';
import { loadBench } from './load-bench';
import { scaleBench } from './scale-bench';
import { crawleeBench } from './crawlee-bench';
import { firstLoadBench } from './first-load-bench';
import { liveHeapMb } from './live-heap';

const SECTIONS: [string, () => Promise<void>][] = [
  ['engine', engineBench],
  ['crawlee', crawleeBench],
  ['stream', streamBench],
  ['ingest', ingestBench],
  ['load', loadBench],
  ['scale', scaleBench],
  ['first-load', firstLoadBench],
];
const only = process.env.BENCH_ONLY?.split(',').map((s) => s.trim()).filter(Boolean);

// Tee everything printed into the report.
const printed: string[] = [];
const log = console.log.bind(console);
console.log = (...args: unknown[]) => {
  printed.push(args.map(String).join(' '));
  log(...args);
};

const cpu = os.cpus()[0]?.model.trim() ?? 'unknown CPU';
const machine = `${os.cpus().length} cores (${cpu}), ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, ${os.type()} ${os.release()}, Node ${process.version}`;
const started = new Date();
console.log(`# Quarry benchmarks — ${started.toISOString()} — ${machine}`);
const failed: string[] = [];
for (const [name, run] of SECTIONS) {
  if (only && !only.includes(name)) continue;
  const heapMb = liveHeapMb();
  const t0 = performance.now();
  try {
    await run();
  } catch (err) {
    failed.push(name);
    console.log(`\n## ${name}: FAILED — ${(err as Error).stack ?? String(err)}`);
  }
  console.log(`(${name}: ${((performance.now() - t0) / 1000).toFixed(0)} s; heap in use at its start ${heapMb.toFixed(0)} MB)`);
}

const report = [
  '# Benchmarks',
  '',
  `Machine: ${machine}  `,
  `Date: ${started.toISOString()}  `,
  `Command: \`npm run bench\`${only ? ` (BENCH_ONLY=${only.join(',')})` : ''}; every ratio is against a baseline measured in the same run.`,
  '',
  '```text',
  ...printed.slice(1),
  '```',
  '',
].join('\n');
fs.writeFileSync('BENCHMARKS.md', report);
log(`\nwritten to BENCHMARKS.md${failed.length ? `; failed sections: ${failed.join(', ')}` : ''}`);
process.exit(failed.length ? 1 : 0);
