// `npm start`: build when the sources are newer than the last build, then serve with `next start`.
import './load-env.mjs';
import { spawnSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = process.cwd();
const buildId = path.join(root, '.next', 'BUILD_ID');
const SOURCES = [
  'app',
  'components',
  'lib',
  'next.config.ts',
  'package.json',
  'instrumentation.ts',
  'proxy.ts',
];

function newestMtime(p) {
  if (!fs.existsSync(p)) return 0;
  const st = fs.statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let max = st.mtimeMs;
  for (const e of fs.readdirSync(p)) max = Math.max(max, newestMtime(path.join(p, e)));
  return max;
}

const host = process.env.HOST || '127.0.0.1';
const port = process.env.PORT || '3000';
const loopback = ['127.0.0.1', 'localhost', '::1'].includes(host);
if (!loopback && !process.env.QUARRY_DASHBOARD_PASSWORD) {
  console.error(
    `Refusing to listen on ${host}: set QUARRY_DASHBOARD_PASSWORD to expose Quarry beyond this machine.`,
  );
  process.exit(1);
}

// The same rule as lib/engine/config.ts (which refuses it at boot too), checked before a build of minutes.
const password = process.env.QUARRY_DASHBOARD_PASSWORD ?? '';
if (password && password.length < 12) {
  console.error(
    'Refusing to start: QUARRY_DASHBOARD_PASSWORD must be at least 12 characters (a short one falls to guessing).',
  );
  process.exit(1);
}

const built = fs.existsSync(buildId) ? fs.statSync(buildId).mtimeMs : 0;
const stale = SOURCES.some((s) => newestMtime(path.join(root, s)) > built);
if (stale) {
  console.log(built ? 'Sources changed since the last build: rebuilding…' : 'First start: building Quarry…');
  const r = spawnSync(process.execPath, [path.join(root, 'node_modules/next/dist/bin/next'), 'build'], {
    stdio: 'inherit',
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' },
  });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

// NEXT_MANUAL_SIG_HANDLE: Next would exit on SIGTERM at once; the engine's own handler finishes
// in-flight jobs, checkpoints the store and releases its lock first (lib/engine/runtime.ts).
const child = spawn(
  process.execPath,
  [path.join(root, 'node_modules/next/dist/bin/next'), 'start', '-H', host, '-p', port],
  {
    stdio: 'inherit',
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', NEXT_MANUAL_SIG_HANDLE: '1' },
  },
);
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
