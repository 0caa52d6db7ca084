// Phrase splitting and clean-up: sentences and bullet lines, enumerations ("X, Y as well as Z"),
// and the words around a field name ("the company's ... from their website, if available").

import type { OutputType } from '@/lib/contract/task-definition';
import { formatAside, joinFormat, takeFormat } from './format-words';
import { protectQuotes, unquote } from './quotes';
import { parseOutputType, TYPE_WORD_PATTERN } from './type-words';
import { agentNoun, eventTime, isPlace } from './agent-nouns';

export { protectQuotes, unquote } from './quotes';

const DOT = '\u0001';
const COMMA = '\u0002';
const AND = '\u0003';
const SLASH = '\u0004';

const BULLET = /^\s*(?:[-*•·▪–]|\d+[.)]|[a-z][.)])\s+/i;
const ABBREVIATION = /\b(?:e\.g|i\.e|etc|vs|approx|inc|ltd|corp|no)\./gi;

export interface Sentence {
  text: string;
  /** From a bullet line ("- Email"): a bullet names a field even without a verb. */
  bullet: boolean;
  /** A part of a ";"-separated run such as "name; founded year; HQ city": the parts name fields together. */
  semicolonRun?: number;
}

/** Lines, bullets, ";" and sentence ends; abbreviations such as "e.g." do not end a sentence. */
export function splitSentenceLines(text: string): Sentence[] {
  const out: Sentence[] = [];
  let runs = 0;
  for (const line of text.split(/\r?\n/)) {
    const bullet = BULLET.test(line);
    // A quoted example ("like \"Mon-Fri 9:00-18:00; Sat 9-13.\"") is never cut.
    const { text: quoted, restore } = protectQuotes(line.replace(BULLET, ''));
    const guarded = quoted.replace(ABBREVIATION, (m) => m.replace(/\./g, DOT));
    for (const chunk of guarded.split(/[.!?]+(?=\s|$)/)) {
      const parts = chunk.split(';');
      const run = parts.filter((p) => p.trim()).length > 1 ? (runs += 1) : undefined;
      for (const part of parts) {
        const sentence = restore(part.replace(new RegExp(DOT, 'g'), '.')).trim();
        if (sentence.length > 0) out.push({ text: sentence, bullet, ...(run ? { semicolonRun: run } : {}) });
      }
    }
  }
  return out;
}

export function splitSentences(text: string): string[] {
  return splitSentenceLines(text).map((s) => s.text);
}

/** Sentences with their end marks kept ("Is it remote? Add that."), for rules that read a question. */
export function splitKeepingEnds(text: string): string[] {
  return text
    .replace(ABBREVIATION, (m) => m.replace(/\./g, DOT))
    .split(/(?<=[?.!])\s+/)
    .map((s) => s.replace(new RegExp(DOT, 'g'), '.'));
}

// Compound names whose "and" is not an enumeration.
const PROTECTED_AND = [
  'terms and conditions',
  'products and services',
  'plans and pricing',
  'pricing and plans',
  'mergers and acquisitions',
  'research and development',
  'pros and cons',
  'q and a',
  'profit and loss',
  'first and last name',
  'opening and closing hours',
];
const PROTECTED_SLASH = new Set(['yes/no', 'and/or', 'true/false', 'twitter/x', 'x/twitter']);

/** Splits "name, price and URL", "A as well as B", "A plus B", "A & B", "email/phone" into items. */
export function splitEnumeration(text: string): string[] {
  const { text: quoted, restore } = protectQuotes(text);
  let guarded = quoted.replace(/\([^()]*\)/g, (m) =>
    m
      .replace(/,/g, COMMA)
      .replace(/\band\b/gi, AND)
      .replace(/\//g, SLASH),
  );
  for (const phrase of PROTECTED_AND) {
    const pattern = new RegExp(`\\b${phrase.replace(/ /g, '\\s+')}\\b`, 'gi');
    guarded = guarded.replace(pattern, (m) => m.replace(/\band\b/i, AND));
  }
  // "email/phone/address" splits; "yes/no", "twitter/x" do not. Repeated because matches overlap.
  for (let previous = ''; previous !== guarded;) {
    previous = guarded;
    guarded = guarded.replace(/\b([a-z-]+)\/([a-z-]+)\b/i, (m, a: string, b: string) =>
      PROTECTED_SLASH.has(m.toLowerCase()) || a.length < 3 || b.length < 3
        ? m.replace('/', SLASH)
        : `${a}, ${b}`,
    );
  }
  return guarded
    .split(
      /\s*(?:,|;|\s\/\s|\bas\s+well\s+as\b|\balong\s+with\b|\btogether\s+with\b|\bplus\b|\band\/or\b|\band\b|\s&\s|\s\+\s|\s*\|\s*)\s*/i,
    )
    .map((p) =>
      restore(p)
        .replace(new RegExp(COMMA, 'g'), ',')
        .replace(new RegExp(AND, 'g'), 'and')
        .replace(new RegExp(SLASH, 'g'), '/')
        .trim(),
    )
    .filter((p) => p.length > 0);
}

// Modifiers that share the noun after them: "the monthly and annual price" is two prices.
// prettier-ignore
const SHARED_MODIFIERS = new Set([
  'monthly', 'annual', 'yearly', 'weekly', 'daily', 'hourly', 'minimum', 'maximum', 'min', 'max', 'lowest', 'highest',
  'first', 'last', 'start', 'end', 'opening', 'closing', 'current', 'previous', 'net', 'gross', 'home', 'work',
]);

/** "monthly", "annual price" → "monthly price", "annual price"; "monthly price", "annual" likewise. */
export function shareNouns(items: readonly string[]): string[] {
  const out = [...items];
  // "precio mensual y anual" reads "monthly price and annual": the modifier after takes the noun before.
  for (let i = 1; i < out.length; i += 1) {
    const here = (out[i] ?? '').trim().replace(/^(?:the|a|an|their|its)\s+/i, '');
    const previous = (out[i - 1] ?? '').trim().split(/\s+/);
    if (!SHARED_MODIFIERS.has(here.toLowerCase()) || previous.length < 2) continue;
    if (!SHARED_MODIFIERS.has((previous[previous.length - 2] ?? '').toLowerCase())) continue;
    out[i] = `${out[i]} ${previous[previous.length - 1] ?? ''}`;
  }
  for (let i = out.length - 2; i >= 0; i -= 1) {
    const here = (out[i] ?? '').trim().replace(/^(?:the|a|an|their|its)\s+/i, '');
    const next = (out[i + 1] ?? '').trim().split(/\s+/);
    if (!SHARED_MODIFIERS.has(here.toLowerCase()) || next.length < 2) continue;
    if (!SHARED_MODIFIERS.has((next[next.length - 2] ?? '').toLowerCase())) continue;
    out[i] = `${out[i]} ${next[next.length - 1] ?? ''}`;
  }
  return out;
}

const LEADING =
  /^(?:(?:please|kindly|and|or|also|plus|then|approx\.?|approximate|approximately|roughly|estimated|as well as|along with|including|include|both|either|just|only|the|a|an|their|its|his|her|our|your|my|any|some|each|every|whole|entire|same|following|other|me|us)\s+)+/i;
const LEADING_ALL = /^(?:all|every)(?:\s+of)?\s+/i;
const LEADING_POSSESSIVE =
  /^(?:compan(?:y|ie)|business|organi[sz]ation|firm|brand|website|site|store|shop|page|startup|vendor|supplier|restaurant|hotel|person)(?:['’]s|s['’])\s+/i;
// "who the CEO is" → "CEO", "where they are headquartered" → "headquartered".
// "when the nonprofit's latest annual report was published" → "published date".
const WHEN_PARTICIPLE =
  /^when\s+(?:the|its|their|this)\s+(?:[a-z'’-]+\s+){1,4}(?:is|are|was|were)\s+((?:last|first|originally|officially)\s+)?([a-z]+(?:ed|en|wn|lt))$/i;
// "what does the startup do": what any subject does is its description.
const WHAT_DOES_DO =
  /^what\s+(?:does|do)\s+(?:the\s+[a-z]+(?:\s+[a-z]+)?|it|they|this\s+[a-z]+)\s+(?:actually\s+)?do$/i;
const EMBEDDED_QUESTION = [
  /^(?:who|what|which)\s+(?:the\s+|their\s+|its\s+)?(.+?)\s+(?:is|are|was|were)$/i,
  /^(?:where|when|how)\s+(?:they|it|he|she|the\s+\w+)\s+(?:is|are|was|were)\s+(.+)$/i,
  // "what payment options are available" → "payment options".
  /^(?:what|which)\s+(.+?)\s+(?:is|are)\s+(?:available|offered|listed|supported|accepted|provided|given|shown)$/i,
  // "what industry they are in", "which city it is based in" → "industry", "city".
  /^(?:what|which)\s+(.+?)\s+(?:they|it|he|she|the\s+\w+)\s+(?:is|are|was|were)\s+(?:in|based\s+in|located\s+in|part\s+of)$/i,
];
// "what year was the company founded" → "year the company was founded" (read as founded year).
const WHAT_NOUN_PASSIVE =
  /^(?:(?:in|on|at)\s+)?(?:what|which)\s+([a-z]+)\s+(was|were|is|are)\s+(.+?)\s+([a-z]+(?:ed|en|wn|lt|nt|ght))$/i;
const LEADING_QUESTION = [
  /^(?:what|which)\s+(?:is|are|was|were)\s+/i,
  /^who\s+(?:is|are|was|were)\s+/i,
  /^(?:when|where|how)\s+(?:is|are|was|were|did|does|do)\s+(?:it|they|he|she|this\s+\w+|the\s+(?:company|business|firm|organi[sz]ation|brand|product|site|website|restaurant|hotel|article|page|post|person|event))\s+/i,
  // "when was the book published": any subject before a lone participle ("published" → published date).
  /^(?:when|where)\s+(?:is|are|was|were)\s+(?:the|this|its|their)\s+[a-z]+\s+(?=[a-z]+(?:ed|en|wn|lt)$)/i,
];

const QUALIFIER_TAIL =
  /\s*,?\s*\b(?:if\s+(?:available|any|present|listed|possible|known|given|shown|mentioned|applicable|missing|none|not\s+found|not\s+available|not\s+listed|unavailable|empty|absent|unknown|not|so|needed|necessary|relevant|there\s+is\s+one|they\s+exist|it\s+exists|they\s+have\s+one|it\s+has\s+one|(?:they|it)\s+(?:list|lists|show|shows|give|gives|mention|mentions|publish|publishes|display|displays|have|has|provide|provides)\s+(?:them|it|one|any|those|that|this)|(?:it'?s|it\s+is|they'?re|they\s+are)\s+(?:listed|shown|given|mentioned|published|displayed|linked|provided|available|included|there|on\s+the\s+(?:site|page|website)))|where\s+(?:available|possible|listed|applicable)|when\s+(?:available|listed|present)|etc|and\s+so\s+on|and\s+more|or\s+similar|too|as\s+well|also|please|any\s*more|any\s+longer|from\s+now\s+on|going\s+forward|(?:just\s+|only\s+)?once(?:\s+(?:per|for\s+(?:each|every|the(?:\s+whole)?))\s+[a-z]+)?|only|anywhere|at\s+all|somewhere|on\s+(?:the|their|its)\s+(?:site|website)|(?<=[a-z0-9]\s)(?<!\b(?:is|are|was|were|be|been|get|gets|got)\s+)(?:that\s+(?:is|are)\s+)?(?:listed|shown|mentioned|displayed|published|provided)(?:\s+there)?)\s*[.!]*$/i;

const CONTEXT_NOUN =
  '(?:compan(?:y|ies)|business(?:es)?|organi[sz]ations?|firms?|brands?|startups?|vendors?|suppliers?|stores?|shops?|domains?|urls?|internet|web|it|them|input|target|lead|catalog(?:ue)?s?|(?:[a-z-]+\\s+){0,2}?(?:web\\s*sites?|sites?|home\\s*pages?|pages?|web\\s*pages?))';
// "number of pages" counts pages: the lookbehind keeps a count's "of X" from reading as page context.
const TRAILING_CONTEXT = new RegExp(
  `(?<!\\b(?:number|count|amount|quantity|total|no))\\s+(?:(?:that\\s+(?:is|are)\\s+|as\\s+)?(?:listed|found|shown|mentioned|published|displayed|given|stated|available|provided|visible)\\s+)?` +
    `(?:of|from|on|for|at|in|about|via|using|across|within|off)\\s+` +
    `(?:(?:a|an|the|their|its|his|her|each|every|this|that|any|given|target|our|your|said)\\s+)*` +
    `(?:[a-z-]+['’]s\\s+)?(?:(?:given|target|main|official|corporate|company|business|whole|entire|public)\\s+)*` +
    `${CONTEXT_NOUN}\\s*$`,
  'i',
);
const DONE_BY =
  /\s+(?:[a-z]+ed|won|made|sold|held|run|written|given)\s+by\s+(?:(?:the|a|an|their|its|this)\s+)?(?:compan(?:y|ies)|business|organi[sz]ation|firm|brand|vendor|store|shop|site|website|them|it)$/i;
const PAGE_REGION =
  /\s+(?:in|on|at|from)\s+(?:the\s+)?(?:footer|header|navigation|nav|menu|sidebar|top|bottom)\b.*$/i;
const TYPE_SUFFIX = new RegExp(
  `(?<!such)\\s+as\\s+(?:an?\\s+)?(?:(?:plain|simple|single|raw|pure|bare|whole|four-digit|\\d+-digit|comma-separated|separate)\\s+)*(${TYPE_WORD_PATTERN})(?:\\s+(?:value|field|type))?$`,
  'i',
);

const PER_PERIOD: Record<string, string> = {
  month: 'monthly',
  year: 'annual',
  annum: 'annual',
  week: 'weekly',
  day: 'daily',
  hour: 'hourly',
};

const MAX_ITEM = 300;

export interface CleanItem {
  text: string;
  /** Explicit type asked for: "(number)", "as a list". */
  typeHint?: OutputType;
  /** "all X" / "every X": a hint that several values are wanted. */
  all: boolean;
  /** Formatting guidance: "in international format" → "international format". */
  format?: string;
}

/** Strips determiners, possessives, qualifiers and page context from one enumerated item. */
export function cleanItem(raw: string): CleanItem {
  // A field name is a few words; long runs of text are not one, and are not worth the regex work.
  if (raw.length > MAX_ITEM) return { text: '', all: false };
  let typeHint: OutputType | undefined;
  let all = false;
  let format: string | undefined;
  let text = unquote(raw.replace(/\s+/g, ' ').trim()).replace(
    /\b(what|who|where|when|how)['’]s\b/gi,
    '$1 is',
  );
  text = text.replace(/\s*\(([^()]*)\)/g, (_m, inner: string) => {
    const type = parseOutputType(inner);
    if (type) {
      typeHint = type;
      return '';
    }
    // "(as a number, no currency)": a type word and guidance in one aside.
    const parts = inner.split(/\s*[,;]\s*/);
    const typed = parts.map((p) => parseOutputType(p)).find((t) => t !== undefined);
    if (typed && parts.length > 1) {
      typeHint = typed;
      const rest = parts.filter((p) => !parseOutputType(p)).join(', ');
      format = joinFormat(format, rest || undefined);
      return '';
    }
    // Asides never name the field itself; "(YYYY-MM-DD)" says how to write it, "(if any)" nothing.
    format = joinFormat(format, formatAside(inner));
    return '';
  });
  text = text.replace(/[?!.:;,]+$/, '').trim();
  const typed = TYPE_SUFFIX.exec(text);
  if (typed?.[1]) {
    typeHint = parseOutputType(typed[1]);
    text = text.slice(0, typed.index);
  }
  for (let previous = ''; previous !== text;) {
    previous = text;
    text = unquote(text);
    if (LEADING_ALL.test(text)) {
      all = true;
      text = text.replace(LEADING_ALL, '');
    }
    text = text.replace(LEADING, '').replace(LEADING_POSSESSIVE, '');
    const formatted = takeFormat(text);
    text = formatted.text;
    format = joinFormat(format, formatted.format);
    // "when is the conference" asks its date, "where is it held" its place.
    text = text
      .replace(
        /^when\s+(?:is|was|will)\s+(?:the\s+)?([a-z]+)(?:\s+(?:be\s+)?(?:held|happening|taking\s+place))?$/i,
        '$1 date',
      )
      .replace(
        /^where\s+(?:is|was|will)\s+(?:it|they|the\s+[a-z]+)\s+(?:be\s+)?(?:held|taking\s+place|happening)$/i,
        'location',
      )
      // "where is the headquarters" asks where it is: its location.
      .replace(
        /^where\s+(?:is|are)\s+(?:the|its|their)\s+([a-z]+(?:\s+(?![a-z]+(?:ed|en)$)[a-z]+)?)$/i,
        'location of the $1',
      );
    for (const q of LEADING_QUESTION) text = text.replace(q, '');
    text = text.replace(WHAT_NOUN_PASSIVE, '$1 $3 $2 $4');
    // "which languages are supported": a plural asked with "which" wants every one (a list).
    all ||= /^(?:what|which)\s+\S*[^s\s]s\s+are\b/i.test(text) && EMBEDDED_QUESTION.some((q) => q.test(text));
    text = text.replace(WHEN_PARTICIPLE, '$1$2 date').replace(WHAT_DOES_DO, 'what it does');
    for (const q of EMBEDDED_QUESTION) text = text.replace(q, '$1');
    // "who founded the company" is "who founded it": the researched thing is the object.
    text = eventTime(
      agentNoun(
        text.replace(
          /^(who|what)\s+([a-z]+)\s+(?:the|this|that|its|their)\s+((?:[a-z]+\s+)?[a-z]+)$/i,
          (m, wh: string, verb: string, thing: string) => (isPlace(thing) ? `${wh} ${verb} it` : m),
        ),
      ),
    );
    // "price per month for the basic plan" is the basic plan's monthly price.
    text = text.replace(
      /^([a-z]+)\s+(?:per|a|each)\s+(month|year|annum|week|day|hour)\b/i,
      (_m, head: string, period: string) => `${PER_PERIOD[period.toLowerCase()] ?? period} ${head}`,
    );
    text = text
      .replace(QUALIFIER_TAIL, '')
      .replace(PAGE_REGION, '')
      .replace(TRAILING_CONTEXT, '')
      .replace(DONE_BY, '');
    // After the qualifiers ("link to it if so"): "links to their LinkedIn and Twitter profiles": the profiles' URLs.
    text = text.replace(/^links?\s+to\s+(?:the\s+|their\s+|its\s+|our\s+)?(.+)$/i, '$1 url');
    text = text.replace(/[?!.:;,]+$/, '').trim();
  }
  const typed2 = TYPE_SUFFIX.exec(text);
  if (typed2?.[1] && !typeHint) {
    // "price in USD as a number": the type word may follow the guidance.
    typeHint = parseOutputType(typed2[1]);
    text = text.slice(0, typed2.index);
  }
  return { text, all, ...(typeHint ? { typeHint } : {}), ...(format ? { format } : {}) };
}
