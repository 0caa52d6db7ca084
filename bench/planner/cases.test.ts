// The benchmark's own shape: enough cases, every language well represented, and both splits covering
// every category and language. Failures print counts only, never holdout texts.
import { describe, expect, it } from 'vitest';
import { CATEGORIES, loadBases, loadCases, type SplitCase } from './cases';

const bases = loadBases();
const cases = loadCases(['dev', 'holdout'], bases);
const count = (rows: SplitCase[], pick: (c: SplitCase) => boolean) => rows.filter(pick).length;

describe('planner benchmark cases', () => {
  it('meets the issue’s minimum counts (≥120 descriptions, ≥80 instructions; we hold ≥130 and ≥90)', () => {
    expect(count(cases, (c) => c.kind === 'describe')).toBeGreaterThanOrEqual(130);
    expect(count(cases, (c) => c.kind === 'edit')).toBeGreaterThanOrEqual(90);
  });

  it('gives each non-English language at least a fifth of the cases', () => {
    for (const lang of ['de', 'fr', 'es'] as const) {
      expect(count(cases, (c) => c.lang === lang) / cases.length, lang).toBeGreaterThanOrEqual(0.2);
    }
  });

  it('holds out at least a third (and never most) of the cases', () => {
    const share = count(cases, (c) => c.split === 'holdout') / cases.length;
    expect(share).toBeGreaterThanOrEqual(1 / 3);
    expect(share).toBeLessThan(0.5);
  });

  it('covers every category and language in each split', () => {
    for (const split of ['dev', 'holdout'] as const) {
      const rows = cases.filter((c) => c.split === split);
      for (const kind of ['describe', 'edit'] as const) {
        for (const category of CATEGORIES[kind]) {
          expect(
            count(rows, (c) => c.kind === kind && c.category === category),
            `${split} ${kind} ${category}`,
          ).toBeGreaterThan(0);
        }
        for (const lang of ['en', 'de', 'fr', 'es']) {
          expect(
            count(rows, (c) => c.kind === kind && c.lang === lang),
            `${split} ${kind} ${lang}`,
          ).toBeGreaterThan(0);
        }
      }
    }
  });
});
