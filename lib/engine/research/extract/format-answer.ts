import type { ListItemType, OutputType } from '@/lib/contract/task-definition';
import { asPhone, type PhoneStyle } from './typed-answers';

// An output's formatting guidance ("international format", "dates as DD.MM.YYYY", "lowercase"),
// applied to the offline answer where the words are understood. Guidance about content ("as one
// short phrase") is for the model, which reads it with the question; offline it changes nothing,
// since rewriting what the page says by rule would state something the page did not.

interface Formattable {
  type: OutputType;
  format?: string;
  items?: ListItemType;
}

const DATE_PATTERNS: [RegExp, (y: string, m: string, d: string) => string][] = [
  [/\bdd\.mm\.yyyy\b/i, (y, m, d) => `${d}.${m}.${y}`],
  [/\bdd\/mm\/yyyy\b/i, (y, m, d) => `${d}/${m}/${y}`],
  [/\bmm\/dd\/yyyy\b/i, (y, m, d) => `${m}/${d}/${y}`],
  [/\bdd-mm-yyyy\b/i, (y, m, d) => `${d}-${m}-${y}`],
];

function phoneStyle(format: string): PhoneStyle {
  if (/e\.?\s?164/i.test(format)) return 'e164';
  if (/\b(national|local)\b/i.test(format) && !/international/i.test(format)) return 'national';
  return 'international';
}

function formatText(value: string, type: OutputType, format: string): string {
  if (type === 'phone') return asPhone(value, phoneStyle(format)) ?? value;
  if (
    type === 'money' &&
    /\b(without|no|drop)\b.*\bcurrency\b|\b(amount|number) only\b|\bas a number\b/i.test(format)
  )
    return value.replace(/\s+[A-Z]{3}$/, '');
  if (type === 'date') {
    const full = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
    if (/\byear only\b|\bjust the year\b|\bonly the year\b/i.test(format)) return value.slice(0, 4);
    if (full) {
      const [, y, m, d] = full as unknown as [string, string, string, string];
      for (const [pattern, write] of DATE_PATTERNS) if (pattern.test(format)) return write(y, m, d);
    }
    return value;
  }
  if (/\blower ?case\b|\bkleinbuchstaben\b|\bminuscules?\b|\bminúsculas?\b/i.test(format))
    return value.toLowerCase();
  if (/\bupper ?case\b|\bcapital letters\b|\bgrossbuchstaben\b|\bmajuscules?\b|\bmayúsculas?\b/i.test(format))
    return value.toUpperCase();
  return value;
}

/** The answer shaped by the field's formatting guidance; unchanged when there is none or it is not understood. */
export function formatAnswer(value: unknown, q: Formattable): unknown {
  if (!q.format || value === null || value === undefined) return value;
  const format = q.format;
  if (typeof value === 'string') return formatText(value, q.type, format);
  if (Array.isArray(value) && q.items)
    return value.map((v) => (typeof v === 'string' ? formatText(v, q.items as OutputType, format) : v));
  return value;
}
