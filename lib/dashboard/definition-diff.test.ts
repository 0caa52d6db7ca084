import { describe, expect, it } from 'vitest';
import type { TaskDefinition } from '@/lib/contract/task-definition';
import { diffDefinitions } from './definition-diff';

const base: TaskDefinition = {
  name: 'Company contacts',
  description: 'd',
  list: false,
  inputs: [{ name: 'website', type: 'url', description: 'the site' }],
  outputs: [
    { name: 'email', type: 'email', description: '', query: 'contact email' },
    { name: 'fax', type: 'string', description: '', query: 'fax number' },
  ],
};

describe('diffDefinitions', () => {
  it('aligns outputs by name and marks added, removed and changed rows', () => {
    const next: TaskDefinition = {
      ...base,
      outputs: [
        { name: 'email', type: 'email', description: '', query: 'the main contact email' },
        { name: 'phone', type: 'string', description: '', query: 'phone number' },
      ],
    };
    const rows = diffDefinitions(base, next).filter((r) => r.section === 'outputs');
    expect(rows.map((r) => [r.name, r.kind])).toEqual([
      ['email', 'changed'],
      ['fax', 'removed'],
      ['phone', 'added'],
    ]);
  });

  it('reports identical versions as all same', () => {
    expect(diffDefinitions(base, base).every((r) => r.kind === 'same')).toBe(true);
  });
});
