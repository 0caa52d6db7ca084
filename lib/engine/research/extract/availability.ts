import type { ReadPage } from '../page-types';
import { fold } from '../text-utils';
import {
  AVAILABILITY_PHRASES,
  type AvailabilityStatus,
  availabilityToken,
  BUY_LABELS,
  type PropertyTerm,
} from '../vocabulary/vocabulary';
import { type Candidate, makeCandidate, type PageContext } from './candidate';
import { findLabelled } from './labelled-values';
import { factsAt } from './structured-facts';
import type { Availability } from './typed-value';

// Whether an item can be bought, as a schema.org status: from the offer's structured data, from a
// short printed status ("In stock.", "Derzeit nicht verfügbar."), from a labelled value
// ("Availability: Out of stock"), and, weakest, from a buy button the page offers.

/** A status block is short: "Immagine non disponibile" ("image not available") is not about stock. */
const MAX_STATUS_BLOCK = 48;
const MAX_PASSAGES = 600;

export function availabilityCandidates(term: PropertyTerm, ctx: PageContext): Candidate[] {
  const out: Candidate[] = [];
  const value = (status: AvailabilityStatus): Availability => ({ kind: 'availability', status });
  for (const fact of factsAt(ctx.page, term.schema)) {
    const status = availabilityToken(fact.value);
    if (status)
      out.push(
        makeCandidate(ctx, value(status), `${fact.path}: ${fact.value}`, 0.9, {
          method: fact.method,
          path: fact.path,
        }),
      );
  }
  for (const hit of findLabelled(ctx.page, term.labels)) {
    const status = phraseStatus(hit.rest, true);
    if (status)
      out.push(
        makeCandidate(ctx, value(status), hit.quote, hit.boilerplate ? 0.6 : 0.86, {
          method: 'label',
          path: `printed label "${hit.label}"`,
        }),
      );
  }
  let printed = 0;
  let buyLine: string | null = null;
  for (const p of ctx.page.passages.slice(0, MAX_PASSAGES)) {
    if (p.boilerplate || p.kind === 'heading') continue;
    for (const line of statusLines(p)) {
      const status = phraseStatus(line, false);
      if (status) {
        // The first status printed is the page's own item; later ones are other offers or products.
        out.push(
          makeCandidate(ctx, value(status), line, 0.84 - Math.min(printed, 4) * 0.05, { method: 'pattern' }),
        );
        printed++;
      } else if (!buyLine && isBuyLabel(line)) buyLine = line;
    }
  }
  const button = ctx.page.actions.find((a) => !a.disabled && isBuyLabel(a.text))?.text;
  const buy = button ?? buyLine;
  if (buy)
    out.push(
      makeCandidate(ctx, value('InStock'), `${button ? 'button' : 'buy link'}: ${buy}`, 0.66, {
        method: 'pattern',
        path: 'buy button',
      }),
    );
  return out;
}

/** Short lines of a block that may be a status: its first line, or the items of a list. */
function statusLines(p: { text: string; items?: string[] }): string[] {
  const lines = p.items ?? [p.text.split('\n')[0] ?? ''];
  return lines.filter((l) => l.length > 0 && l.length <= MAX_STATUS_BLOCK);
}

/**
 * The status a printed text states: the whole text is one of the vocabulary's phrases (a status
 * line), or, after a label, starts with one ("In stock — ships tomorrow").
 */
function phraseStatus(text: string, afterLabel: boolean): AvailabilityStatus | null {
  const folded = fold(text)
    .replace(/[\s.!:;,()\-–—]+$/g, '')
    .replace(/^[\s.!:;,()\-–—✓✔•]+/, '');
  for (const [phrase, status] of AVAILABILITY_PHRASES) {
    if (folded === phrase) return status;
    const at = folded.indexOf(phrase);
    if (at < 0 || /[\p{L}\p{N}]/u.test(folded[at + phrase.length] ?? '')) continue;
    if (afterLabel && at === 0) return status;
    // "Nur noch 1 auf Lager", "Only 3 left in stock": a count before the phrase still states it;
    // other words before it may be about something else ("Immagine non disponibile").
    if (at > 0 && /\d/.test(folded.slice(0, at)) && folded.slice(0, at).split(/\s+/).length <= 4)
      return status;
  }
  // "Disponibilità: solo 3": a count after an availability label means some are there.
  if (afterLabel && /^\D{0,12}\b[1-9]\d*\b/.test(folded)) return 'InStock';
  return null;
}

/**
 * Whether the page sells something: a buy button, a short buy line where its button's text is a
 * block, or a stock status line ("In stock.", "Derzeit nicht verfügbar.").
 */
export function offersToBuy(page: ReadPage): boolean {
  let sells = sellsCache.get(page);
  if (sells === undefined) {
    sells = readOffersToBuy(page);
    sellsCache.set(page, sells);
  }
  return sells;
}

// Asked by the price reader for every price field and page, and by the page kind: read once.
const sellsCache = new WeakMap<ReadPage, boolean>();

function readOffersToBuy(page: ReadPage): boolean {
  if (page.actions.some((a) => !a.disabled && isBuyLabel(a.text))) return true;
  return page.passages
    .slice(0, MAX_PASSAGES)
    .some(
      (p) =>
        !p.boilerplate &&
        p.kind !== 'heading' &&
        statusLines(p).some((l) => isBuyLabel(l) || phraseStatus(l, false) !== null),
    );
}

function isBuyLabel(text: string): boolean {
  const folded = fold(text).trim();
  return BUY_LABELS.some(
    (l) => folded === l || (folded.startsWith(l) && !/\p{L}/u.test(folded[l.length] ?? '')),
  );
}
