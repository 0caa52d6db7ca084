// Words people use for output and input types ("numeric", "yes/no", "link") mapped to the contract's
// closed sets, so "make revenue numeric" and "add founded year (number)" both work.

import type { InputType, OutputType } from '@/lib/contract/task-definition';
import { canonical } from './names';

const OUTPUT_TYPE_WORDS: Record<string, OutputType> = {
  number: 'number',
  numbers: 'number',
  numeric: 'number',
  integer: 'number',
  integers: 'number',
  int: 'number',
  float: 'number',
  decimal: 'number',
  count: 'number',
  boolean: 'boolean',
  booleans: 'boolean',
  bool: 'boolean',
  'yes/no': 'boolean',
  'yes or no': 'boolean',
  'yes-no': 'boolean',
  'true/false': 'boolean',
  'true or false': 'boolean',
  flag: 'boolean',
  checkbox: 'boolean',
  date: 'date',
  dates: 'date',
  datetime: 'date',
  timestamp: 'date',
  url: 'url',
  urls: 'url',
  link: 'url',
  links: 'url',
  uri: 'url',
  'web address': 'url',
  email: 'email',
  emails: 'email',
  'email address': 'email',
  'email addresses': 'email',
  'e-mail': 'email',
  list: 'list',
  lists: 'list',
  array: 'list',
  arrays: 'list',
  'multiple values': 'list',
  'list of values': 'list',
  money: 'money',
  monetary: 'money',
  'monetary amount': 'money',
  'monetary value': 'money',
  'amount of money': 'money',
  'currency amount': 'money',
  phone: 'phone',
  'phone number': 'phone',
  'phone numbers': 'phone',
  'telephone number': 'phone',
  string: 'string',
  strings: 'string',
  text: 'string',
  'free text': 'string',
  'plain text': 'string',
  word: 'string',
};

export const TYPE_WORD_PATTERN = Object.keys(OUTPUT_TYPE_WORDS)
  .sort((a, b) => b.length - a.length)
  .map((w) => w.replace(/[/\-]/g, (c) => `\\${c}`))
  .join('|');

/** "a number", "numeric", "a yes/no value" → the output type; undefined when it is not a type word. */
export function parseOutputType(text: string): OutputType | undefined {
  const key = text
    .trim()
    .toLowerCase()
    .replace(/[.!]+$/, '')
    .replace(/^(?:as|of\s+type|type)\s+/, '')
    .replace(/^(?:an?|the)\s+/, '')
    .replace(
      /^(?:(?:plain|simple|single|raw|pure|bare|whole|four-digit|\d+-digit|comma-separated|separate)\s+)+/,
      '',
    )
    .replace(/\s+(?:value|values|field|fields|type|output|outputs|column|columns)$/, '')
    .replace(/\s+/g, ' ');
  return OUTPUT_TYPE_WORDS[key];
}

const INPUT_TYPE_WORDS: Record<string, InputType> = {
  url: 'url',
  link: 'url',
  website: 'url',
  'web address': 'url',
  domain: 'url',
  string: 'string',
  text: 'string',
  number: 'number',
  numeric: 'number',
  integer: 'number',
  email: 'email',
  'email address': 'email',
};

export function parseInputType(text: string): InputType | undefined {
  const key = text
    .trim()
    .toLowerCase()
    .replace(/^(?:an?|the)\s+/, '')
    .replace(/\s+(?:value|type|input)$/, '');
  return INPUT_TYPE_WORDS[key];
}

// Words that speak of every output of some types ("the dates", "all prices", "phone numbers").
const TYPE_GROUPS: Readonly<Record<string, readonly OutputType[]>> = {
  date: ['date'],
  price: ['money'],
  amount: ['money'],
  'money value': ['money'],
  'phone number': ['phone'],
  phone: ['phone'],
  number: ['number'],
  url: ['url'],
  link: ['url'],
  email: ['email'],
  'email address': ['email'],
};

/** The output types a phrase speaks of as a group ("dates", "all prices"), or undefined. */
export function typeGroup(phrase: string): readonly OutputType[] | undefined {
  return TYPE_GROUPS[canonical(phrase)];
}
