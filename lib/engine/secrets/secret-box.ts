import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

// Secrets kept in the settings table (the dashboard's upstream key) are sealed with AES-256-GCM. The
// 32-byte key lives in the data directory (mode 600), not in the database, so a copy of the database
// alone — a dump, a backup — does not reveal them.

const KEY_FILE = 'secret-box.key';
const cache = new Map<string, Buffer>();

export function loadSecretKey(dataDir: string): Buffer {
  const cached = cache.get(dataDir);
  if (cached) return cached;
  const file = path.join(dataDir, KEY_FILE);
  let key: Buffer;
  if (fs.existsSync(file)) {
    key = Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64');
  } else {
    key = randomBytes(32);
    fs.mkdirSync(dataDir, { recursive: true });
    try {
      // wx: two processes starting together must not each write a different key.
      fs.writeFileSync(file, key.toString('base64') + '\n', { mode: 0o600, flag: 'wx' });
    } catch {
      key = Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64');
    }
  }
  if (key.length !== 32) throw new Error(`${file} is not a 32-byte key`);
  cache.set(dataDir, key);
  return key;
}

export function sealSecret(key: Buffer, plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const ct = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [
    'v1',
    iv.toString('base64url'),
    cipher.getAuthTag().toString('base64url'),
    ct.toString('base64url'),
  ].join('.');
}

/** Opens a sealed secret; null when it was sealed with another key or tampered with. */
export function openSecret(key: Buffer, sealed: string): string | null {
  const [v, iv, tag, ct] = sealed.split('.');
  if (v !== 'v1' || !iv || !tag || ct === undefined) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(ct, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

/** A purpose-bound subkey (e.g. for signing session cookies), so one file key serves several uses. */
export function deriveKey(key: Buffer, purpose: string): Buffer {
  return createHmac('sha256', key).update(purpose).digest();
}
