// Lookup over the known-field tables: phrase → field, with the modifier words analysts add
// ("the company's official LinkedIn page URL") peeled off until an alias matches.

import { canonical } from './names';
import { Speller } from './spelling';
import { COMPANY_FIELDS } from './vocabulary-company';
import { CONTENT_FIELDS } from './vocabulary-content';
import { DOMAIN_FIELDS } from './vocabulary-domains';
import type { FieldGroup, FieldSpec } from './vocabulary-types';

export type { FieldGroup, FieldSpec } from './vocabulary-types';

export const ALL_FIELDS: readonly FieldSpec[] = [...COMPANY_FIELDS, ...CONTENT_FIELDS, ...DOMAIN_FIELDS];

const BY_NAME = new Map(ALL_FIELDS.map((f) => [f.name, f]));
const BY_ALIAS = new Map<string, FieldSpec>();
for (const spec of ALL_FIELDS) {
  // The name itself ("founded_year") is always an alias, so edits can use output names verbatim.
  for (const alias of [spec.name, ...spec.aliases]) {
    const key = canonical(alias);
    if (!BY_ALIAS.has(key)) BY_ALIAS.set(key, spec);
  }
}

// Every word the known fields are named with, for reading typing slips ("emial" → "email").
const SPELLER = new Speller([...BY_ALIAS.keys()].flatMap((alias) => alias.split(' ')));

/** Aliases that collide between two fields: a test keeps this empty. */
export function aliasCollisions(): string[] {
  const seen = new Map<string, string>();
  const out: string[] = [];
  for (const spec of ALL_FIELDS) {
    for (const alias of spec.aliases) {
      const key = canonical(alias);
      const owner = seen.get(key);
      if (owner !== undefined && owner !== spec.name) out.push(`${key}: ${owner} / ${spec.name}`);
      seen.set(key, spec.name);
    }
  }
  return out;
}

export function fieldByName(name: string): FieldSpec | undefined {
  return BY_NAME.get(name);
}

// Words that qualify a field without changing what it is.
// prettier-ignore
const PREFIX_MODIFIERS = new Set([
  'company', 'business', 'official', 'main', 'primary', 'general', 'corporate', 'current', 'public', 'organization',
  'organisation', 'firm', 'brand', 'overall', 'exact', 'actual', 'latest', 'full', 'complete', 'detailed', 'short',
  'brief', 'their', 'its', 'the', 'a', 'an', 'website', 'site', 'web', 'store', 'shop', 'listed', 'displayed', 'visible',
]);
const SINGLE_WORDS = new Set(['main', 'primary', 'single', 'one']);
const SUFFIX_MODIFIERS = new Set([
  'url',
  'link',
  'page',
  'profile',
  'account',
  'handle',
  'info',
  'information',
  'detail',
  'value',
  'field',
  'data',
]);

/**
 * The known field a phrase names, or undefined. Tries the whole phrase, then without leading
 * qualifiers ("company", "official", the subject noun), then without trailing ones ("url", "page").
 */
export function lookupField(phrase: string, subjectNoun?: string): FieldSpec | undefined {
  const tokens = canonical(phrase).split(' ').filter(Boolean);
  if (tokens.length === 0) return undefined;
  const found = lookupTokens(tokens, subjectNoun);
  if (found) return found;
  // "emial", "phone nubmer": retry with slips corrected, only when that changes a word.
  const corrected = tokens.map((t) => SPELLER.correct(t));
  return corrected.some((t, i) => t !== tokens[i]) ? lookupTokens(corrected, subjectNoun) : undefined;
}

function lookupTokens(tokens: readonly string[], subjectNoun?: string): FieldSpec | undefined {
  const exact = BY_ALIAS.get(tokens.join(' '));
  if (exact) return exact;
  const subjectWords = new Set(subjectNoun ? canonical(subjectNoun).split(' ') : []);
  let start = 0;
  while (
    start < tokens.length - 1 &&
    (PREFIX_MODIFIERS.has(tokens[start] ?? '') || subjectWords.has(tokens[start] ?? ''))
  )
    start += 1;
  let end = tokens.length;
  while (end - 1 > start && SUFFIX_MODIFIERS.has(tokens[end - 1] ?? '')) end -= 1;
  // "pricing page URL" is a link to a page, not the pricing itself: a stripped url/link/page only
  // leads to fields that are links.
  const strippedLink = tokens.slice(end).some((t) => t === 'url' || t === 'link' || t === 'page');
  const candidates: Array<[string[], boolean]> = [
    [tokens.slice(start), false],
    [tokens.slice(0, end), strippedLink],
    [tokens.slice(start, end), strippedLink],
  ];
  // "main topic" is one topic: a stripped "main"/"primary"/"single" never leads to a list field.
  const singleOne = tokens.slice(0, start).some((t) => SINGLE_WORDS.has(t));
  for (const [candidate, needsLink] of candidates) {
    const hit = BY_ALIAS.get(candidate.join(' '));
    if (!hit || (needsLink && hit.type !== 'url' && hit.group !== 'social')) continue;
    if (singleOne && hit.type === 'list' && candidate.length < tokens.length) continue;
    return hit;
  }
  return undefined;
}

// Phrases that stand for several fields at once.
// prettier-ignore
const BUNDLES = new Map<string, readonly string[]>(
  (
    [
      [['contact detail', 'contact info', 'contact information', 'contact data', 'contact', 'contact method', 'way to contact'], ['email', 'phone', 'address']],
      [['firmographic', 'company profile', 'company detail', 'company info', 'company information', 'basic company information', 'company fact', 'key company fact', 'company data'], ['company_name', 'industry', 'employee_count', 'founded_year', 'headquarters']],
      [['article metadata', 'article detail', 'post metadata'], ['title', 'author', 'published_date']],
      [['product detail', 'product info', 'product information', 'product data'], ['name', 'price', 'brand', 'in_stock']],
      [['funding information', 'funding detail', 'funding info', 'funding history'], ['total_funding', 'funding_stage', 'investors']],
    ] as const
  ).flatMap(([aliases, names]) => aliases.map((alias) => [canonical(alias), names] as const)),
);

/** Field names a bundle phrase ("contact details") expands to, or undefined. */
export function lookupBundle(phrase: string): readonly string[] | undefined {
  return BUNDLES.get(canonical(phrase));
}

// Phrases that name a whole family of outputs when removing: "remove the social links".
const GROUP_PHRASES = new Map<string, FieldGroup>([
  ...[
    'social link',
    'social media',
    'social media link',
    'social media profile',
    'social profile',
    'social',
    'social account',
    'social network',
    'social media account',
    'social url',
    'social media url',
  ].map((p) => [canonical(p), 'social'] as const),
  ...['contact detail', 'contact info', 'contact information', 'contact data'].map(
    (p) => [canonical(p), 'contact'] as const,
  ),
]);

export function lookupGroup(phrase: string): FieldGroup | undefined {
  return GROUP_PHRASES.get(canonical(phrase));
}
