import { describe, expect, it } from 'vitest';
import type { TaskInput } from '@/lib/contract/task-definition';
import { columnsFor, normalizeHeader } from './column-matching';

const input = (name: string, type: TaskInput['type'] = 'string'): TaskInput => ({
  name,
  type,
  description: '',
});

describe('columnsFor', () => {
  it('normalises headers', () => {
    expect(normalizeHeader('\uFEFF  Company - Name ')).toBe('company_name');
    expect(normalizeHeader('DATA UUID')).toBe('data_uuid');
  });

  it('reports the automatic match without throwing, for the dashboard mapping step', () => {
    expect(
      columnsFor(['Notes', 'Company Name', 'data-uuid'], [input('company_name'), input('country')]),
    ).toEqual({
      inputColumns: [1, null],
      uuidColumn: 2,
      missing: ['country'],
      unknownMapped: [],
    });
  });

  it('guesses the url column for a single url input only', () => {
    const header = ['id', 'LinkedIn', 'Company Site', 'Web Address'];
    expect(columnsFor(header, [input('homepage_url', 'url')]).inputColumns).toEqual([2]);
    expect(columnsFor(['Name', 'Link'], [input('target', 'url')]).inputColumns).toEqual([1]);
    expect(columnsFor(header, [input('company', 'string')]).inputColumns).toEqual([null]);
    // A string input named like a web address counts as one.
    expect(columnsFor(header, [input('company_website', 'string')]).inputColumns).toEqual([2]);
    expect(columnsFor(header, [input('homepage_url', 'url'), input('company')]).missing).toEqual([
      'homepage_url',
      'company',
    ]);
    // Preference follows the word list: a "website" column beats a "url" one.
    expect(columnsFor(['Logo URL', 'Website'], [input('target', 'url')]).inputColumns).toEqual([1]);
  });

  it('never guesses the uuid column as the url column', () => {
    expect(columnsFor(['Site'], [input('target', 'url')], { uuidColumn: 'Site' })).toMatchObject({
      inputColumns: [null],
      uuidColumn: 0,
    });
  });

  it('prefers an explicit mapping, by exact or normalised header, and lists unknown ones', () => {
    const header = ['Website', 'Site 2', 'Key'];
    expect(
      columnsFor(header, [input('website', 'url')], { columns: { website: 'site-2' }, uuidColumn: 'Key' }),
    ).toEqual({
      inputColumns: [1],
      uuidColumn: 2,
      missing: [],
      unknownMapped: [],
    });
    expect(columnsFor(header, [input('website', 'url')], { columns: { website: 'Nope' } })).toEqual({
      inputColumns: [null],
      uuidColumn: null,
      missing: ['website'],
      unknownMapped: ['Nope'],
    });
  });

  it('null is an explicit "no column": it turns the automatic match and the url guess off', () => {
    const header = ['data_uuid', 'Website'];
    expect(columnsFor(header, [input('website', 'url')], { uuidColumn: null })).toEqual({
      inputColumns: [1],
      uuidColumn: null,
      missing: [],
      unknownMapped: [],
    });
    expect(columnsFor(header, [input('url', 'url')], { columns: { url: null } })).toEqual({
      inputColumns: [null],
      uuidColumn: 0,
      missing: ['url'],
      unknownMapped: [],
    });
  });
});
