import countryToCurrency from 'country-to-currency';
import symbolsData from '../vocabulary/currency-symbols.json';

// Money as people print it, read into amount + ISO currency: "$1,299.00", "1.234,56 €", "24.990 CLP",
// "30,000원~", "Rs 23,450", "kr 1 299,-". Written here rather than taken from a package: the npm
// parsers we tried (price-parser, parse-price) give every currency two decimals, read "$" as USD
// everywhere and miss signs such as 원; Intl supplies each currency's decimals and code list.

export interface Money {
  kind: 'money';
  amount: number;
  /** ISO 4217, or null when the page never says which currency. */
  currency: string | null;
}

const SYMBOLS = new Map<string, string[]>(Object.entries(symbolsData.symbols as Record<string, string[]>));
const ISO = new Set<string>(
  typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('currency') : ['USD', 'EUR', 'GBP'],
);
// Signs made of letters ("kr", "lei") only as whole words: "5 krone" or "RM" inside a word is no price.
const SIGN_PATTERN = [...SYMBOLS.keys()]
  .sort((a, b) => b.length - a.length)
  .map((s) => {
    const escaped = s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
    return /^\p{L}/u.test(s) ? String.raw`(?<!\p{L})${escaped}(?![\p{L}])` : escaped;
  })
  .join('|');
const NUMBER = String.raw`\d{1,3}(?:[.,'’\s\u00a0\u202f]\d{3})+(?:[.,]\d{1,2})?|\d+(?:[.,]\d{1,2})?`;
const SIGN = String.raw`(?:\b[A-Z]{3}\b|${SIGN_PATTERN})`;
/** A sign before or after a number ("€ 26,00", "26,00 €", "USD 5", "30,000원"). */
const MONEY = new RegExp(
  String.raw`(?<sign1>${SIGN})\s?(?<n1>${NUMBER})(?:,-|,–)?|(?<n2>${NUMBER})(?:,-)?\s?(?<sign2>${SIGN})`,
  'giu',
);

export interface MoneyHint {
  /** ISO currency the page's structured data names. */
  currency?: string | null;
  /** ISO country of the page (its language region or domain), to choose among shared signs. */
  country?: string | null;
}

/** Every amount with a currency sign in `text`, in order, with where it was. */
export function findMoney(
  text: string,
  hint: MoneyHint = {},
): { money: Money; index: number; text: string }[] {
  const out: { money: Money; index: number; text: string }[] = [];
  MONEY.lastIndex = 0;
  for (let m = MONEY.exec(text); m; m = MONEY.exec(text)) {
    const g = m.groups ?? {};
    const sign = g.sign1 ?? g.sign2 ?? '';
    const currency = currencyOf(sign, hint);
    if (currency === undefined) {
      // "DPH 3,56 €": three capitals that are no currency; the number may still carry the sign after it.
      MONEY.lastIndex = m.index + 1;
      continue;
    }
    const amount = parseAmount(g.n1 ?? g.n2 ?? '', currency);
    if (amount === null) continue;
    out.push({ money: { kind: 'money', amount, currency }, index: m.index, text: m[0].trim() });
  }
  return out;
}

/** A structured-data price ("2449.00", 13.4, "26,00 €", "109€109€109") with its currency field. */
export function moneyFromData(raw: string, currency: string | null, hint: MoneyHint = {}): Money | null {
  const code = currency && ISO.has(currency.toUpperCase()) ? currency.toUpperCase() : null;
  const text = raw.trim();
  // Machine-written: digits with at most one dot, as schema.org asks, and no more decimals than the
  // currency has ("24.990" in pesos, which have none, is a shop's thousands).
  const machine = /^\d+(?:\.(\d+))?$/.exec(text);
  if (machine && (machine[1]?.length ?? 0) <= minorUnits(code))
    return { kind: 'money', amount: Number(text), currency: code };
  const printed = findMoney(text, { ...hint, currency: code ?? hint.currency ?? null })[0];
  if (printed) return { ...printed.money, currency: code ?? printed.money.currency };
  const number = /\d[\d.,'\s]*/.exec(text)?.[0]?.trim();
  const amount = number ? parseAmount(number, code) : null;
  return amount === null ? null : { kind: 'money', amount, currency: code };
}

/**
 * The currency a sign stands for: an ISO code itself; a sign only one currency uses; a shared sign
 * ("$") as the page's own currency when it is one of the sign's, else its most common one.
 * `undefined` when the letters are not a currency at all.
 */
function currencyOf(sign: string, hint: MoneyHint): string | null | undefined {
  const upper = sign.toUpperCase();
  // ISO codes are written in capitals: "all 5 items" is not 5 Albanian lek.
  if (/^[A-Z]{3}$/.test(upper) && !SYMBOLS.has(sign.toLowerCase()))
    return sign === upper && ISO.has(upper) ? upper : undefined;
  const options = SYMBOLS.get(sign.toLowerCase());
  if (!options) return undefined;
  if (options.length === 1) return options[0]!;
  const pageCurrency =
    hint.currency?.toUpperCase() ??
    (hint.country ? (countryToCurrency as Record<string, string>)[hint.country.toUpperCase()] : undefined);
  if (pageCurrency && options.includes(pageCurrency)) return pageCurrency;
  return options[0]!;
}

/** Digits with grouping and decimal marks, read as shops write them. */
export function parseAmount(raw: string, currency: string | null): number | null {
  const text = raw.replace(/[\s\u00a0\u202f'’]/g, '');
  if (!/^\d[\d.,]*$/.test(text)) return null;
  const lastDot = text.lastIndexOf('.');
  const lastComma = text.lastIndexOf(',');
  let decimal: '.' | ',' | null = null;
  if (lastDot >= 0 && lastComma >= 0) decimal = lastDot > lastComma ? '.' : ',';
  else if (lastDot >= 0 || lastComma >= 0) {
    const mark = lastDot >= 0 ? '.' : ',';
    const repeats = text.indexOf(mark) !== text.lastIndexOf(mark);
    const digitsAfter = text.length - text.lastIndexOf(mark) - 1;
    // One mark before exactly three digits groups thousands ("24.990", "1,299"), unless the currency
    // has three decimals; a currency without decimals never has a decimal mark.
    const grouping =
      repeats || (digitsAfter === 3 && minorUnits(currency) !== 3) || minorUnits(currency) === 0;
    decimal = grouping ? null : mark;
  }
  const normalized =
    decimal === null
      ? text.replace(/[.,]/g, '')
      : text.replace(decimal === '.' ? /,/g : /\./g, '').replace(decimal, '.');
  const value = Number(normalized);
  return Number.isFinite(value) ? value : null;
}

/** Decimals a currency is written with (ISO 4217 minor units, as Intl knows them). */
export function minorUnits(currency: string | null): number {
  if (!currency) return 2;
  try {
    return (
      new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ??
      2
    );
  } catch {
    return 2;
  }
}

/** As the page's readers write it ("£48.99", "119,01 €", "$3.340" in Chile); amount and code otherwise. */
export function formatMoney(money: Money, locale: string | null): string {
  if (!money.currency) return String(money.amount);
  try {
    return new Intl.NumberFormat(locale ?? 'en', { style: 'currency', currency: money.currency }).format(
      money.amount,
    );
  } catch {
    return `${money.amount} ${money.currency}`;
  }
}
