import { ORGANIZATION_TYPES, hasType, textOf } from '../json-ld';
import { type Candidate, type Extractor, makeCandidate } from './candidate';

const STREET = new RegExp(
  [
    // 500 Howard Street, 221B Baker St.
    String.raw`\b\d{1,5}[a-z]?\s+(?:[\p{L}.'-]+\s+){0,4}(?:street|st\.?|avenue|ave\.?|road|rd\.?|boulevard|blvd\.?|lane|ln\.?|drive|dr\.?|way|court|ct\.?|place|pl\.?|square|sq\.?|parkway|pkwy|highway|hwy|terrace|row|crescent|close|loop|circle|trail|plaza|alley|mews|gardens)(?=[\s,.]|$)`,
    // Industriestraße 14, Hauptstr. 3a, Marktplatz 1
    String.raw`[\p{L}-]*(?:straße|strasse|str\.|weg|platz|allee|gasse|ring|damm|ufer|markt|steig)\s+\d{1,4}[a-z]?\b`,
    // 1234 rue Saint-Denis, Via Roma 12, Calle Mayor 5
    String.raw`(?:\b\d{1,5},?\s+)?\b(?:rue|avenue|boulevard|chemin|place|via|viale|calle|avenida|rua|plaza)\s+[\p{L}' -]{2,40}`,
  ].join('|'),
  'iu',
);
const POSTAL = new RegExp(
  [
    String.raw`\b[A-Z]{2}\s+\d{5}(?:-\d{4})?\b`, // US: CA 94105
    String.raw`\b[A-Z]{1,2}\d[A-Z\d]?\s*\d[A-Z]{2}\b`, // UK: NW1 6XE
    String.raw`\b[A-Z]\d[A-Z]\s?\d[A-Z]\d\b`, // Canada: H2X 3K8
    String.raw`\b\d{4,5}\s+\p{Lu}[\p{L}-]+`, // DE/FR/NL…: 70565 Stuttgart
  ].join('|'),
  'u',
);
const LABEL_PREFIX =
  /^(?:[\p{L} ]{0,30}(?:address|office|headquarters|hq|location|adresse|anschrift|visit us|find us)\s*:\s*)/iu;
const CONTACT_LINE = /@|\b(phone|tel|fax|email|e-mail|telefon|telefax)\b|https?:/i;
const SEGMENT_SPLIT = /\s+[·|•]\s+|\n/;

export const extractAddresses: Extractor = (_q, ctx) => {
  const out: Candidate[] = [];
  const seen = new Set<string>();
  const add = (value: string, snippet: string, confidence: number) => {
    const key = value.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');
    if (!value || seen.has(key)) return;
    seen.add(key);
    out.push(makeCandidate(ctx, value, snippet, confidence));
  };
  for (const entity of ctx.page.metadata.jsonLd) {
    const address = entity.data.address;
    if (!address) continue;
    const formatted = typeof address === 'string' ? address : formatPostalAddress(address);
    if (formatted)
      add(
        formatted,
        `${entity.types[0] ?? 'JSON-LD'} address: ${formatted}`,
        hasType(entity, ORGANIZATION_TYPES) ? 0.95 : 0.85,
      );
  }
  for (const p of ctx.page.passages) {
    if (p.kind === 'heading' || p.kind === 'list' || p.text.length > 600) continue;
    if (!STREET.test(p.text) && !POSTAL.test(p.text)) continue;
    const address = addressFromLines(p.text.split(SEGMENT_SPLIT));
    if (address) add(address, p.text, p.kind === 'address' ? 0.88 : p.boilerplate ? 0.75 : 0.8);
  }
  return out;
};

/** The street line through the postal-code line; a company name or phone line around it is dropped. */
export function addressFromLines(rawLines: string[]): string | null {
  const lines = rawLines.map((l) => l.replace(LABEL_PREFIX, '').trim()).filter(Boolean);
  const start = lines.findIndex((l) => STREET.test(l) && !CONTACT_LINE.test(l));
  if (start < 0) return null;
  const parts: string[] = [];
  let hasPostal = false;
  for (let i = start; i < lines.length && parts.length < 5; i++) {
    const line = lines[i] ?? '';
    if (CONTACT_LINE.test(line)) break;
    if (i > start && hasPostal && !isCountry(line)) break;
    parts.push(line.replace(/[.;]$/, ''));
    if (POSTAL.test(line)) hasPostal = true;
    if (hasPostal && i > start && isCountry(line)) break;
  }
  if (!hasPostal) return null;
  return parts.join(', ').replace(/\s*,\s*,/g, ',');
}

const COUNTRIES =
  /^(united states|usa|u\.s\.a\.|united kingdom|uk|england|germany|deutschland|france|canada|austria|österreich|switzerland|schweiz|netherlands|spain|italy|ireland|australia)$/i;

function isCountry(line: string): boolean {
  return COUNTRIES.test(line.trim());
}

function formatPostalAddress(value: unknown): string | null {
  if (Array.isArray(value)) return formatPostalAddress(value[0]);
  if (!value || typeof value !== 'object') return null;
  const a = value as Record<string, unknown>;
  const street = textOf(a.streetAddress);
  const locality = textOf(a.addressLocality);
  const region = textOf(a.addressRegion);
  const postal = textOf(a.postalCode);
  const country = textOf(a.addressCountry);
  // "City, ST 12345" where there is a region (US/CA style), "12345 City" otherwise (most of Europe).
  const cityLine = region
    ? [locality, [region, postal].filter(Boolean).join(' ')].filter(Boolean).join(', ')
    : [postal, locality].filter(Boolean).join(' ');
  const parts = [street, cityLine, country].filter((p): p is string => Boolean(p));
  return parts.length > 0 ? parts.join(', ') : null;
}
