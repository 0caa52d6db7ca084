import fs from 'node:fs';
import path from 'node:path';

// What playwright.config.ts and the global setup decided, for the specs.
export const SITE = () => required('QUARRY_E2E_SITE');
export const DATA_DIR = () => required('QUARRY_E2E_DATA_DIR');
export const SIGNIN_URL = () => `http://127.0.0.1:${required('QUARRY_E2E_SIGNIN_PORT')}`;
export const SIGNIN_DATA_DIR = () => required('QUARRY_E2E_SIGNIN_DATA_DIR');
export const PASSWORD = () => required('QUARRY_E2E_PASSWORD');

/** The built-in engine's generated bootstrap key: what must never reach the browser. */
export function engineKey(dataDir = DATA_DIR()): string {
  return fs.readFileSync(path.join(dataDir, 'api-key'), 'utf8').trim();
}

function required(name: string): string {
  const v = process.env[name];
  if (!v) throw new Error(`${name} is not set: run the suite with \`npm run test:e2e\``);
  return v;
}
