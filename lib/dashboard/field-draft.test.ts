import { describe, expect, it } from 'vitest';
import {
  draftsFromOutputs,
  draftsToOutputs,
  emptyDraft,
  moveDraft,
  toSnakeCase,
  validateDrafts,
} from './field-draft';

const stored = [
  { name: 'email', type: 'email' as const, description: 'the email', query: 'contact email' },
  { name: 'plans', type: 'list' as const, items: 'money' as const, description: '', query: 'plan prices' },
];

describe('field drafts', () => {
  it('sends a rename with previous_name and keeps untouched fields as they were', () => {
    const drafts = draftsFromOutputs(stored);
    drafts[0]!.name = 'contact_email';
    const out = draftsToOutputs(drafts, false);
    expect(out[0]).toEqual({
      name: 'contact_email',
      previous_name: 'email',
      description: 'the email',
      type: 'email',
      query: 'contact email',
    });
    expect(out[1]).toEqual({
      name: 'plans',
      description: 'plan prices',
      type: 'list',
      items: 'money',
      query: 'plan prices',
    });
  });

  it('adds scope only in a list task and format only when given', () => {
    const d = {
      ...emptyDraft(),
      name: 'price',
      query: 'the price',
      type: 'money' as const,
      format: ' two decimals ',
    };
    expect(draftsToOutputs([d], true)[0]).toMatchObject({ scope: 'row', format: 'two decimals' });
    expect(draftsToOutputs([d], false)[0]).not.toHaveProperty('scope');
  });

  it('flags names that are not snake_case, duplicates and empty questions', () => {
    const drafts = draftsFromOutputs(stored);
    drafts[1]!.name = 'email';
    const bad = { ...emptyDraft(), name: 'Founded Year', query: ' ' };
    const errors = validateDrafts([...drafts, bad]);
    expect(errors.get(drafts[0]!.key)?.name).toMatch(/Another field/);
    expect(errors.get(bad.key)?.name).toMatch(/founded_year/);
    expect(errors.get(bad.key)?.query).toBeTruthy();
    expect(validateDrafts(draftsFromOutputs(stored)).size).toBe(0);
  });

  it('moves a row up and down and leaves the ends alone', () => {
    const drafts = draftsFromOutputs(stored);
    expect(moveDraft(drafts, 1, -1).map((d) => d.name)).toEqual(['plans', 'email']);
    expect(moveDraft(drafts, 0, -1)).toBe(drafts);
    expect(toSnakeCase('Prix (€) été')).toBe('prix_ete');
  });
});
