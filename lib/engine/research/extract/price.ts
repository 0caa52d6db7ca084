import { PRODUCT_TYPES, hasType, textOf } from '../json-ld';
import type { Passage, ReadPage } from '../page-types';
import { type Candidate, type Extractor, makeCandidate } from './candidate';
import { searchPassages } from './passage-index';
import { isItemPage, productPriceCandidates } from './product-price';

const PERIOD = String.raw`(?:\s?(?:\/|per|a|an)\s?(?:mo(?:nth)?|month|yr|year|annum|user|seat|hour|hr|day|week))?`;
export const PRICE = new RegExp(
  String.raw`(?:[$€£¥]|\b(?:USD|EUR|GBP|CHF|CAD|AUD)\s?)\s?\d{1,3}(?:[,.\s]\d{3})*(?:[.,]\d{1,2})?${PERIOD}` +
    String.raw`|\b\d{1,3}(?:[.\s]\d{3})*(?:[.,]\d{1,2})?\s?(?:€|EUR|CHF|£|USD|kr|zł)${PERIOD}`,
  'i',
);
const CURRENCY_SYMBOL: Record<string, string> = { USD: '$', EUR: '€', GBP: '£', JPY: '¥' };
const CHEAPEST = /\b(starting|lowest|cheapest|from|minimum|entry|base|basic)\b/;

export const extractPrice: Extractor = (q, ctx) => {
  // A product page's price is its item's; plan and pricing pages are read below.
  if (isItemPage(ctx.page)) return productPriceCandidates(ctx);
  const out: Candidate[] = [];
  for (const offer of offersOf(ctx.page))
    out.push(
      makeCandidate(ctx, offer.price, offer.snippet, 0.92, {
        method: 'structured_data',
        path: 'json-ld Product › offers › price',
      }),
    );
  // Script or style text that leaked into a block is never a price.
  const hits = searchPassages(ctx.page, q.terms, 8).filter(
    (h) => PRICE.test(h.passage.text) && !/[{}]/.test(h.passage.text),
  );
  const pricePassages =
    hits.length > 0
      ? hits.map((h) => h.passage)
      : ctx.page.passages.filter((p) => PRICE.test(p.text)).slice(0, 8);
  const wantsCheapest = CHEAPEST.test(q.terms.join(' '));
  const found = pricePassages.map((p, rank) => ({ p, rank, price: PRICE.exec(p.text)?.[0]?.trim() ?? '' }));
  if (wantsCheapest) found.sort((a, b) => amount(a.price) - amount(b.price));
  found.forEach(({ p, price }, i) => {
    if (price) out.push(makeCandidate(ctx, price, p.text, 0.75 - i * 0.03 - (p.boilerplate ? 0.1 : 0)));
  });
  return out;
};

/** JSON-LD Product offers as display prices ("$129.00"). */
export function offersOf(page: ReadPage): { name: string | null; price: string; snippet: string }[] {
  const out: { name: string | null; price: string; snippet: string }[] = [];
  for (const entity of page.metadata.jsonLd) {
    if (!hasType(entity, PRODUCT_TYPES)) continue;
    const offers = Array.isArray(entity.data.offers) ? entity.data.offers : [entity.data.offers];
    for (const offer of offers) {
      if (!offer || typeof offer !== 'object') continue;
      const o = offer as Record<string, unknown>;
      const price = textOf(o.price ?? o.lowPrice);
      if (!price) continue;
      const currency = textOf(o.priceCurrency) ?? '';
      const symbol = CURRENCY_SYMBOL[currency.toUpperCase()];
      const display = symbol ? `${symbol}${price}` : `${price} ${currency}`.trim();
      const name = textOf(entity.data.name);
      out.push({ name, price: display, snippet: `${name ?? 'Offer'}: ${price} ${currency}`.trim() });
    }
  }
  return out;
}

/** Plan cards: a heading followed, before the next heading, by a block holding one price. */
export function planCards(passages: Passage[]): { name: string; price: string; snippet: string }[] {
  const plans: { name: string; price: string; snippet: string }[] = [];
  let current: string | null = null;
  let taken = false;
  for (const p of passages) {
    if (p.kind === 'heading') {
      current = p.text.length <= 60 ? p.text : null;
      taken = false;
      continue;
    }
    if (!current || taken || p.kind === 'row' || p.boilerplate) continue;
    const price = PRICE.exec(p.text)?.[0];
    if (price && p.text.length <= 120) {
      plans.push({ name: current, price: price.trim(), snippet: `${current}: ${p.text}` });
      taken = true;
    }
  }
  return plans.length >= 2 ? plans : [];
}

function amount(price: string): number {
  const digits = /\d[\d.,]*/.exec(price)?.[0]?.replace(/,/g, '') ?? '';
  const value = Number(digits);
  return Number.isFinite(value) ? value : Infinity;
}
