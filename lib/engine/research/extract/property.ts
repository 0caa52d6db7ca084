import type { PropertyTerm } from '../vocabulary/vocabulary';
import { availabilityToken } from '../vocabulary/vocabulary';
import { type Candidate, type Extractor, makeCandidate, type PageContext } from './candidate';
import { availabilityCandidates } from './availability';
import { findLabelled, type Labelled } from './labelled-values';
import { findDate } from './dates';
import { isPrinted } from './page-text';
import { factsAt } from './structured-facts';

// A field resolved to a schema.org property of the vocabulary (extract/../vocabulary): read from
// the page's structured data at the property's paths, and from the values printed after its labels.
// What the reader sees wins: a structured value that is also printed is strongest, a printed label
// beats a structured value the page never shows (often an internal id), and several different
// printed values (variants, other products) weaken each other.

const IDENTIFIER = /^[\p{L}\p{N}][\p{L}\p{N}_./-]{1,40}/u;
const MAX_TEXT_VALUE = 80;

export const extractProperty: Extractor = (q, ctx) => {
  const term = q.property;
  if (!term) return [];
  if (term.value === 'availability') return availabilityCandidates(term, ctx);
  return [...fromStructuredData(term, ctx), ...fromLabels(term, ctx)];
};

function fromStructuredData(term: PropertyTerm, ctx: PageContext): Candidate[] {
  const out: Candidate[] = [];
  for (const fact of factsAt(ctx.page, term.schema)) {
    const value = shape(term, fact.value, true);
    if (!value) continue;
    const printed = isPrinted(ctx.page, value);
    out.push(
      makeCandidate(ctx, value, `${fact.path}: ${fact.value}`, printed ? 0.93 : 0.72, {
        method: fact.method,
        path: fact.path,
      }),
    );
  }
  return out;
}

function fromLabels(term: PropertyTerm, ctx: PageContext): Candidate[] {
  const found: { hit: Labelled; value: string }[] = [];
  for (const hit of findLabelled(ctx.page, term.labels)) {
    const value = shape(term, hit.rest, false);
    if (value) found.push({ hit, value });
  }
  const distinct = new Set(found.filter((f) => !f.hit.boilerplate).map((f) => f.value)).size;
  return found.map(({ hit, value }, rank) => {
    let confidence = term.weak.has(hit.label) ? 0.7 : 0.86;
    if (hit.boilerplate) confidence -= 0.2;
    // One product prints one code; many different ones are variants or other products.
    if (distinct > 2) confidence -= 0.1;
    confidence -= Math.min(rank, 5) * 0.01;
    return makeCandidate(ctx, value, hit.quote, confidence, {
      method: 'label',
      path: `printed label "${hit.label}"`,
    });
  });
}

/** The value in the shape the property has, or null when the text is not one. */
function shape(term: PropertyTerm, raw: string, structured: boolean): string | null {
  const text = raw.trim();
  switch (term.value) {
    case 'identifier': {
      const token = structured ? text : (IDENTIFIER.exec(text)?.[0] ?? '').replace(/[./-]+$/, '');
      if (token.length < 3 || token.length > 48) return null;
      // Codes carry a digit, or are written in capitals ("DWFWKMMBM"); words are not codes.
      if (
        !/\d/.test(token) &&
        !(token.length >= 5 && token === token.toUpperCase() && /^[A-Z]+$/.test(token))
      )
        return null;
      return token;
    }
    case 'isbn':
      return isbnOf(text);
    case 'text': {
      const value = (structured ? text : (text.split(/\s*[;|•·]\s*|\s{2,}/)[0] ?? '')).trim();
      return value && value.length <= MAX_TEXT_VALUE && !/^https?:/i.test(value) ? value : null;
    }
    case 'date':
      return findDate(text)?.iso ?? null;
    case 'availability': {
      const status = availabilityToken(text);
      return status ? status : null;
    }
  }
}

/** ISBN-13 or ISBN-10 digits whose check digit holds, from "978-0-13-468599-1" or "ISBN 0134685997". */
export function isbnOf(text: string): string | null {
  const match = /(?:97[89][\s-]?)?\d[\d\s-]{7,15}[\dXx]/.exec(text);
  if (!match) return null;
  const digits = match[0].replace(/[\s-]/g, '').toUpperCase();
  if (digits.length === 13 && /^\d{13}$/.test(digits)) {
    const sum = [...digits].reduce((s, d, i) => s + Number(d) * (i % 2 === 0 ? 1 : 3), 0);
    return sum % 10 === 0 ? digits : null;
  }
  if (digits.length === 10 && /^\d{9}[\dX]$/.test(digits)) {
    const sum = [...digits].reduce((s, d, i) => s + (d === 'X' ? 10 : Number(d)) * (10 - i), 0);
    return sum % 11 === 0 ? digits : null;
  }
  return null;
}
