import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSecretKey, openSecret, sealSecret } from './secret-box';

describe('secret box', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quarry-box-'));

  it('seals and opens with the data-dir key, which is created once with mode 600', () => {
    const key = loadSecretKey(dir);
    const sealed = sealSecret(key, 'qk_secret-value');
    expect(sealed).not.toContain('qk_secret-value');
    expect(openSecret(key, sealed)).toBe('qk_secret-value');
    expect(fs.statSync(path.join(dir, 'secret-box.key')).mode & 0o777).toBe(0o600);
  });

  it('refuses tampered ciphertext and another key', () => {
    const key = loadSecretKey(dir);
    const sealed = sealSecret(key, 'value');
    const parts = sealed.split('.');
    parts[3] = Buffer.from('garbage').toString('base64url');
    expect(openSecret(key, parts.join('.'))).toBeNull();
    expect(openSecret(Buffer.alloc(32, 7), sealed)).toBeNull();
    expect(openSecret(key, 'not sealed')).toBeNull();
  });
});
