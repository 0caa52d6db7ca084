import { ARTICLE_TYPES, ORGANIZATION_TYPES, hasType, textsOf, typesOf } from '../json-ld';
import type { JsonLdEntity } from '../page-types';
import { fold } from '../text-utils';
import { type Evidence, rankEvidence } from './agreement';
import type { Candidate, How, PageContext } from './candidate';
import { declaredNames, isBylineLine, printedNames } from './person-name';
import { nameKey, siteNameKeys } from './site-name';
import { metaByKey } from './meta-tags';

// Who wrote the page's article, from the places that say it: the article's structured data
// (JSON-LD, microdata), author meta tags, and the byline printed on the page. Agreement between
// them sets the confidence (agreement.ts); a single printed byline stays below 0.8, and so does an
// author that is the site itself or an organisation.

/** Author meta tags, in the order they are preferred when nothing else decides. */
const META_AUTHORS = [
  'dc:creator',
  'dcterm:creator',
  'dcterms:creator',
  'dc.creator',
  'author',
  'parsely-author',
  'article:author',
  'article:author_name',
  'sailthru.author',
  'byl',
  'citation_author',
];
const STRUCTURED_PERSON = 0.9;
const STRUCTURED_ORGANIZATION = 0.55;
const META_AUTHOR = 0.8;
const PRINTED_BYLINE = 0.7;
const BY_LINE_PASSAGE = 0.6;
/** The site's own name given as the author: the publisher, or a one-person site (a blog). */
const SITE_AS_AUTHOR = 0.6;
const BYLINE_PASSAGES = 80;
const MAX_BYLINE_CHARS = 200;

export function authorCandidates(ctx: PageContext): Candidate[] {
  const { metadata, passages, url } = ctx.page;
  const siteKeys = siteNameKeys(metadata, url);
  const evidence: Evidence[] = [];
  const add = (names: string[], family: string, weight: number, snippet: string, how: How) => {
    if (names.length === 0) return;
    const isSite = names.length === 1 && siteKeys.includes(nameKey(names[0] ?? ''));
    const value = names.join(', ');
    const w = isSite ? Math.min(weight, SITE_AS_AUTHOR) : weight;
    evidence.push({ value, key: authorKey(names), family, weight: w, snippet, how });
  };

  const byId = entitiesById(metadata.jsonLd);
  const structured = metadata.jsonLd
    .filter((entity) => hasType(entity, ARTICLE_TYPES))
    .map((entity) => ({
      type: entity.types[0] ?? 'Article',
      ...authorsOf(entity.data.author ?? entity.data.creator, byId),
    }));
  // People speak for the structured data before an organisation named as author (often the publisher).
  for (const found of [
    ...structured.filter((f) => !f.organization),
    ...structured.filter((f) => f.organization),
  ]) {
    add(
      found.names,
      'structured',
      found.organization ? STRUCTURED_ORGANIZATION : STRUCTURED_PERSON,
      `${found.type} author: ${found.names.join(', ')}`,
      { method: 'structured_data', path: `json-ld ${found.type} › author › name` },
    );
  }

  const meta = metaByKey(metadata.meta);
  for (const key of META_AUTHORS) {
    const raw = meta.get(key);
    if (raw && !isUrl(raw))
      add(declaredNames(raw), 'meta', META_AUTHOR, `${key}: ${raw}`, {
        method: 'metadata',
        path: `meta ${key}`,
      });
  }

  for (const byline of ctx.page.bylines?.() ?? []) {
    const fromParts = byline.names.flatMap(printedNames);
    const names = fromParts.length > 0 ? unique(fromParts) : printedNames(byline.text);
    add(names, 'printed', PRINTED_BYLINE, byline.text, {
      method: 'pattern',
      path: `byline (${byline.marker})`,
    });
  }
  for (const p of passages.slice(0, BYLINE_PASSAGES)) {
    const line = p.text.split('\n')[0] ?? '';
    if (p.boilerplate || line.length > MAX_BYLINE_CHARS || !isBylineLine(line)) continue;
    const names = printedNames(line);
    if (names.length === 0) continue;
    add(names, 'printed', BY_LINE_PASSAGE, p.text, { method: 'pattern', path: 'printed "By" line' });
    break;
  }
  return rankEvidence(ctx, evidence, isSamePeople);
}

/** Names of an article's author property: strings, Person/Organization objects, or @id references. */
function authorsOf(
  value: unknown,
  byId: Map<string, Record<string, unknown>>,
): { names: string[]; organization: boolean } {
  const names: string[] = [];
  let people = 0;
  let organizations = 0;
  for (const item of Array.isArray(value) ? value : [value]) {
    if (typeof item === 'string') {
      if (!isUrl(item)) names.push(...declaredNames(item));
      continue;
    }
    if (!item || typeof item !== 'object') continue;
    let obj = item as Record<string, unknown>;
    const id = obj['@id'];
    if (typeof id === 'string' && obj.name === undefined) obj = byId.get(id) ?? obj;
    const found = textsOf(obj.name)
      .filter((n) => !isUrl(n))
      .flatMap(declaredNames);
    if (found.length === 0) continue;
    names.push(...found);
    if (typesOf(obj['@type']).some((t) => ORGANIZATION_TYPES.has(t))) organizations++;
    else people++;
  }
  return { names: unique(names), organization: organizations > 0 && people === 0 };
}

function entitiesById(entities: JsonLdEntity[]): Map<string, Record<string, unknown>> {
  const out = new Map<string, Record<string, unknown>>();
  for (const e of entities) {
    const id = e.data['@id'];
    if (typeof id === 'string' && !out.has(id)) out.set(id, e.data);
  }
  return out;
}

/** Comparison key of a set of names: order and spelling of case and accents aside. */
function authorKey(names: string[]): string {
  return names
    .map((n) => wordsOf(n).join(' '))
    .sort()
    .join('|');
}

/** One set of names within the other ("Jane Doe" and "Jane Doe (jdoe)"): neither confirms nor contradicts. */
function isSamePeople(a: string, b: string): boolean {
  const wa = new Set(a.split(/[ |]/));
  const wb = new Set(b.split(/[ |]/));
  const [small, large] = wa.size <= wb.size ? [wa, wb] : [wb, wa];
  return [...small].every((w) => large.has(w));
}

function wordsOf(name: string): string[] {
  return fold(name)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

function unique(names: string[]): string[] {
  const seen = new Set<string>();
  return names.filter((n) => {
    const key = wordsOf(n).join(' ');
    if (!key || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function isUrl(text: string): boolean {
  return /^\s*(?:https?:)?\/\/|^\s*www\./i.test(text);
}
