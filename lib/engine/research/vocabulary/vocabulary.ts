import { fold } from '../text-utils';
import availabilityData from './availability.json';
import propertiesData from './properties.json';

// The vocabulary the offline extractor resolves fields with, kept as data (properties.json,
// availability.json): schema.org properties, the words analysts ask with and the labels pages print.
// This file only indexes it; matching is by whole folded words.

export type ValueKind = 'identifier' | 'isbn' | 'text' | 'date' | 'availability';
export type AvailabilityStatus = 'InStock' | 'OutOfStock' | 'PreOrder' | 'BackOrder';

export interface PropertyTerm {
  /** The schema.org property name ("sku"). */
  name: string;
  description: string;
  value: ValueKind;
  /** Folded words an analyst uses for it. */
  asked: string[];
  /** Lowercase paths below an entity where structured data holds it ("offers.availability"). */
  schema: string[];
  /** Folded printed labels, all languages, longest first (so "product code" wins over "code"). */
  labels: string[];
  /** Labels that also name other things ("reference", "code"): weaker evidence. */
  weak: ReadonlySet<string>;
}

interface RawProperty {
  description: string;
  value: ValueKind;
  asked: string[];
  schema: string[];
  labels: Record<string, string[]>;
  weak: string[];
}

const byLength = (a: string, b: string) => b.length - a.length;

export const PROPERTIES: readonly PropertyTerm[] = Object.entries(
  propertiesData.properties as Record<string, RawProperty>,
).map(([name, p]) => ({
  name,
  description: p.description,
  value: p.value,
  asked: p.asked.map(fold),
  schema: p.schema,
  labels: [...new Set(Object.values(p.labels).flat().map(fold))].sort(byLength),
  weak: new Set(p.weak.map(fold)),
}));

/** Meta tag name → schema.org path (og:price:amount → offers.price). */
export const META_PATHS: ReadonlyMap<string, string> = new Map(
  Object.entries(propertiesData.meta).filter(([k]) => !k.startsWith('$')) as [string, string][],
);

interface RawStatus {
  tokens: string[];
  printed: Record<string, string[]>;
}
const statuses = availabilityData.statuses as Record<AvailabilityStatus, RawStatus>;

/** Structured-data tokens ("instock", "soldout") → status; compared folded, without spaces or dashes. */
const TOKENS = new Map<string, AvailabilityStatus>();
/** Printed phrases, folded → status, longest first. */
export const AVAILABILITY_PHRASES: readonly [string, AvailabilityStatus][] = (
  Object.entries(statuses) as [AvailabilityStatus, RawStatus][]
)
  .flatMap(([status, s]) => {
    for (const t of s.tokens) TOKENS.set(squash(t), status);
    return [...new Set(Object.values(s.printed).flat().map(fold))].map(
      (p) => [p, status] as [string, AvailabilityStatus],
    );
  })
  .sort((a, b) => byLength(a[0], b[0]));

/** Labels of a buy button, folded. */
export const BUY_LABELS: readonly string[] = [
  ...new Set(Object.values(availabilityData.buy).flat().map(fold)),
].sort(byLength);

function squash(text: string): string {
  return fold(text).replace(/[\s_-]+/g, '');
}

/** A structured-data availability value (URL, token or word) as a status; null when unknown. */
export function availabilityToken(raw: string): AvailabilityStatus | null {
  const last = raw.trim().replace(/^.*[/#:]/, '');
  return TOKENS.get(squash(last)) ?? null;
}

/** The property a field asks for, from its folded name and question; null when none fits. */
export function propertyAsked(text: string): PropertyTerm | null {
  let best: { term: PropertyTerm; length: number } | null = null;
  for (const term of PROPERTIES) {
    for (const word of term.asked) {
      if (word.length > (best?.length ?? 0) && hasPhrase(text, word)) best = { term, length: word.length };
    }
  }
  return best?.term ?? null;
}

/** Whether folded `text` holds `phrase` as whole words. */
export function hasPhrase(text: string, phrase: string): boolean {
  let from = 0;
  for (;;) {
    const at = text.indexOf(phrase, from);
    if (at < 0) return false;
    const before = at === 0 ? '' : text[at - 1]!;
    const after = text[at + phrase.length] ?? '';
    if (!isWordChar(before) && !isWordChar(after)) return true;
    from = at + 1;
  }
}

function isWordChar(ch: string): boolean {
  return ch !== '' && /[\p{L}\p{N}]/u.test(ch);
}
