import type { ListItemType, OutputType } from '@/lib/contract/task-definition';
import { collapseWhitespace } from '../text-utils';
import { findDate } from './dates';
import { parseNumber } from './numbers';
import { formatAnswer } from './format-answer';
import { asMoney, asPhone, moneyText } from './typed-answers';
import { isTypedValue, typedAsBoolean, typedAsNumber, typedAsString } from './typed-value';

const EMAIL = /[a-z0-9][a-z0-9._%+-]*@[a-z0-9-]+(?:\.[a-z0-9-]+)+/i;
const URL_IN_TEXT = /https?:\/\/[^\s<>"')\]]+/i;
const YES = /^(yes|y|true|ja|oui|si|sí|available|in stock|included|supported|✓|✔)\b/i;
const NO = /^(no|n|false|nein|non|not available|unavailable|out of stock|sold out|none|✗|✘|-)$/i;

/** Shapes an extracted value to the query's output type; null when it cannot be done honestly. */
export function coerceValue(
  value: unknown,
  type: OutputType,
  baseUrl: string,
  items?: ListItemType,
): unknown {
  if (value === null || value === undefined) return null;
  if (isTypedValue(value)) {
    if (type === 'number') return typedAsNumber(value);
    if (type === 'money') return value.kind === 'money' ? moneyText(value) : null;
    if (type === 'boolean') return typedAsBoolean(value);
    if (type === 'list') return [typedAsString(value)];
    return type === 'string' ? typedAsString(value) : null;
  }
  switch (type) {
    case 'string':
      return asString(value);
    case 'number':
      return typeof value === 'number' ? value : typeof value === 'string' ? parseNumber(value) : null;
    case 'boolean':
      return asBoolean(value);
    case 'date':
      return asDate(value);
    case 'url':
      return asUrl(value, baseUrl);
    case 'email': {
      const text = asString(value);
      return text ? (EMAIL.exec(text)?.[0]?.toLowerCase() ?? null) : null;
    }
    case 'money':
      return asMoney(value);
    case 'phone':
      return asPhone(value);
    case 'list': {
      const list = asList(value);
      if (!list || !items || items === 'string') return list;
      // "A list of URLs": each element shaped like a field of that type; elements that are not one go.
      const typed = list.map((v) => coerceValue(v, items, baseUrl)).filter((v) => !isEmptyValue(v));
      return typed.length > 0 ? typed.map(String) : null;
    }
  }
}

/** A query's answer in its output type (and list element type), shaped by its formatting guidance. */
export function coerceAnswer(
  value: unknown,
  q: { type: OutputType; items?: ListItemType; format?: string },
  baseUrl: string,
): unknown {
  return formatAnswer(coerceValue(value, q.type, baseUrl, q.items), q);
}

function asString(value: unknown): string | null {
  if (typeof value === 'string') return collapseWhitespace(value) || null;
  if (typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (Array.isArray(value)) {
    const parts = value.map(asString).filter((v): v is string => Boolean(v));
    return parts.length > 0 ? parts.join(', ') : null;
  }
  return null;
}

function asBoolean(value: unknown): boolean | null {
  if (typeof value === 'boolean') return value;
  if (typeof value !== 'string') return null;
  const text = value.trim();
  if (YES.test(text)) return true;
  if (NO.test(text)) return false;
  return null;
}

function asDate(value: unknown): string | null {
  // A bare year (founding year) stays a year: ISO 8601 allows reduced precision, and inventing
  // January 1st would state something the page never said.
  if (typeof value === 'number') return value >= 1000 && value <= 2999 ? String(value) : null;
  if (typeof value !== 'string') return null;
  // A month ("2010-06") stays a month, like a year stays a year.
  if (/^\s*\d{4}-(0[1-9]|1[0-2])\s*$/.test(value)) return value.trim();
  const found = findDate(value);
  if (found) return found.iso;
  return /^\s*(1\d{3}|2\d{3})\s*$/.test(value) ? value.trim() : null;
}

function asUrl(value: unknown, baseUrl: string): string | null {
  const text = Array.isArray(value) ? asString(value[0]) : asString(value);
  if (!text) return null;
  const candidate =
    /^https?:\/\//i.test(text) || text.startsWith('/') ? text : (URL_IN_TEXT.exec(text)?.[0] ?? null);
  if (!candidate) return null;
  try {
    const url = new URL(candidate, baseUrl);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

function asList(value: unknown): string[] | null {
  const items = Array.isArray(value)
    ? value
    : typeof value === 'string'
      ? value.split(/\n|;\s*|\s+[·•|]\s+/)
      : [value];
  const out = items.map(asString).filter((v): v is string => Boolean(v));
  return out.length > 0 ? out : null;
}

export function isEmptyValue(value: unknown): boolean {
  return (
    value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0)
  );
}
