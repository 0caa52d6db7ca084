// Column-header names: the short snake_case name a person would put at the top of a spreadsheet
// column for a phrase ("year the company was founded" → founded_year, "number of words in the
// article" → word_count, "name of their data protection officer" → data_protection_officer_name).
// The rewritten phrase is also matched against the known fields, so "year the company was founded"
// finds founded_year itself.

import { ESTABLISHMENT_NOUNS } from './establishments';
import { singular, toIdentifier, words } from './names';

/** A column header has at most this many words. */
export const MAX_HEADER_WORDS = 4;

// Determiners and pronouns never belong in a header.
const DETERMINERS = new Set(
  'a an the their its his her our your my this that these those each every any some they it he she which what whose'.split(
    ' ',
  ),
);

// Nouns for the thing one run researches: "of the article", "in the book" add nothing to a header.
// prettier-ignore
const SUBJECT_NOUNS = new Set([
  'article', 'post', 'blog', 'page', 'webpage', 'book', 'product', 'job', 'posting', 'listing', 'event', 'recipe',
  'property', 'company', 'business', 'organization', 'organisation', 'firm', 'website', 'site', 'homepage', 'course',
  'video', 'podcast', 'episode', 'paper', 'report', 'document', 'story', 'profile', 'item', 'restaurant', 'hotel',
  'conference', 'school', 'university', 'store', 'shop', 'brand', 'startup', 'vendor',
]);

// Heads that name an attribute of something else: "name of the CEO" reads "CEO name" as a header.
// prettier-ignore
const ATTRIBUTE_HEADS = new Set([
  'name', 'email', 'phone', 'number', 'address', 'title', 'date', 'year', 'day', 'time', 'location', 'url', 'link',
  'website', 'price', 'cost', 'fee', 'size', 'age', 'city', 'country', 'logo', 'description', 'count', 'type',
  'status', 'amount', 'value', 'rate', 'length', 'duration', 'height', 'width', 'weight', 'capacity', 'language',
  'author', 'owner', 'topic', 'summary', 'total', 'percentage', 'share', 'score', 'rating', 'version', 'id', 'code',
  'category', 'level', 'source', 'image', 'photo', 'headline', 'salary', 'budget', 'revenue', 'deadline', 'currency',
  'genre', 'format', 'color', 'colour', 'brand', 'model', 'material', 'distance', 'speed', 'volume', 'temperature',
]);

// Qualifiers that say how to look, not what the value is; dropped from headers.
// prettier-ignore
const FILLER = new Set([
  'official', 'exact', 'actual', 'current', 'currently', 'full', 'complete', 'specific', 'detailed', 'overall', 'listed',
  'displayed', 'stated', 'given', 'available', 'mentioned', 'shown', 'single', 'one', 'just', 'only', 'precise',
  'correct', 'relevant', 'respective', 'corresponding', 'approximate', 'estimated',
]);

// Modifiers that only say "the usual one": dropped when an owner says which one ("for applications").
const GENERIC = new Set(['contact', 'main', 'general', 'primary', 'official', 'default', 'standard']);

const PREPOSITIONS = new Set(
  'of in on at for from by with about per to into within across over under via'.split(' '),
);

const BE = '(?:was|were|is|are|got|gets|has\\s+been|have\\s+been|had\\s+been)';
// "year (that) the company was (first) founded", "date it was last updated".
const PARTICIPLE_CLAUSE = new RegExp(
  `^(.+?)\\s+(?:(?:that|when|which|in\\s+which|on\\s+which)\\s+)?(?:[a-z0-9]+\\s+){0,3}?${BE}\\s+(?:(first|last|originally|initially)\\s+)?([a-z]+(?:ed|en|wn|lt|nt|ght|un|ung))$`,
);
const COUNT_LEAD = /^(?:total\s+)?(?:number|count|no|quantity|amount)\s+of\s+(.+)$/;
const HOW_MANY =
  /^how\s+many\s+(.+?)(?:\s+(?:do|does|did|are|is|has|have|were|was|they|it|he|she|we|you|there)\b.*)?$/;
// "how long the free trial is", "how long the contract runs for": the thing's length.
const HOW_LONG =
  /^how\s+long\s+(?:is\s+|does\s+|do\s+)?(?:the\s+|their\s+|its\s+|a\s+)?(.+?)(?:\s+(?:is|are|lasts?|runs?|takes?|goes)(?:\s+for)?)?$/;

/**
 * The header form of a phrase, as space-separated words, without the length cap: determiners and
 * subject words dropped, "X of Y" turned round, "number of X" as "X count", "year X was founded"
 * as "founded year". `subjectNoun` is what the task researches ("article").
 */
export function headerPhrase(phrase: string, subjectNoun?: string): string {
  const subject = new Set(subjectNoun ? words(subjectNoun).map(singular) : []);
  const isSubject = (ws: readonly string[]): boolean =>
    ws.length > 0 &&
    ws.length <= 3 &&
    ws.every(
      (w) =>
        subject.has(singular(w)) || SUBJECT_NOUNS.has(singular(w)) || ESTABLISHMENT_NOUNS.has(singular(w)),
    );
  // "press contact email address" → "press contact email": "address" adds nothing after "email".
  return rewrite(
    dropInputReference(dropPronounClause(dropCoverage(words(phrase)))).filter((w) => !DETERMINERS.has(w)),
    isSubject,
  )
    .join(' ')
    .replace(/\bemail addresses\b/g, 'emails')
    .replace(/\bemail address\b/g, 'email');
}

const LENGTH_WORDS = new Set(['short', 'brief', 'quick', 'concise', 'long', 'detailed']);
const CLAUSE_SUBJECTS = new Set(['they', 'it', 'he', 'she', 'we', 'you']);
const QUESTION_WORDS = new Set(['what', 'how', 'when', 'where', 'who', 'which', 'whether', 'if', 'why']);

/** "summary of what they do", "note on how to apply": the clause says what the value covers. */
function dropCoverage(tokens: string[]): string[] {
  const at = tokens.findIndex(
    (w, i) => i > 0 && ['of', 'about', 'on'].includes(w) && QUESTION_WORDS.has(tokens[i + 1] ?? ''),
  );
  return at > 0 ? tokens.slice(0, at) : tokens;
}

/** "languages they speak" → "languages": a clause about the noun is not part of its header. */
function dropPronounClause(tokens: string[]): string[] {
  if (QUESTION_WORDS.has(tokens[0] ?? '')) return tokens;
  // Only after a noun ("languages", "the brand") and before a verb that is not "was"/"is" ("the year
  // it was founded" is read by the participle rule); "make it better" has no noun before "it".
  const noun = (i: number) => {
    const w = tokens[i] ?? '';
    return singular(w) !== w || (i > 0 && DETERMINERS.has(tokens[i - 1] ?? '') && !CLAUSE_SUBJECTS.has(w));
  };
  // "the total revenue it reports": a short clause closing a phrase of two words or more.
  const closing = (i: number) => i >= 2 && tokens.length - i - 1 <= 2;
  const at = tokens.findIndex(
    (w, i) =>
      i > 0 &&
      i < tokens.length - 1 &&
      CLAUSE_SUBJECTS.has(w) &&
      (noun(i - 1) || closing(i)) &&
      !/^(?:was|were|is|are|has|have|had|got|gets|be|been|will|would|can|could)$/.test(tokens[i + 1] ?? ''),
  );
  return at > 0 ? tokens.slice(0, at) : tokens;
}

const POINTING = new Set(['that', 'this', 'these', 'those', 'each', 'given', 'respective', 'said']);

/**
 * "local phone number there", "deadline for that programme", "office in that country": a pointer back
 * to the row's input says which one, not what the value is.
 */
function dropInputReference(tokens: string[]): string[] {
  let out = tokens;
  if (out.length > 1 && /^(?:there|here)$/.test(out[out.length - 1] ?? '')) out = out.slice(0, -1);
  for (let i = out.length - 2; i >= 1 && i >= out.length - 4; i -= 1) {
    if (PREPOSITIONS.has(out[i] ?? '') && POINTING.has(out[i + 1] ?? '')) return out.slice(0, i);
  }
  return out;
}

function rewrite(tokens: string[], isSubject: (ws: readonly string[]) => boolean): string[] {
  const text = tokens.join(' ');
  const count = COUNT_LEAD.exec(text) ?? HOW_MANY.exec(text);
  if (count?.[1]) {
    const thing = ownerFirst(rewrite(count[1].split(' '), isSubject));
    if (thing.length > 0) return [...singularAll(thing), 'count'];
  }
  const long = HOW_LONG.exec(text);
  if (long?.[1] && words(long[1]).length <= 3) return [...rewrite(long[1].split(' '), isSubject), 'length'];
  const clause = PARTICIPLE_CLAUSE.exec(text);
  if (clause?.[1] && clause[3]) {
    const head = rewrite(clause[1].split(' '), isSubject);
    const when = clause[2] === 'last' ? ['last'] : [];
    if (head.length > 0 && head.length <= 2) return [...when, clause[3], ...head];
  }
  // A trailing "in the article", "of the company", "on their website" names the subject: drop it.
  for (let i = tokens.length - 2; i > 0; i -= 1) {
    if (!PREPOSITIONS.has(tokens[i] ?? '')) continue;
    const tail = tokens.slice(i + 1);
    if (!isSubject(tail)) continue;
    const head = tokens.slice(0, i);
    // "date of the event" keeps the subject word: a lone "date" says too little.
    if (tokens[i] === 'of' && head.length === 1 && ATTRIBUTE_HEADS.has(singular(head[0] ?? ''))) {
      return [...singularAll(tail), ...head];
    }
    return rewrite(head, isSubject);
  }
  // "name of the data protection officer" → "data protection officer name".
  const of = tokens.indexOf('of');
  if (of > 0 && of < tokens.length - 1) {
    const head = tokens.slice(0, of);
    const owner = tokens.slice(of + 1);
    const last = singular(head[head.length - 1] ?? '');
    if (head.length <= 2 && owner.length <= 3 && ATTRIBUTE_HEADS.has(last) && !owner.includes('of')) {
      // "short summary of the plot" → "plot summary": how long it is goes to the guidance, not the name.
      return [...singularAll(owner), ...head.filter((w, i) => i === head.length - 1 || !LENGTH_WORDS.has(w))];
    }
    // "date of opening of the exhibition": the owner turned round first ("exhibition opening").
    if (head.length <= 2 && ATTRIBUTE_HEADS.has(last) && owner.includes('of')) {
      const flipped = rewrite(owner, isSubject);
      const at = flipped.indexOf('of');
      // "opening of exhibition" → "exhibition opening", whatever the inner head is.
      const inner =
        at === 1 && flipped.length - at - 1 <= 2
          ? [...flipped.slice(at + 1), ...flipped.slice(0, at)]
          : flipped;
      if (inner.length <= 3 && !inner.includes('of')) return [...singularAll(inner), ...head];
    }
  }
  // "discount for students" → "student discount".
  const forAt = tokens.indexOf('for');
  if (forAt > 0 && tokens.length - forAt - 1 <= 2 && forAt <= 2) {
    const owner = tokens.slice(forAt + 1);
    // "contact email for applications" → "application email": the owner says more than "contact".
    const head = tokens.slice(0, forAt);
    const specific = head.length > 1 ? head.filter((w, i) => i === head.length - 1 || !GENERIC.has(w)) : head;
    if (owner.every((w) => !PREPOSITIONS.has(w))) return [...singularAll(owner), ...specific];
  }
  return tokens;
}

/** "people in the team" → "team people", "offices in Europe" → "Europe offices". */
function ownerFirst(tokens: readonly string[]): string[] {
  const at = tokens.findIndex((w, i) => i > 0 && PREPOSITIONS.has(w));
  if (at < 0 || tokens.length - at - 1 > 2 || tokens.length - at - 1 === 0) return [...tokens];
  return [...tokens.slice(at + 1), ...tokens.slice(0, at)];
}

/** Modifier nouns are singular in English compounds: "case studies URL" → "case study URL". */
function singularAll(tokens: readonly string[]): string[] {
  return tokens.map(singular);
}

/** Cuts a header to at most four words, dropping fillers, then prepositions, then the words farthest from the head. */
export function capHeader(tokens: readonly string[], subjectNoun?: string): string[] {
  let out = [...tokens];
  const subject = new Set(subjectNoun ? words(subjectNoun) : []);
  // "article word count": the subject prefix adds nothing once there is something else.
  while (out.length > 2 && subject.has(out[0] ?? '')) out = out.slice(1);
  // "total word count" is the word count.
  if (out[out.length - 1] === 'count') out = out.filter((w, i) => i === out.length - 1 || w !== 'total');
  if (out.length > 1) {
    const kept = out.filter((w) => !FILLER.has(w));
    if (kept.length > 0) out = kept;
  }
  // "latest release version of the open source project": a head of two words or more says what the
  // value is; the owner after "of" only says whose, so it goes first when the header is too long.
  const of = out.indexOf('of');
  if (out.length > MAX_HEADER_WORDS && of >= 2) out = out.slice(0, of);
  if (out.length > MAX_HEADER_WORDS) {
    const kept = out.filter((w, i) => i === 0 || !PREPOSITIONS.has(w));
    if (kept.length > 0) out = kept;
  }
  if (out.length > MAX_HEADER_WORDS) out = out.slice(out.length - MAX_HEADER_WORDS);
  while (out.length > 1 && PREPOSITIONS.has(out[0] ?? '')) out = out.slice(1);
  // "president name name": a word said twice in a row is said once.
  return out.filter((w, i) => w !== out[i - 1]);
}

/** The snake_case column header for a phrase: at most four words, '' when it holds no letters. */
export function headerName(phrase: string, subjectNoun?: string): string {
  return toIdentifier(
    capHeader(headerPhrase(phrase, subjectNoun).split(' ').filter(Boolean), subjectNoun).join(' '),
  );
}

/** Caps an existing identifier-like text at four words the same way ("offers_free_trial_for_students"). */
export function capName(name: string): string {
  return toIdentifier(capHeader(words(name)).join(' '));
}
