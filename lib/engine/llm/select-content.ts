import MiniSearch from 'minisearch';
import type { ClassifiedQuery } from '../research/extract/classify-query';
import { socialNetworkOf } from '../research/extract/social';
import { stem } from '../research/extract/passage-index';
import type { ReadPage } from '../research/page-types';
import { contentWords } from '../research/text-utils';
import { formatLine, metadataLines, structuredBlock } from './structured-evidence';

// What the model reads: for every page a short header (metadata, contact links), its structured
// data as "path: value" lines (those about the asked fields first), then the blocks of the page
// that best match the queries (BM25), until the token budget is spent.
// Chosen blocks are shown in page order, with "[…]" where blocks were left out: the content is
// selected by relevance, never cut off at an arbitrary point.

export interface SelectedContent {
  text: string;
  tokens: number;
  /** Page numbers (1-based) as shown to the model → URL. */
  pageUrls: string[];
}

interface Chunk {
  id: number;
  page: number;
  order: number;
  text: string;
  tokens: number;
}

const MAX_HEADER_TOKENS_SHARE = 0.35;
/** Structured data is dense evidence, but the printed content must keep most of the budget. */
const MAX_FACT_TOKENS_SHARE = 0.25;

export async function selectContent(
  pages: ReadPage[],
  queries: ClassifiedQuery[],
  budget: number,
): Promise<SelectedContent> {
  // Loaded on first use: the tokenizer's vocabulary is ~30 MB of heap, needed only with a model.
  const { countTokens } = await import('gpt-tokenizer');
  const headers = pages.map((p, i) => pageHeader(p, i + 1));
  const headerBudget = Math.floor(budget * MAX_HEADER_TOKENS_SHARE);
  const headerTexts: string[] = [];
  let used = 0;
  for (const h of headers) {
    const tokens = countTokens(h);
    if (used + tokens > headerBudget && headerTexts.length > 0) {
      headerTexts.push(h.split('\n')[0] ?? '');
      used += countTokens(headerTexts[headerTexts.length - 1] ?? '');
      continue;
    }
    headerTexts.push(h);
    used += tokens;
  }

  // Facts about the asked fields on every page come before the other facts of any page.
  const blocks = pages.map((p) => structuredBlock(p, queries));
  const shownFacts = pages.map(() => new Set<number>());
  const factBudget = Math.floor(budget * MAX_FACT_TOKENS_SHARE);
  let factsUsed = 0;
  for (const relevant of [true, false]) {
    blocks.forEach((block, p) => {
      block.forEach((line, i) => {
        if (line.relevant !== relevant) return;
        const tokens = countTokens(line.text) + 1;
        if (factsUsed + tokens > factBudget || used + tokens > budget) return;
        shownFacts[p]?.add(i);
        factsUsed += tokens;
        used += tokens;
      });
    });
  }

  const chunks: Chunk[] = [];
  pages.forEach((page, p) => {
    page.passages.forEach((passage, order) => {
      if (passage.kind === 'heading') return;
      const text =
        passage.heading && passage.kind !== 'row' ? `(${passage.heading}) ${passage.text}` : passage.text;
      chunks.push({ id: chunks.length, page: p, order, text, tokens: 0 });
    });
  });
  const scores = rank(chunks, queries);
  // Ties (and unmatched blocks) keep page order: the start page and the top of a page first.
  const ranked = [...chunks].sort(
    (a, b) => (scores.get(b.id) ?? 0) - (scores.get(a.id) ?? 0) || a.page - b.page || a.order - b.order,
  );
  const chosen = new Set<number>();
  const seenText = new Set<string>();
  for (const chunk of ranked) {
    if (used >= budget) break;
    if (seenText.has(chunk.text)) continue;
    chunk.tokens = countTokens(chunk.text);
    if (used + chunk.tokens > budget) continue;
    chosen.add(chunk.id);
    seenText.add(chunk.text);
    used += chunk.tokens;
  }

  const parts: string[] = [];
  pages.forEach((page, p) => {
    parts.push(`=== Page ${p + 1}: ${page.url} ===`);
    parts.push(headerTexts[p] ?? '');
    const facts = (blocks[p] ?? []).filter((_, i) => shownFacts[p]?.has(i)).map((l) => `- ${l.text}`);
    if (facts.length > 0) parts.push(`Structured data:\n${facts.join('\n')}`);
    let skipped = false;
    for (const chunk of chunks) {
      if (chunk.page !== p) continue;
      if (!chosen.has(chunk.id)) {
        skipped = true;
        continue;
      }
      if (skipped) parts.push('[…]');
      skipped = false;
      parts.push(chunk.text);
    }
    if (skipped) parts.push('[…]');
  });
  return { text: parts.filter(Boolean).join('\n'), tokens: used, pageUrls: pages.map((p) => p.url) };
}

function rank(chunks: Chunk[], queries: ClassifiedQuery[]): Map<number, number> {
  const terms = [...new Set(queries.flatMap((q) => q.terms).map(stem))];
  const scores = new Map<number, number>();
  if (terms.length === 0 || chunks.length === 0) return scores;
  const index = new MiniSearch<{ id: number; text: string }>({
    fields: ['text'],
    tokenize: (text) => contentWords(text).map(stem),
    processTerm: (t) => t,
  });
  index.addAll(chunks.map((c) => ({ id: c.id, text: c.text })));
  for (const r of index.search(terms.join(' '), { combineWith: 'OR', prefix: (t) => t.length >= 5 })) {
    scores.set(r.id as number, r.score);
  }
  // Contact details answer many queries without sharing their words.
  for (const c of chunks) {
    if (/@[\w-]+\.\w|\+?\d[\d ()./-]{7,}\d/.test(c.text)) scores.set(c.id, (scores.get(c.id) ?? 0) + 0.5);
  }
  return scores;
}

function pageHeader(page: ReadPage, n: number): string {
  const lines = metadataLines(page).map(formatLine);
  const contacts = new Set<string>();
  for (const a of page.anchors) {
    if (/^(mailto|tel):/i.test(a.href) || socialNetworkOf(a.href))
      contacts.add(a.href.replace(/^mailto:/i, ''));
  }
  if (contacts.size > 0) lines.push(`Contact and profile links: ${[...contacts].slice(0, 20).join(' ')}`);
  for (const f of page.fields.slice(0, 60)) lines.push(`${f.key}: ${f.value}`);
  return lines.length > 0 ? lines.join('\n') : `(page ${n} has no metadata)`;
}
