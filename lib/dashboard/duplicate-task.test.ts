import { describe, expect, it } from 'vitest';
import { findSameDescription, normalizeDescription } from './duplicate-task';

describe('duplicate-create guard', () => {
  const tasks = [
    { id: 'a', description: 'Find the contact  email\nof a company', archived_at: null },
    { id: 'b', description: 'Find the CEO', archived_at: '2026-11-01T00:00:00Z' },
  ];
  it('matches after trimming, collapsing whitespace and ignoring case', () => {
    expect(normalizeDescription('  Find  THE\tceo ')).toBe('find the ceo');
    expect(findSameDescription(tasks, ' find the contact email of a COMPANY ')?.id).toBe('a');
  });
  it('ignores archived tasks, other descriptions and an empty description', () => {
    expect(findSameDescription(tasks, 'Find the CEO')).toBeUndefined();
    expect(findSameDescription(tasks, 'Find the contact email')).toBeUndefined();
    expect(findSameDescription(tasks, '   ')).toBeUndefined();
  });
});
