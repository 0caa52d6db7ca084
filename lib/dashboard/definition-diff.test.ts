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

describe('diffDefinitions with renames and shapes', () => {
  it('shows a renamed field as one changed row with its previous name', () => {
    const next: TaskDefinition = {
      ...base,
      outputs: [
        { name: 'contact_email', type: 'email', description: '', query: 'contact email' },
        { name: 'fax', type: 'string', description: '', query: 'fax number' },
      ],
    };
    const rows = diffDefinitions(base, next, { contact_email: 'email' }).filter(
      (r) => r.section === 'outputs',
    );
    expect(rows.map((r) => [r.name, r.previousName, r.kind])).toEqual([
      ['contact_email', 'email', 'changed'],
      ['fax', undefined, 'same'],
    ]);
  });

  it('reports a change of shape, scope, element type and format', () => {
    const next: TaskDefinition = {
      ...base,
      list: true,
      outputs: [
        { name: 'email', type: 'email', description: '', query: 'contact email', scope: 'task' },
        { name: 'fax', type: 'list', items: 'phone', description: '', query: 'fax number', format: 'E.164' },
      ],
    };
    const rows = diffDefinitions(base, next);
    expect(rows.find((r) => r.name === 'shape')).toMatchObject({
      kind: 'changed',
      right: 'list: one row per item found',
    });
    expect(rows.find((r) => r.name === 'email')?.right).toContain('once per page');
    expect(rows.find((r) => r.name === 'fax')?.right).toBe(
      'List of Phone · fax number · format: E.164 · per row',
    );
  });
});
