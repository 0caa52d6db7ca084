import type { JsonLdEntity, ReadPage } from '../page-types';
import { META_PATHS } from '../vocabulary/vocabulary';

// Structured data of every syntax the reader collects (JSON-LD with @graph and nesting, microdata,
// OpenGraph/product meta tags) as one list of facts addressed by schema.org paths: a Product's
// offers.price is one fact whether it came from JSON-LD, microdata or og:price:amount.

export interface Fact {
  /** Lowercased schema.org path below the top entity: "sku", "offers.price", "brand.name". */
  property: string;
  value: string;
  /** The top entity's first type ("Product"); "meta" for meta tags. */
  entity: string;
  /** For provenance: "json-ld Product › offers › price", "meta og:price:amount". */
  path: string;
  method: 'structured_data' | 'metadata';
  /** Which top entity it belongs to, in page order (-1 for meta tags): facts of one item share it. */
  root: number;
  /** The top entity's name, when it has one. */
  rootName: string | null;
}

const MAX_DEPTH = 4;
const cache = new WeakMap<ReadPage, Fact[]>();

export function structuredFacts(page: ReadPage): Fact[] {
  let facts = cache.get(page);
  if (!facts) {
    facts = [...entityFacts(page.metadata.jsonLd), ...metaFacts(page.metadata.meta)];
    cache.set(page, facts);
  }
  return facts;
}

/** Facts for a path, from entities of the given types (any type when `types` is empty). */
export function factsAt(page: ReadPage, paths: readonly string[], types?: ReadonlySet<string>): Fact[] {
  return structuredFacts(page).filter(
    (f) => paths.includes(f.property) && (!types || f.entity === 'meta' || types.has(f.entity)),
  );
}

function entityFacts(entities: JsonLdEntity[]): Fact[] {
  // The reader lists nested typed objects as entities of their own too (an Offer inside a Product):
  // facts are read from the top ones only, so an offer's price is "offers.price" of its product.
  const nested = new Set<unknown>();
  for (const e of entities) markNested(e.data, nested, 0);
  const out: Fact[] = [];
  let root = 0;
  for (const e of entities) {
    if (nested.has(e.data)) continue;
    const type = e.types[0] ?? 'Thing';
    const name = typeof e.data.name === 'string' ? e.data.name.trim() || null : null;
    walk(e.data, [], { entity: type, root: root++, rootName: name }, out, 0);
  }
  return out;
}

function markNested(value: unknown, nested: Set<unknown>, depth: number): void {
  if (depth > MAX_DEPTH + 2 || value === null || typeof value !== 'object') return;
  for (const child of Array.isArray(value) ? value : Object.values(value as Record<string, unknown>)) {
    if (child !== null && typeof child === 'object') {
      if (!Array.isArray(child)) nested.add(child);
      markNested(child, nested, depth + 1);
    }
  }
}

interface Root {
  entity: string;
  root: number;
  rootName: string | null;
}

function walk(value: unknown, path: string[], top: Root, out: Fact[], depth: number): void {
  if (depth > MAX_DEPTH || value === null || value === undefined) return;
  if (Array.isArray(value)) {
    for (const item of value) walk(item, path, top, out, depth);
    return;
  }
  if (typeof value === 'object') {
    const obj = value as Record<string, unknown>;
    if ('@value' in obj) return walk(obj['@value'], path, top, out, depth);
    for (const [key, child] of Object.entries(obj)) {
      if (key.startsWith('@')) continue;
      walk(child, [...path, key], top, out, depth + 1);
    }
    return;
  }
  if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') return;
  const text = String(value).trim();
  if (!text || path.length === 0) return;
  out.push({
    property: path.join('.').toLowerCase(),
    value: text,
    entity: top.entity,
    path: `structured data ${top.entity} › ${path.join(' › ')}`,
    method: 'structured_data',
    root: top.root,
    rootName: top.rootName,
  });
}

function metaFacts(meta: Record<string, string>): Fact[] {
  const out: Fact[] = [];
  for (const [key, value] of Object.entries(meta)) {
    const property = META_PATHS.get(key);
    if (property && value.trim())
      out.push({
        property,
        value: value.trim(),
        entity: 'meta',
        path: `meta ${key}`,
        method: 'metadata',
        root: -1,
        rootName: null,
      });
  }
  return out;
}
