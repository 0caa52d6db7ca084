import { spawn, type ChildProcess } from 'node:child_process';

export interface Started {
  child: ChildProcess;
  output: () => string;
  url?: string;
}

/**
 * Start a project script (`scripts/*.ts`) as its own process under tsx. With `readyPattern`, resolves
 * once its output matches (the first capture group becomes `url`); rejects if it exits first.
 */
export function startScript(script: string, env: NodeJS.ProcessEnv, readyPattern: RegExp): Promise<Started> {
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  return new Promise((resolve, reject) => {
    const onData = (d: Buffer) => {
      out += d.toString();
      const m = out.match(readyPattern);
      if (m) {
        child.stdout!.off('data', onData);
        child.stdout!.on('data', (x: Buffer) => (out += x.toString()));
        resolve({ child, output: () => out, url: m[1] });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}:\n${out}`)));
  });
}

export async function stopProcess(p: Started | undefined, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (!p || p.child.exitCode !== null || p.child.signalCode !== null) return;
  const exited = new Promise((r) => p.child.once('exit', r));
  p.child.kill(signal);
  await exited;
}

/**
 * The environment of an engine process on the scratch database `dbUrl`: the test key, private
 * addresses allowed (fixture sites are on 127.0.0.1), any free port, then `extra`.
 */
export function engineProcessEnv(
  dbUrl: string,
  key: string,
  extra: Record<string, string>,
): NodeJS.ProcessEnv {
  return {
    ...process.env,
    DATABASE_URL: dbUrl,
    QUARRY_API_KEY: key,
    QUARRY_ALLOW_PRIVATE_URLS: '1',
    PORT: '0',
    ...extra,
  };
}

/** An API process with no worker (scripts/serve-engine.ts); its `url` is where it listens. */
export function startApiProcess(env: NodeJS.ProcessEnv): Promise<Started> {
  return startScript(
    'scripts/serve-engine.ts',
    { ...env, QUARRY_WORKER: 'off' },
    /listening on (http:\/\/\S+)/,
  );
}

/** A worker process (scripts/worker.ts, `npm run worker`), once it runs. */
export function startWorkerProcess(env: NodeJS.ProcessEnv): Promise<Started> {
  return startScript('scripts/worker.ts', env, /worker (\S+) running/);
}
