// Formatting guidance inside a field phrase: "phone number in international format", "price in
// USD", "summary as one short phrase", "date (YYYY-MM-DD)". The guidance becomes the output's
// `format`; it never becomes part of the field's name.

const CURRENCIES =
  'usd|eur|gbp|chf|jpy|cny|cad|aud|nzd|sek|nok|dkk|pln|czk|inr|brl|mxn|zar|sgd|hkd|krw|try|rub|' +
  '(?:us\\s+|american\\s+|canadian\\s+|australian\\s+)?dollars?|euros?|pounds?(?:\\s+sterling)?|yen|swiss\\s+francs?|francs?';

const SHAPES =
  '(?:(?:one|a|an|a\\s+single|single|two|three|\\d+(?:\\s*-\\s*\\d+)?)\\s+)?(?:(?:short|brief|concise|plain|single|full|complete|numbered)\\s+)*' +
  '(?:phrase|sentence|sentences|word|words|paragraph|summary|bullet\\s+points?|bullets|digits|keyword|keywords|string)';

const FORMAT_TAILS: readonly RegExp[] = [
  // "in international format", "in E.164 format", "using the ISO 8601 standard"
  /\s+(?:in|using|with|following|per)\s+((?:the\s+|an?\s+)?[\w.+/-]+(?:\s+[\w.+/-]+){0,3}?\s+(?:format|form|notation|style|standard|convention))$/i,
  /\s+formatted\s+(?:as|like|in|using)\s+(.+)$/i,
  /\s+(?:in|using|with|following)\s+(?:the\s+|this\s+)?(?:format|form|notation|pattern)\s+(.+)$/i,
  new RegExp(`\\s+(?:in|as)\\s+((?:${CURRENCIES}))$`, 'i'),
  new RegExp(`\\s+in\\s+((?:thousands|millions|billions)(?:\\s+of\\s+(?:${CURRENCIES}))?)$`, 'i'),
  new RegExp(`\\s+(?:as|in)\\s+(${SHAPES}(?:\\s+or\\s+(?:less|fewer))?)$`, 'i'),
  /\s+(?:in|as)\s+((?:lower|upper|title|sentence)\s*case|iso\s*8601(?:\s+date)?|iso\s+dates?|yyyy-mm-dd|dd[./-]mm[./-]yyyy|mm[./-]dd[./-]yyyy|e\.164|24-hour\s+time|plain\s+text|a\s+percentage|percent)$/i,
  /\s+(?:with|including)\s+(?:the\s+|its\s+|their\s+)?((?:international\s+)?(?:country|area|dialling|dialing)\s+code|currency(?:\s+code|\s+symbol)?|https?|protocol)$/i,
  /\s+(?:in|within|under|of)\s+((?:at\s+most\s+|max(?:imum)?\s+|up\s+to\s+)?(?:\d+|one|two|three|five|ten)\s+(?:sentences?|words?|characters?)(?:\s+or\s+(?:less|fewer))?)$/i,
  /\s+(?:without|excluding|minus)\s+((?:the\s+)?(?:currency(?:\s+symbol)?|country\s+code|spaces|dashes|protocol|https?|www|tax|vat))$/i,
  // "opening hours written on one line like \"Mon-Fri 9-18\"", "hours expressed in 24-hour time"
  /\s+(?:written|given|expressed|shown|put)\s+((?:on|in|as|like|with|without|using)\s+.+)$/i,
  /\s+((?:on|in|as)\s+(?:one|a\s+single|a|single)\s+(?:short\s+)?(?:line|row)\b(?!\s+(?:per|for|each)\b).*)$/i,
  // "country as a two-letter ISO code", "currency in ISO 4217 code"
  /\s+(?:as|in)\s+((?:an?\s+)?(?:(?:two|three|2|3)[-\s]letters?\s+)?iso(?:\s+\d{4})?(?:[-\s]\d)?\s+(?:country\s+|currency\s+)?codes?(?:\s+(?:with|of|to)\s+(?:two|three|2|3)\s+letters)?|(?:an?\s+)?(?:two|three|2|3)[-\s]letters?\s+(?:country\s+)?codes?)$/i,
  // "phone number with +49 in front", "brands comma-separated"
  /\s+((?:with|starting\s+with|beginning\s+with|prefixed\s+(?:with|by))\s+\+\s*\d.*)$/i,
  /\s+((?:comma|semicolon|semi-colon|pipe|line)[\s-]*(?:separated|delimited))$/i,
  // A quoted example: "opening hours like \"Mon-Fri 9-18\"".
  /\s+((?:like|such\s+as|e\.g\.?,?|for\s+example,?)\s+["“„«].+)$/i,
];

// An aside such as "(YYYY-MM-DD)", "(international format)" or "(1-2 sentences)" says how to write
// the value; "(Twitter)" or "(if any)" do not.
const FORMAT_ASIDE =
  /\b(?:format|formatted|yyyy|mm|dd|iso|e\.164|sentences?|words?|characters?|digits|international|currency|usd|eur|gbp|lower\s*case|upper\s*case|percent|percentage|e\.g\.?|for\s+example|like)\b|\+\d/i;

/** Splits trailing formatting guidance off a field phrase. */
export function takeFormat(text: string): { text: string; format?: string } {
  for (const pattern of FORMAT_TAILS) {
    const m = pattern.exec(text);
    const format = m?.[1]?.trim().replace(/^the\s+/i, '');
    // "whether each product is in stock": after a copula the phrase is what is asked, not a format.
    if (m && /\b(?:is|are|was|were|be|being)\s*$/i.test(text.slice(0, m.index))) continue;
    // "phone number always in the format +49 …": the adverb belongs to the guidance.
    const field = text
      .slice(0, m?.index ?? 0)
      .replace(/\s+(?:always|please|strictly|consistently|ideally)$/i, '');
    if (m && format && m.index > 0) return { text: field.trim(), format };
  }
  return { text };
}

/** The guidance in a parenthesised aside, or undefined when the aside is not about formatting. */
export function formatAside(inner: string): string | undefined {
  const text = inner.trim();
  if (!text || /^(?:if|when|where|optional|required|not)\b/i.test(text)) return undefined;
  return FORMAT_ASIDE.test(text) ? text : undefined;
}

/** Joins two pieces of guidance given for one field. */
export function joinFormat(a: string | undefined, b: string | undefined): string | undefined {
  if (!a) return b;
  if (!b || a === b) return a;
  return `${a}; ${b}`;
}

/**
 * "main topic, as one short phrase": an enumerated item that is only guidance belongs to the item
 * before it, so it becomes that field's format instead of a field of its own.
 */
export function attachFormatItems(items: readonly string[]): string[] {
  const out: string[] = [];
  for (const item of items) {
    const probe = takeFormat(`value ${item.trim().replace(/[.!?]+$/, '')}`);
    const previous = out[out.length - 1];
    if (previous !== undefined && probe.format && probe.text === 'value') {
      out[out.length - 1] = `${previous} ${item.trim()}`;
    } else {
      out.push(item);
    }
  }
  return out;
}
