import type { ListItemType, OutputType } from '@/lib/contract/task-definition';
import { toIsoDate } from '../research/extract/dates';
import { findMoney, parseAmount } from '../research/extract/money';
import { parseNumber } from '../research/extract/numbers';

// Whether two answers to the same field say the same thing, read by the field's type: a price of 49.00
// and "€49" agree, so do "(212) 555-0100" and "+1 212 555 0100", "Example.com/" and "https://example.com",
// "March 3, 2024" and "2024-03-03". Comparisons of runs (a re-run against its batch, a monitor's tick
// against the previous one) report a change only when the meaning changed, not its spelling.

export interface AnswerShape {
  type: OutputType;
  items?: ListItemType;
}

const EMPTY = Symbol('empty');
type Read = string | number | boolean | typeof EMPTY | { amount: number; currency: string | null };

const isEmpty = (v: unknown) =>
  v === null ||
  v === undefined ||
  (typeof v === 'string' && v.trim() === '') ||
  (Array.isArray(v) && v.length === 0);

const text = (v: unknown): string =>
  typeof v === 'string' ? v.normalize('NFC').replace(/\s+/g, ' ').trim() : JSON.stringify(v);

/** The answer read as its type; falls back to its text when it cannot be read (then compared as text). */
function read(v: unknown, type: OutputType | ListItemType): Read {
  if (isEmpty(v)) return EMPTY;
  switch (type) {
    case 'number': {
      const n = typeof v === 'number' ? v : typeof v === 'string' ? parseNumber(v) : null;
      return n ?? text(v);
    }
    case 'money': {
      if (typeof v === 'number') return { amount: v, currency: null };
      const s = text(v);
      const found = findMoney(s)[0];
      if (found) return { amount: found.money.amount, currency: found.money.currency };
      const amount = parseAmount(s, null) ?? parseNumber(s);
      return amount === null ? s : { amount, currency: null };
    }
    case 'boolean':
      if (typeof v === 'boolean') return v;
      if (/^(true|yes)$/i.test(text(v))) return true;
      if (/^(false|no)$/i.test(text(v))) return false;
      return text(v);
    case 'date':
      return typeof v === 'string'
        ? /^\d{4}(-\d{2}){0,2}$/.test(v.trim())
          ? v.trim()
          : (toIsoDate(v) ?? text(v))
        : text(v);
    case 'email':
      return text(v).toLowerCase();
    case 'phone': {
      const digits = text(v).replace(/\D/g, '');
      return digits || text(v);
    }
    case 'url':
      return urlKey(text(v));
    default:
      return text(v);
  }
}

/** Scheme, "www.", letter case of the host, a trailing slash and a fragment do not change where a link goes. */
function urlKey(s: string): string {
  try {
    const u = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(s) ? s : `https://${s}`);
    const host = u.hostname.toLowerCase().replace(/^www\./, '');
    const path = u.pathname.replace(/\/+$/, '');
    return `${host}${u.port ? `:${u.port}` : ''}${path}${u.search}`;
  } catch {
    return s;
  }
}

function sameRead(a: Read, b: Read, type: OutputType | ListItemType): boolean {
  if (typeof a === 'object' && typeof b === 'object') {
    // A price written without its currency agrees with the same amount in any currency.
    return a.amount === b.amount && (a.currency === b.currency || !a.currency || !b.currency);
  }
  if (type === 'phone' && typeof a === 'string' && typeof b === 'string' && /^\d+$/.test(a + b)) {
    // The same number with and without its country code: the longer ends with the shorter, and the
    // shorter is still a whole national number.
    const [short, long] = a.length <= b.length ? [a, b] : [b, a];
    return short === long || (short.length >= 9 && long.endsWith(short));
  }
  return a === b;
}

function asList(v: unknown): unknown[] {
  if (isEmpty(v)) return [];
  return Array.isArray(v) ? v.filter((x) => !isEmpty(x)) : [v];
}

/** True when `a` and `b` say the same for a field of this shape (lists: the same items in any order). */
export function sameAnswer(a: unknown, b: unknown, shape: AnswerShape): boolean {
  if (shape.type === 'list' || Array.isArray(a) || Array.isArray(b)) {
    const type = shape.type === 'list' ? (shape.items ?? 'string') : shape.type;
    const left = asList(a).map((x) => read(x, type));
    const right = asList(b).map((x) => read(x, type));
    if (left.length !== right.length) return false;
    // Each item of one side matched to an unused equal item of the other: order does not matter.
    const unused = [...right];
    return left.every((x) => {
      const at = unused.findIndex((y) => sameRead(x, y, type));
      if (at < 0) return false;
      unused.splice(at, 1);
      return true;
    });
  }
  return sameRead(read(a, shape.type), read(b, shape.type), shape.type);
}
