import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { collapseWhitespace } from '../text-utils';
import { findMoney, minorUnits, type Money } from './money';
import { parseNumber } from './numbers';

// Answers of the money and phone output types, in one written form a spreadsheet can sort and a
// later run can compare: money "49.00 EUR" (the currency's own decimals, then its ISO code), phones
// in international form "+41 44 668 18 00". A value that cannot be read as one is no answer.

/** "49.00 EUR"; an amount the page printed without a currency stays a bare amount ("49.00"). */
export function moneyText(money: Money): string {
  const amount = money.amount.toFixed(minorUnits(money.currency));
  return money.currency ? `${amount} ${money.currency}` : amount;
}

export function asMoney(value: unknown): string | null {
  if (typeof value === 'number')
    return Number.isFinite(value) ? moneyText({ kind: 'money', amount: value, currency: null }) : null;
  if (typeof value !== 'string') return null;
  const text = collapseWhitespace(value);
  const found = findMoney(text)[0];
  if (found) return moneyText(found.money);
  // "49.00 EUR" as this function writes it, and bare amounts.
  const coded = /^(\d[\d.,\s]*)\s+([A-Z]{3})$/.exec(text);
  const amount = parseNumber(coded ? (coded[1] ?? '') : text);
  if (amount === null) return null;
  return moneyText({ kind: 'money', amount, currency: coded ? (coded[2] ?? null) : null });
}

export type PhoneStyle = 'international' | 'e164' | 'national';

/** International form when libphonenumber can read the number (it needs a +country prefix); the text as printed otherwise. */
export function asPhone(value: unknown, style: PhoneStyle = 'international'): string | null {
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  const text = collapseWhitespace(String(value));
  if (text.replace(/\D/g, '').length < 6) return null;
  const parsed = parsePhoneNumberFromString(text);
  if (!parsed?.isPossible()) return text;
  if (style === 'e164') return parsed.number;
  return style === 'national' ? parsed.formatNational() : parsed.formatInternational();
}
