import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { parseHTML } from 'linkedom';
import { describe, expect, it } from 'vitest';

// scripts/patch-deps.mjs (postinstall) makes linkedom create a node's listener table on first use
// instead of for every parsed node. These hold the patch in place and its behaviour unchanged.
const require = createRequire(import.meta.url);
const cjsDir = path.dirname(require.resolve('linkedom'));
const files = [
  path.join(cjsDir, 'interface/event-target.js'),
  path.join(cjsDir, '../esm/interface/event-target.js'),
];

describe('linkedom, as patched after install', () => {
  it.each(files)('%s makes no listener table in the constructor', (file) => {
    const text = fs.readFileSync(file, 'utf8');
    expect(text).toContain('quarry: listener table made on first use');
    expect(text).not.toMatch(/constructor\(\) \{\s*wm\.set\(this, new Map\);/);
  });

  it('still delivers events to listeners, once-listeners once, and none after removal', () => {
    const { document, Event } = parseHTML('<html><body><p id="a">x</p><p id="b">y</p></body></html>');
    const a = document.getElementById('a')!;
    const seen: string[] = [];
    const onX = () => seen.push('x');
    a.addEventListener('x', onX);
    a.addEventListener('y', () => seen.push('y'), { once: true });
    a.dispatchEvent(new Event('x'));
    a.dispatchEvent(new Event('y'));
    a.dispatchEvent(new Event('y'));
    a.removeEventListener('x', onX);
    a.dispatchEvent(new Event('x'));
    // A node that never had a listener: dispatch and removal are no-ops, not errors.
    const b = document.getElementById('b')!;
    expect(() => b.dispatchEvent(new Event('x'))).not.toThrow();
    expect(() => b.removeEventListener('x', onX)).not.toThrow();
    expect(seen).toEqual(['x', 'y']);
  });

  it('bubbles to a listener on an ancestor', () => {
    const { document, Event } = parseHTML(
      '<html><body><div id="outer"><span id="inner">z</span></div></body></html>',
    );
    const seen: string[] = [];
    document
      .getElementById('outer')!
      .addEventListener('ping', (e: Event) => seen.push((e.target as Element).id));
    document.getElementById('inner')!.dispatchEvent(new Event('ping', { bubbles: true }));
    expect(seen).toEqual(['inner']);
  });
});
