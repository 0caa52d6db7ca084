// Run after every `npm install` / `npm ci` (package.json "postinstall"): small patches to installed
// packages, each checked against the exact text it replaces, so a new version of the package is
// left alone (with a warning) rather than patched blindly. `lib/engine/research/linkedom-patch.test.ts`
// fails while a patch is not applied.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

// linkedom gives every node it creates (the research parses every page with it) an event-listener
// table at construction: `wm.set(this, new Map)` on a module-wide WeakMap. Pages never get
// listeners, but each node cost a Map and a WeakMap entry, and V8 must trace every such entry at each
// garbage collection: ~35% of the research thread's CPU per small page (0.56 → 0.35 ms). The table
// is now made on the first addEventListener; dispatch already handled a node without one.
const LINKEDOM = {
  files: [
    'node_modules/linkedom/esm/interface/event-target.js',
    'node_modules/linkedom/cjs/interface/event-target.js',
  ],
  marker: '/* quarry: listener table made on first use */',
  edits: [
    [
      '  constructor() {\n    wm.set(this, new Map);\n  }',
      '  constructor() {} /* quarry: listener table made on first use */',
    ],
    [
      '  addEventListener(type, listener, options) {\n    const map = wm.get(this);\n',
      '  addEventListener(type, listener, options) {\n    let map = wm.get(this);\n    if (!map) wm.set(this, (map = new Map));\n',
    ],
    [
      '  removeEventListener(type, listener) {\n    const map = wm.get(this);\n    if (map.has(type)) {',
      '  removeEventListener(type, listener) {\n    const map = wm.get(this);\n    if (map && map.has(type)) {',
    ],
  ],
};

for (const rel of LINKEDOM.files) {
  const file = path.join(root, rel);
  if (!fs.existsSync(file)) continue;
  let text = fs.readFileSync(file, 'utf8');
  if (text.includes(LINKEDOM.marker)) continue;
  if (LINKEDOM.edits.some(([from]) => !text.includes(from))) {
    console.warn(
      `[quarry] ${rel} is not the text this patch expects (another linkedom version?): left as it is`,
    );
    continue;
  }
  for (const [from, to] of LINKEDOM.edits) text = text.replace(from, to);
  fs.writeFileSync(file, text);
}
