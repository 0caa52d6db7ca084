import type { Source } from '@/lib/contract/task-definition';
import type { ReadPage, TableData } from '../page-types';
import { clip, fold } from '../text-utils';
import type { ClassifiedQuery } from './classify-query';
import { coerceAnswer } from './coerce';
import { stem } from './passage-index';
import { offersOf, planCards } from './price';

// List-shaped answers: a table whose headers match the queries, else plan cards (name + price),
// else several JSON-LD products. Keys of every row are the query keywords.

const SYNONYMS: string[][] = [
  [
    'name',
    'product',
    'plan',
    'item',
    'title',
    'tier',
    'produkt',
    'plat',
    'dish',
    'service',
    'package',
    'model',
    'article',
  ],
  ['price', 'cost', 'amount', 'fee', 'preis', 'prix', 'rate', 'monthly', 'pricing', 'tarif'],
  ['stock', 'availability', 'available', 'verfugbar', 'disponible', 'inventory', 'instock'],
  ['sku', 'code', 'id', 'part', 'reference', 'ref', 'artikelnummer'],
].map((group) => group.map(stem));

export interface RowsFound {
  rows: Record<string, unknown>[];
  source: Source;
}

export function findRows(queries: ClassifiedQuery[], pages: ReadPage[]): RowsFound | null {
  const state: { best: { found: RowsFound; mapped: number } | null } = { best: null };
  const consider = (found: RowsFound | null, mapped: number) => {
    if (!found || found.rows.length === 0) return;
    const best = state.best;
    if (
      !best ||
      mapped > best.mapped ||
      (mapped === best.mapped && found.rows.length > best.found.rows.length)
    )
      state.best = { found, mapped };
  };
  // Read through a function: TypeScript cannot see that consider() reassigns state.best.
  const bestFound = (): RowsFound | null => state.best?.found ?? null;
  for (const page of pages) {
    for (const table of page.tables) {
      const mapping = mapColumns(queries, table.headers);
      if (mapping.byWords > 0)
        consider(tableRows(queries, table, mapping.columns, page.url), mapping.byWords);
    }
  }
  const fromTables = bestFound();
  if (fromTables) return fromTables;
  for (const page of pages) {
    consider(cardRows(queries, page), 2);
    consider(productRows(queries, page), 2);
  }
  return bestFound();
}

function expand(words: string[]): Set<string> {
  const out = new Set(words);
  for (const group of SYNONYMS) if (group.some((w) => out.has(w))) group.forEach((w) => out.add(w));
  return out;
}

function wordsOf(text: string): string[] {
  return fold(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .map(stem);
}

function queryWords(q: ClassifiedQuery): string[] {
  return [...new Set([...wordsOf(q.keyword.replace(/_/g, ' ')), ...q.terms.map(stem)])];
}

function isNameLike(q: ClassifiedQuery): boolean {
  return (
    ['company_name', 'product_name', 'title', 'person'].includes(q.kind) ||
    queryWords(q).some((w) => SYNONYMS[0]?.includes(w))
  );
}

function isPriceLike(q: ClassifiedQuery): boolean {
  return q.kind === 'price' || queryWords(q).some((w) => SYNONYMS[1]?.includes(w));
}

/** Query index → column index; columns named like the query first, a name-like query takes column 0 otherwise. */
function mapColumns(
  queries: ClassifiedQuery[],
  headers: string[],
): { columns: (number | null)[]; byWords: number } {
  const columns: (number | null)[] = queries.map(() => null);
  const used = new Set<number>();
  let byWords = 0;
  const scored: { q: number; c: number; score: number }[] = [];
  queries.forEach((q, qi) => {
    const wanted = expand(queryWords(q));
    const exact = new Set(queryWords(q));
    headers.forEach((header, ci) => {
      const words = wordsOf(header);
      if (words.length === 0) return;
      const score = words.filter((w) => exact.has(w)).length * 2 + words.filter((w) => wanted.has(w)).length;
      if (score > 0) scored.push({ q: qi, c: ci, score: score / words.length });
    });
  });
  scored.sort((a, b) => b.score - a.score);
  for (const s of scored) {
    if (columns[s.q] !== null || used.has(s.c)) continue;
    columns[s.q] = s.c;
    used.add(s.c);
    byWords++;
  }
  queries.forEach((q, qi) => {
    if (columns[qi] === null && isNameLike(q) && !used.has(0)) {
      columns[qi] = 0;
      used.add(0);
    }
  });
  return { columns, byWords };
}

function tableRows(
  queries: ClassifiedQuery[],
  table: TableData,
  columns: (number | null)[],
  url: string,
): RowsFound {
  const rows = table.rows.map((cells, ri) => {
    const row: Record<string, unknown> = {};
    queries.forEach((q, qi) => {
      const column = columns[qi];
      const cell = column === null || column === undefined ? null : (cells[column] ?? null);
      const raw = q.type === 'url' ? (table.rowLinks[ri] ?? cell) : cell;
      row[q.keyword] = raw === null ? null : coerceAnswer(raw, q, url);
    });
    return row;
  });
  const header = table.headers.length > 0 ? `${table.headers.join(' | ')}: ` : '';
  const snippet = clip(
    `${table.caption ?? table.heading ?? 'Table'} — ${header}${(table.rows[0] ?? []).join(' | ')}`,
    300,
  );
  return {
    rows: rows.filter((r) => Object.values(r).some((v) => v !== null)),
    source: { url, snippet, confidence: 0.85, method: 'table' },
  };
}

function cardRows(queries: ClassifiedQuery[], page: ReadPage): RowsFound | null {
  const priceQuery = queries.find((q) => q.kind === 'price') ?? queries.find(isPriceLike);
  const nameQuery = queries.find((q) => q !== priceQuery && isNameLike(q));
  if (!nameQuery || !priceQuery) return null;
  const plans = planCards(page.passages);
  if (plans.length === 0) return null;
  const rows = plans.map((p) =>
    rowOf(queries, page.url, { [nameQuery.keyword]: p.name, [priceQuery.keyword]: p.price }),
  );
  return {
    rows,
    source: {
      url: page.url,
      snippet: clip(plans.map((p) => `${p.name}: ${p.price}`).join('; '), 300),
      confidence: 0.75,
      method: 'pattern',
    },
  };
}

function productRows(queries: ClassifiedQuery[], page: ReadPage): RowsFound | null {
  const offers = offersOf(page).filter((o) => o.name);
  if (offers.length < 2) return null;
  const priceQuery = queries.find((q) => q.kind === 'price') ?? queries.find(isPriceLike);
  const nameQuery = queries.find((q) => q !== priceQuery && isNameLike(q));
  if (!nameQuery) return null;
  const rows = offers.map((o) =>
    rowOf(queries, page.url, {
      [nameQuery.keyword]: o.name,
      ...(priceQuery ? { [priceQuery.keyword]: o.price } : {}),
    }),
  );
  return {
    rows,
    source: {
      url: page.url,
      snippet: clip(offers.map((o) => o.snippet).join('; '), 300),
      confidence: 0.85,
      method: 'structured_data',
    },
  };
}

function rowOf(
  queries: ClassifiedQuery[],
  url: string,
  values: Record<string, unknown>,
): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  for (const q of queries)
    row[q.keyword] = q.keyword in values ? coerceAnswer(values[q.keyword], q, url) : null;
  return row;
}
