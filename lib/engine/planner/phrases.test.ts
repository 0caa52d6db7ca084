import { describe, expect, it } from 'vitest';
import { canonical, singular, toIdentifier } from './names';
import { cleanItem, splitEnumeration, splitSentences } from './phrases';

describe('splitEnumeration', () => {
  it.each([
    ['name, price and URL', ['name', 'price', 'URL']],
    ['name, price, and URL', ['name', 'price', 'URL']],
    ['the email as well as the phone plus the address', ['the email', 'the phone', 'the address']],
    ['email; phone & fax', ['email', 'phone', 'fax']],
    ['email/phone/address', ['email', 'phone', 'address']],
    ['Twitter/X and yes/no flags', ['Twitter/X', 'yes/no flags']],
    ['terms and conditions and products and services', ['terms and conditions', 'products and services']],
    ['CEO (name and title), founders', ['CEO (name and title)', 'founders']],
  ])('%s', (text, expected) => {
    expect(splitEnumeration(text)).toEqual(expected);
  });
});

describe('splitSentences', () => {
  it('splits lines, bullets, semicolons and sentence ends but not abbreviations', () => {
    expect(splitSentences('Extract:\n- Email\n2. Phone; fax. Note e.g. this one!')).toEqual([
      'Extract:',
      'Email',
      'Phone',
      'fax',
      'Note e.g. this one',
    ]);
  });
});

describe('cleanItem', () => {
  it.each([
    ["the company's contact email from their website", 'contact email'],
    ['their LinkedIn page, if available', 'LinkedIn page'],
    ['the phone number in the footer of the homepage', 'phone number'],
    ['who the CEO is', 'CEO'],
    ['where they are headquartered', 'headquartered'],
    ['awards won by the company', 'awards'],
    ['description (1-2 sentences)', 'description'],
  ])('%s → %s', (raw, text) => {
    expect(cleanItem(raw).text).toBe(text);
  });

  it('reads type hints', () => {
    expect(cleanItem('revenue (number)')).toEqual({ text: 'revenue', typeHint: 'number', all: false });
    expect(cleanItem('founders as a list')).toEqual({ text: 'founders', typeHint: 'list', all: false });
    expect(cleanItem('all awards')).toEqual({ text: 'awards', all: true });
  });
});

describe('names', () => {
  it('singularises for matching', () => {
    expect(['emails', 'companies', 'addresses', 'headquarters', 'status', 'people'].map(singular)).toEqual([
      'email',
      'company',
      'address',
      'headquarters',
      'status',
      'person',
    ]);
    expect(canonical('Phone_Numbers')).toBe(canonical('phone number'));
  });

  it('makes snake_case identifiers of at most 64 characters', () => {
    expect(toIdentifier("The Company's E-mail Address")).toBe('the_company_email_address');
    expect(toIdentifier('2nd office')).toBe('nd_office');
    const long = toIdentifier('word '.repeat(40));
    expect(long.length).toBeLessThanOrEqual(64);
    expect(long).toMatch(/^[a-z][a-z0-9_]*[a-z0-9]$/);
    expect(toIdentifier('!!!')).toBe('');
  });
});
