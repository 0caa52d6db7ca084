import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// The dashboard's server half holds the upstream key and session secrets: every module of it marks
// itself server-only, so a client component that imports one fails the build instead of shipping it.
// allowed-hosts.ts is the exception: proxy.ts (Next's request proxy) reads the host allow-list, and
// it holds no secret.
const DIR = new URL('./', import.meta.url);
const EXCEPT = new Set(['allowed-hosts.ts']);

describe('lib/dashboard/server', () => {
  it("marks every module 'server-only'", () => {
    const modules = readdirSync(DIR).filter(
      (f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !EXCEPT.has(f),
    );
    expect(modules.length).toBeGreaterThan(5);
    const unmarked = modules.filter(
      (f) => !/^import 'server-only';$/m.test(readFileSync(new URL(f, DIR), 'utf8')),
    );
    expect(unmarked).toEqual([]);
  });
});
