import { type CountryCode, findPhoneNumbersInText, parsePhoneNumberFromString } from 'libphonenumber-js';
import { textsOf } from '../json-ld';
import { type Candidate, type Extractor, departmentFit, makeCandidate } from './candidate';

const DIGIT_RUN = /\+?\(?\d[\d\s().\/-]{5,}\d/;
const LABEL = /\b(phone|tel|telephone|telefon|call|ring|mobile|hotline|tél|téléphone|teléfono)\b/i;
const FAX = /\b(fax|telefax)\b/i;

/** E.164 when libphonenumber can parse it, otherwise the digits as written. */
export function normalizePhone(raw: string, country: CountryCode): string | null {
  const parsed = parsePhoneNumberFromString(raw, country);
  if (parsed?.isPossible()) return parsed.number;
  const digits = raw.replace(/[^\d+]/g, '');
  return digits.replace(/\D/g, '').length >= 7 ? raw.trim() : null;
}

export const extractPhones: Extractor = (q, ctx) => {
  const out: Candidate[] = [];
  const seen = new Set<string>();
  const country = ctx.country as CountryCode;
  const add = (value: string | null, snippet: string, context: string, confidence: number) => {
    if (!value || seen.has(value)) return;
    seen.add(value);
    out.push(makeCandidate(ctx, value, snippet, confidence + departmentFit(q, context)));
  };
  const { page } = ctx;
  for (const entity of page.metadata.jsonLd) {
    for (const tel of textsOf(entity.data.telephone))
      add(normalizePhone(tel, country), `${entity.types[0] ?? 'JSON-LD'} telephone: ${tel}`, '', 0.95);
  }
  for (const a of page.anchors) {
    if (!/^tel:/i.test(a.href)) continue;
    const passage = page.passages[a.passage];
    const raw = decodeURIComponent(a.href.slice(4));
    add(
      normalizePhone(raw, country),
      passage?.text ?? a.text,
      `${a.heading ?? ''} ${passage?.text ?? ''}`,
      0.9,
    );
  }
  for (const p of page.passages) {
    if (!DIGIT_RUN.test(p.text)) continue;
    for (const line of p.text.split('\n')) {
      if (!DIGIT_RUN.test(line)) continue;
      for (const found of findPhoneNumbersInText(line, { defaultCountry: country })) {
        const before = line.slice(Math.max(0, found.startsAt - 40), found.startsAt);
        const labelled = before.split(/[·|;]/).pop() ?? before;
        if (FAX.test(labelled)) continue;
        const context = `${p.heading ?? ''} ${labelled}`;
        add(found.number.number, p.text, context, LABEL.test(labelled) ? 0.8 : 0.6);
      }
    }
  }
  for (const f of page.fields) {
    if (/phone|tel/.test(f.key)) add(normalizePhone(f.value, country), `${f.key}: ${f.value}`, f.key, 0.85);
  }
  return out;
};
