import { describe, expect, it } from 'vitest';
import type { TaskOutput } from '@/lib/contract/task-definition';
import { matchOutput } from './match';
import { aliasCollisions, lookupField } from './vocabulary';

const output = (name: string): TaskOutput => ({ name, type: 'string', description: name, query: `${name}?` });
const OUTPUTS = [
  'email',
  'phone_number',
  'linkedin_url',
  'twitter_url',
  'offers_free_trial',
  'founded_year',
].map(output);

function matched(phrase: string, group = false): string[] | string {
  const m = matchOutput(OUTPUTS, phrase, group);
  if (m.kind === 'one') return m.item.name;
  if (m.kind === 'none') return 'none';
  return m.items.map((o) => o.name);
}

describe('matchOutput', () => {
  it.each([
    ['email', 'email'],
    ['Emails', 'email'],
    ['the E-mail address', 'email'],
    ['`phone_number`', 'phone_number'],
    ['telephone', 'phone_number'],
    ['phone', 'phone_number'],
    ['the LinkedIn page', 'linkedin_url'],
    ['free trial', 'offers_free_trial'],
    ['year founded', 'founded_year'],
    ['fax', 'none'],
  ])('%s → %s', (phrase, expected) => {
    expect(matched(phrase)).toEqual(expected);
  });

  it('matches a family only when allowed', () => {
    expect(matched('social links', true)).toEqual(['linkedin_url', 'twitter_url']);
    expect(matched('social links')).toBe('none');
  });

  it('reports ambiguity instead of guessing', () => {
    expect(matched('url')).toEqual(['linkedin_url', 'twitter_url']);
  });
});

describe('vocabulary', () => {
  it('has no alias that names two fields', () => {
    expect(aliasCollisions()).toEqual([]);
  });

  it.each([
    ['official company LinkedIn page URL', 'linkedin_url'],
    ['number of employees', 'employee_count'],
    ['HQ', 'headquarters'],
    ['pricing page URL', undefined],
    ['X', undefined],
  ])('%s → %s', (phrase, name) => {
    expect(lookupField(phrase)?.name).toBe(name);
  });
});
