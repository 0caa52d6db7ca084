import countryToCurrency from 'country-to-currency';
import { PRODUCT_TYPES } from '../json-ld';
import type { ReadPage } from '../page-types';
import { fold } from '../text-utils';
import priceWords from '../vocabulary/price-words.json';
import { offersToBuy } from './availability';
import { type Candidate, makeCandidate, type PageContext } from './candidate';
import { findMoney, type Money, moneyFromData } from './money';
import { type Fact, structuredFacts } from './structured-facts';

// The price of the one item a product page is about. Its offer's structured data (JSON-LD,
// microdata, product meta tags) comes first, checked against what is printed; then the first price
// printed under the page's main heading, skipping former prices ("was", "statt", "RRP"), thresholds
// ("free delivery over £30") and carousels of other products (lists).

const PRICE_PATHS = new Set([
  'offers.price',
  'offers.lowprice',
  'offers.pricespecification.price',
  'offers.offers.price',
  'offers.pricespecification.minprice',
]);
const OFFER_PRICE_PATHS = new Set(['price', 'lowprice', 'pricespecification.price']);
const fold2 = (list: Record<string, string[]>) => [...new Set(Object.values(list).flat().map(fold))];
const LABELS = fold2(priceWords.labels);
const FORMER = fold2(priceWords.former);
/** How far below the main heading the item's own price is looked for. */
const MAIN_WINDOW = 80;
const MAX_PRICE_BLOCK = 100;
const MAX_PRICE_WORDS = 40;
const BEFORE_HEADING = 20;

/**
 * Whether the page sells one item: a price in its offer markup (product pages, tickets, ads), or
 * a product page by its type, its buy button or its stock status. Pricing pages of plans are read
 * the other way.
 */
export function isItemPage(page: ReadPage): boolean {
  if (structuredFacts(page).some((f) => isPriceFact(f))) return true;
  if (page.metadata.meta['og:type']?.toLowerCase().includes('product')) return true;
  return offersToBuy(page);
}

function isPriceFact(f: Fact): boolean {
  return (
    PRICE_PATHS.has(f.property) ||
    (f.entity === 'Offer' || f.entity === 'AggregateOffer' ? OFFER_PRICE_PATHS.has(f.property) : false)
  );
}

export function productPriceCandidates(ctx: PageContext): Candidate[] {
  const { page } = ctx;
  const facts = structuredFacts(page);
  const pageCurrency = facts.find((f) => /(^|\.)pricecurrency$/.test(f.property))?.value ?? null;
  const locale = displayLocale(page.metadata.lang, pageCurrency);
  const hint = { currency: pageCurrency, country: ctx.country };
  const printed = printedPrices(page, hint);
  const out: Candidate[] = [];
  const mainRoot = mainItem(page, facts);
  const prices = facts.filter(isPriceFact).flatMap((fact) => {
    const currency =
      facts.find(
        (f) => f.root === fact.root && f.property === fact.property.replace(/[^.]+$/, 'pricecurrency'),
      )?.value ?? pageCurrency;
    const money = moneyFromData(fact.value, currency, hint);
    const main = fact.root === -1 || fact.root === mainRoot;
    return money && money.amount > 0 ? [{ fact, currency, money, main }] : [];
  });
  // Offer markup that states two prices for the one item (a list and a sale price, an estimate) is
  // no proof of either; the printed price decides.
  const agreed = new Set(prices.filter((p) => p.main).map((p) => p.money.amount)).size <= 1;
  for (const { fact, currency, money, main } of prices) {
    const shown = printed.some((p) => p.money.amount === money.amount);
    const confidence = main ? (shown ? (agreed ? 0.95 : 0.8) : agreed ? 0.86 : 0.66) : 0.55;
    out.push(
      makeCandidate(
        ctx,
        { ...money, locale },
        `${fact.path}: ${fact.value}${currency ? ` ${currency}` : ''}`,
        confidence,
        {
          method: fact.method,
          path: fact.path,
        },
      ),
    );
  }
  printed.forEach((p, rank) => {
    const confidence = (p.labelled ? 0.8 : 0.72) - Math.min(rank, 5) * 0.03;
    out.push(
      makeCandidate(ctx, { ...p.money, locale }, p.quote, confidence, {
        method: p.labelled ? 'label' : 'pattern',
      }),
    );
  });
  return out;
}

/** The top entity the page is about: the product whose name is the page's main heading, else the first. */
function mainItem(page: ReadPage, facts: Fact[]): number | null {
  const heading = fold(page.metadata.h1 ?? page.metadata.meta['og:title'] ?? page.metadata.title ?? '');
  const roots = [
    ...new Map(facts.filter((f) => f.root >= 0 && isPriceFact(f)).map((f) => [f.root, f])).values(),
  ];
  const named = roots.find(
    (f) =>
      f.rootName && heading && (heading.includes(fold(f.rootName)) || fold(f.rootName).includes(heading)),
  );
  const product = roots.find((f) => PRODUCT_TYPES.has(f.entity));
  return (named ?? product ?? roots[0])?.root ?? null;
}

interface Printed {
  money: Money;
  quote: string;
  labelled: boolean;
}

/** Prices printed below the main heading, in order, without former prices and thresholds. */
function printedPrices(page: ReadPage, hint: { currency: string | null; country: string }): Printed[] {
  const { passages } = page;
  const h1 = page.metadata.h1;
  const heading = h1
    ? passages.findIndex((p) => p.kind === 'heading' && p.text.replace(/\n/g, ' ') === h1)
    : -1;
  // Shops put the price just under the title, or in a buy box written before it.
  const start = Math.max(0, heading - BEFORE_HEADING);
  const out: Printed[] = [];
  let previous = '';
  for (const p of passages.slice(start, Math.max(heading, 0) + MAIN_WINDOW)) {
    const label = previous;
    previous = p.text.length <= 24 ? fold(p.text) : '';
    if (p.boilerplate || p.kind === 'list' || p.kind === 'heading' || /[{}]/.test(p.text)) continue;
    const found = findMoney(p.text, hint);
    // A price block is mostly its price: blocks with more words are other products (a carousel
    // card with its name and rating) or terms, unless a price label says which amount it is.
    const words = found.reduce((n, f) => n - f.text.length, p.text.length);
    for (const f of found) {
      const before = fold(p.text.slice(Math.max(0, f.index - 40), f.index)).trim();
      if (FORMER.some((w) => endsWithWord(before, w))) continue;
      const labelled = LABELS.some((w) => endsWithWord((before || label).replace(/[:;\s]+$/, ''), w));
      if (!labelled && (words > MAX_PRICE_WORDS || p.text.length > MAX_PRICE_BLOCK)) continue;
      out.push({ money: f.money, quote: label && !before ? `${label}: ${p.text}` : p.text, labelled });
    }
  }
  return out;
}

/**
 * The locale amounts are written in for the page's readers: its language, with the region of its
 * currency when one country uses it ("es" + CLP → "es-CL" writes "$3.340", not "3340 CLP").
 */
function displayLocale(lang: string | null, currency: string | null): string | null {
  const language = lang?.split(/[-_]/)[0]?.toLowerCase();
  if (!language || !/^[a-z]{2,3}$/.test(language)) return lang;
  if (lang && /[-_][a-z]{2}$/i.test(lang)) return lang;
  const code = currency?.toUpperCase();
  const regions = code
    ? Object.entries(countryToCurrency as Record<string, string>).filter(([, c]) => c === code)
    : [];
  return regions.length === 1 ? `${language}-${regions[0]![0]}` : language;
}

function endsWithWord(text: string, word: string): boolean {
  if (!text.endsWith(word)) return false;
  const before = text[text.length - word.length - 1];
  return before === undefined || !/[\p{L}\p{N}]/u.test(before);
}
