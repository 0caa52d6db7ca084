import fs from 'node:fs';
import path from 'node:path';

// Worker threads (research, the embedded store, upload scanning) run in plain Node whichever way the app was started
// (tsx, Vitest, or Next's production server, where this module is itself a Turbopack chunk and no
// .ts file can be loaded). So each thread's entry, with our own modules, is bundled with esbuild into
// one ESM file, and that file is started. Packages are not bundled: the file lives under
// node_modules/, so Node resolves and loads them itself, exactly as they ship.

/** The worker entries, by name: the bundle is node_modules/.cache/quarry/<name>-worker.mjs. */
export const WORKER_ENTRIES = {
  research: 'lib/engine/research/pool/worker-entry.ts',
  store: 'lib/engine/db/pglite-thread/worker-entry.ts',
  scan: 'lib/engine/batches/scan-thread/worker-entry.ts',
} as const;
export type WorkerName = keyof typeof WORKER_ENTRIES;

const OUT_DIR = 'node_modules/.cache/quarry';
/** Besides lib/, a change in these can change the bundle (dependencies, path aliases). */
const ALSO_WATCHED = ['package-lock.json', 'package.json', 'tsconfig.json'];

// Why packages stay out of the bundle: with them in, the research thread ran ~25% slower. keepNames
// (below) wraps every named inner function of every package in a `__name()` call that redefines the
// function's `name` when the closure is created, ~45 times per job (css-what alone defines a dozen
// per querySelector). Those redefinitions kept changing function maps, and V8 threw away ~800
// optimizing compilations of linkedom's element classes per 12 s of load ("dependency change"):
// ~2.3 s of background compiler time, on a machine with two cores.

// Paths here are built at runtime from the project root: the turbopackIgnore comments keep Next's
// file tracing from copying the whole project into the server output because of them.
const builds = new Map<string, Promise<string>>();

/**
 * Path of the named worker's bundle for the project at `root` (Next runs from the project root, so
 * process.cwd() also holds when this module is bundled). Rebuilt when any source under lib/ is newer;
 * built at most once per process.
 */
export function bundleWorker(name: WorkerName, root: string = process.cwd()): Promise<string> {
  const key = `${name}\0${root}`;
  let build = builds.get(key);
  if (!build) {
    build = bundle(name, root);
    // A failed build may be transient (disk full, a concurrent edit): let the next caller retry.
    build.catch(() => builds.delete(key));
    builds.set(key, build);
  }
  return build;
}

async function bundle(name: WorkerName, root: string): Promise<string> {
  const entry = path.join(/* turbopackIgnore: true */ root, WORKER_ENTRIES[name]);
  const outFile = path.join(/* turbopackIgnore: true */ root, OUT_DIR, `${name}-worker.mjs`);
  if (!fs.existsSync(entry)) throw new Error(`${name} worker source not found: ${entry}`);
  if (isFresh(root, outFile)) return outFile;
  await buildWorkerFile(entry, outFile, root);
  return outFile;
}

/**
 * Bundles a thread entry (an absolute path) into `outFile` as described above, always. The benchmarks
 * use it for a thread of their own; the engine's threads go through bundleWorker().
 */
export async function buildWorkerFile(
  entry: string,
  outFile: string,
  root: string = process.cwd(),
): Promise<void> {
  const esbuild = await import('esbuild');
  fs.mkdirSync(path.dirname(outFile), { recursive: true });
  // Build to a private file and rename: other processes (a second server, `npm run worker`, Vitest
  // workers) may be building or starting the same bundle right now, and must never see half of it.
  const tmp = `${outFile}.${process.pid}.${Date.now()}.tmp`;
  try {
    await esbuild.build({
      absWorkingDir: root,
      entryPoints: [entry],
      outfile: tmp,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: `node${process.versions.node.split('.')[0]}`,
      tsconfig: path.join(/* turbopackIgnore: true */ root, 'tsconfig.json'),
      packages: 'external',
      keepNames: true, // error names and stacks stay readable
      legalComments: 'none',
      logLevel: 'silent',
    });
    fs.renameSync(tmp, outFile);
  } catch (err) {
    fs.rmSync(tmp, { force: true });
    throw err;
  }
}

function isFresh(root: string, outFile: string): boolean {
  let built: number;
  try {
    built = fs.statSync(outFile).mtimeMs;
  } catch {
    return false;
  }
  let newest = newestMtime(path.join(/* turbopackIgnore: true */ root, 'lib'));
  for (const f of ALSO_WATCHED)
    newest = Math.max(newest, newestMtime(path.join(/* turbopackIgnore: true */ root, f)));
  return newest <= built;
}

function newestMtime(p: string): number {
  let st: fs.Stats;
  try {
    st = fs.statSync(p);
  } catch {
    return 0;
  }
  if (!st.isDirectory()) return st.mtimeMs;
  let max = st.mtimeMs;
  for (const e of fs.readdirSync(p))
    max = Math.max(max, newestMtime(path.join(/* turbopackIgnore: true */ p, e)));
  return max;
}
