// `npm run bench`: every figure is a ratio against a baseline measured in the same run. The output is
// also written to BENCHMARKS.md with the machine and date. BENCH_ONLY=engine,stream,… runs a subset.
//
// Each section runs in a process of its own (this file again, with BENCH_SECTION set), its baselines
// beside its measured paths as before. In one process a section inherited what the ones before it
// left: the result streams read 10-20% slower after the Crawlee section than alone (0.46x against
// 0.56-0.63x for JSONL) while nothing else ran on the machine, with ~50 MB more live heap for every
// major collection to mark, malloc's arenas grown to ~750 MB and Crawlee's modules loaded. A section
// measures the engine, not the history of the benchmark process.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';

const SECTIONS: [string, () => Promise<() => Promise<void>>][] = [
  ['engine', async () => (await import('./engine-bench')).engineBench],
  ['crawlee', async () => (await import('./crawlee-bench')).crawleeBench],
  ['crawlee-one-thread', async () => (await import('./crawlee-bench')).crawleeOneThreadBench],
  ['stream', async () => (await import('./stream-bench')).streamBench],
  ['ingest', async () => (await import('./ingest-bench')).ingestBench],
  ['upload-memory-xlsx', async () => (await import('./upload-memory-bench')).uploadMemoryXlsxBench],
  ['upload-memory-csv', async () => (await import('./upload-memory-bench')).uploadMemoryCsvBench],
  ['load', async () => (await import('./load-bench')).loadBench],
  ['scale', async () => (await import('./scale-bench')).scaleBench],
  ['first-load', async () => (await import('./first-load-bench')).firstLoadBench],
];

const section = process.env.BENCH_SECTION;
if (section) await runSection(section);
else await runAll();

/** In a section's own process: run it; a failure is printed and exits non-zero. */
async function runSection(name: string): Promise<void> {
  const entry = SECTIONS.find(([n]) => n === name);
  if (!entry) throw new Error(`no benchmark section '${name}'`);
  const t0 = performance.now();
  let ok = true;
  try {
    await (
      await entry[1]()
    )();
  } catch (err) {
    ok = false;
    console.log(`\n## ${name}: FAILED — ${(err as Error).stack ?? String(err)}`);
  }
  console.log(`(${name}: ${((performance.now() - t0) / 1000).toFixed(0)} s)`);
  process.exit(ok ? 0 : 1);
}

/** Runs a section in a child process (same Node, same loader flags), passing its output through. */
function runChild(name: string, printed: string[]): Promise<boolean> {
  const child = spawn(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url)], {
    env: { ...process.env, BENCH_SECTION: name },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let rest = '';
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk: string) => {
    process.stdout.write(chunk);
    const lines = (rest + chunk).split('\n');
    rest = lines.pop()!;
    printed.push(...lines);
  });
  return new Promise((resolve) =>
    child.on('close', (code) => {
      if (rest) printed.push(rest);
      resolve(code === 0);
    }),
  );
}

async function runAll(): Promise<void> {
  const only = process.env.BENCH_ONLY?.split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const cpu = os.cpus()[0]?.model.trim() ?? 'unknown CPU';
  const machine = `${os.cpus().length} cores (${cpu}), ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, ${os.type()} ${os.release()}, Node ${process.version}`;
  const started = new Date();
  console.log(`# Quarry benchmarks — ${started.toISOString()} — ${machine}`);
  const printed: string[] = [];
  const failed: string[] = [];
  for (const [name] of SECTIONS) {
    if (only && !only.includes(name)) continue;
    if (!(await runChild(name, printed))) failed.push(name);
  }
  const report = [
    '# Benchmarks',
    '',
    `Machine: ${machine}  `,
    `Date: ${started.toISOString()}  `,
    `Command: \`npm run bench\`${only ? ` (BENCH_ONLY=${only.join(',')})` : ''}; every ratio is against a baseline measured in the same run; each section runs in a process of its own.`,
    '',
    '```text',
    ...printed,
    '```',
    '',
    // What each target protects is written by hand, so a new run keeps it (docs/benchmark-targets.md).
    fs.readFileSync('docs/benchmark-targets.md', 'utf8'),
  ].join('\n');
  fs.writeFileSync('BENCHMARKS.md', report);
  console.log(`\nwritten to BENCHMARKS.md${failed.length ? `; failed sections: ${failed.join(', ')}` : ''}`);
  process.exit(failed.length ? 1 : 0);
}
