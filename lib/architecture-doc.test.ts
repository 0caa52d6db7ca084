import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// ARCHITECTURE.md is the newcomer's map (issue 30): short, every folder and link it names real, each
// glossary term defined once. Drift in any of these makes the map lie, which is worse than no map.
// (Unit tests live under lib/ and bench/ per vitest.config.ts; this one reads the repository's docs.)

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const read = (rel: string) => fs.readFileSync(path.join(ROOT, rel), 'utf8');
const ARCH = read('ARCHITECTURE.md');
const DOCS = fs
  .readdirSync(path.join(ROOT, 'docs'))
  .filter((f) => f.endsWith('.md'))
  .map((f) => `docs/${f}`);

/** The text of a `## heading` section, up to the next `## `. */
function section(text: string, heading: string): string {
  const start = text.indexOf(`\n## ${heading}\n`);
  if (start < 0) throw new Error(`no section '${heading}'`);
  const end = text.indexOf('\n## ', start + 1);
  return text.slice(start, end < 0 ? undefined : end);
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
function slug(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-');
}

/** Whether a repository path exists; `*` stands for any file name in its folder, `**` for any folders below. */
function exists(rel: string): boolean {
  const clean = rel.replace(/\/$/, '');
  if (clean.includes('**')) return fs.existsSync(path.join(ROOT, clean.slice(0, clean.indexOf('**'))));
  if (!clean.includes('*')) return fs.existsSync(path.join(ROOT, clean));
  const dir = path.dirname(clean);
  const pattern = new RegExp(`^${path.basename(clean).replace(/\./g, '\\.').replace(/\*/g, '.*')}$`);
  return (
    fs.existsSync(path.join(ROOT, dir)) && fs.readdirSync(path.join(ROOT, dir)).some((f) => pattern.test(f))
  );
}

/** Bold spans (`**term**`) in `text`, lower-cased, without trailing punctuation. */
function boldTerms(text: string): string[] {
  return [...text.matchAll(/\*\*([^*]+)\*\*/g)].map((m) => m[1]!.toLowerCase().replace(/[.:,]$/, ''));
}

describe('ARCHITECTURE.md', () => {
  it('is a map of at most 250 lines', () => {
    expect(ARCH.split('\n').length).toBeLessThanOrEqual(250);
  });

  it('names only folders and files that exist in its folder map', () => {
    const rows = section(ARCH, 'Folder map')
      .split('\n')
      .filter((l) => l.startsWith('| `'));
    expect(rows.length).toBeGreaterThan(15);
    const folders = rows.map((l) => /^\| `([^`]+)`/.exec(l)![1]!);
    expect(folders.filter((f) => !exists(f))).toEqual([]);
  });

  it('names only repository paths that exist', () => {
    const paths = [...ARCH.matchAll(/`((?:lib|app|components|tests|e2e|bench|scripts|docs)\/[^`\s]*)`/g)]
      .map((m) => m[1]!)
      // Placeholders for files a change would add.
      .filter((p) => !/[<>]|NNNN/.test(p));
    expect(paths.length).toBeGreaterThan(30);
    expect(paths.filter((p) => !exists(p))).toEqual([]);
  });

  it('defines each glossary term once, and the terms the code relies on', () => {
    const glossary = boldTerms(section(ARCH, 'Glossary'));
    const everywhere = boldTerms(ARCH);
    const twice = glossary.filter((t) => everywhere.filter((e) => e === t).length !== 1);
    expect(twice).toEqual([]);
    expect(new Set(glossary).size).toBe(glossary.length);
    for (const term of [
      'job',
      'batch',
      'task version',
      'cursor',
      'sole claimer',
      'rowless',
      'result block',
      'parked',
      'ready list',
      'cancel epoch',
      'lease',
      'host slot',
      'slot',
      'in progress',
    ]) {
      expect(glossary).toContain(term);
    }
  });

  it('draws the batch states the code uses', () => {
    const diagram = section(ARCH, 'Batch states');
    const schema = read('lib/contract/batches.ts');
    const states = /JOB_STATUSES = \[([^\]]+)\]/.exec(schema)![1]!.match(/[A-Z]+/g)!;
    for (const s of [...states, 'INGESTING']) expect(diagram).toContain(s);
  });

  it('draws the job states the code uses', () => {
    const diagram = section(ARCH, 'Job states');
    const states = /ROW_STATUSES = \[([^\]]+)\]/
      .exec(read('lib/contract/batch-extensions.ts'))![1]!
      .match(/[a-z]+/g)!;
    for (const s of states) expect(diagram).toContain(s);
  });
});

describe('links in ARCHITECTURE.md and docs/', () => {
  for (const file of ['ARCHITECTURE.md', ...DOCS]) {
    it(`${file}: every relative link resolves`, () => {
      const broken: string[] = [];
      for (const [, target] of read(file).matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^[a-z]+:/i.test(target!) || target!.startsWith('#')) continue;
        const [rel, anchor] = target!.split('#');
        const abs = path.join(path.dirname(path.join(ROOT, file)), rel!);
        if (!fs.existsSync(abs)) {
          broken.push(target!);
          continue;
        }
        if (anchor && abs.endsWith('.md')) {
          const headings = [...fs.readFileSync(abs, 'utf8').matchAll(/^#+ (.+)$/gm)].map((m) => slug(m[1]!));
          if (!headings.includes(anchor)) broken.push(target!);
        }
      }
      expect(broken).toEqual([]);
    });
  }
});

describe('BENCHMARKS.md', () => {
  it('says what each target is for, in the text bench/run.ts copies in', () => {
    const targets = read('docs/benchmark-targets.md');
    expect(read('BENCHMARKS.md').endsWith(targets)).toBe(true);
    expect(targets.split('\n').filter((l) => l.startsWith('- **')).length).toBeGreaterThanOrEqual(10);
  });
});
