// List-shaped tasks: one row per item found on the page ("for each product list name and price",
// "all job openings with title and location"). Per-input phrasings ("for each company, find …")
// are not lists: a batch already runs the task once per company.

import { joinAnaphoricList } from './anaphoric-list';
import { isPageNote, rowsAreInputs } from './list-rows';
import {
  ALL_WITH,
  EACH_HEADING,
  EACH_OWNS,
  EACH_ROW,
  FOR_EACH,
  FOR_EACH_BOUNDARY,
  HEADING,
  LEADING_VERB,
  NOUN_LIST,
  OF_EACH,
  PAREN_COLUMNS,
  PAREN_THEN,
  PLURAL_WITH,
  ROW_PER,
  THEIR_PLURAL,
  TRAILING_EACH,
  VERB_EACH,
  VERB_EVERY_END,
  VERB_WITH,
} from './list-patterns';

import { planPhrase } from './fields';
import type { PhraseContext, PlannedOutput } from './planned-output';
import { attachFormatItems } from './format-words';
import { singular, toIdentifier, words } from './names';
import { cleanItem, shareNouns, splitEnumeration, splitSentences } from './phrases';
import { lookupBundle, lookupField } from './vocabulary';
import { isAcceptableToken, STOP_WORDS } from './word-checks';

export interface ListShape {
  /** Singular item noun: "job opening". */
  item: string;
  /** The enumeration of columns ("title and location"); may be empty. */
  columns: string;
  /** "the products and their prices": a name column comes first. */
  addName: boolean;
  /** The rest of the text, still to be read for navigation or more columns. */
  rest: string;
  /** The words before the list phrase in its own sentence ("the conference name and date, and"). */
  lead?: string;
}

// Items that mean "each input", not "each thing on the page".
const PER_INPUT = new Set(
  'company business website site domain url row input record lead organization organisation firm brand account entry line page link homepage one of them'.split(
    ' ',
  ),
);
const META = new Set(
  'field column output value attribute detail thing need requirement info information data point result'.split(
    ' ',
  ),
);
const URLISH = new Set(['url', 'link', 'website', 'domain', 'site', 'homepage']);

/** The singular item noun, or undefined when the phrase is not a plausible row item. */
export function listItem(raw: string, rowsFollow = false, explicitRows = false): string | undefined {
  const text = cleanItem(raw).text;
  const tokens = words(text);
  if (tokens.length === 0 || tokens.length > 4) return undefined;
  if (!tokens.every(isAcceptableToken)) return undefined;
  if (tokens.every((t) => PER_INPUT.has(singular(t)) || STOP_WORDS.has(t))) return undefined;
  // "Fields: email, phone" names outputs, not rows.
  if (META.has(singular(tokens[tokens.length - 1] ?? ''))) return undefined;
  if (URLISH.has(singular(tokens[tokens.length - 1] ?? ''))) return undefined;
  // "all contact details including email" names fields, not rows.
  if (lookupBundle(text)) return undefined;
  // "all locations with city and address" are rows; "the phone number with the area code" is a field.
  const last = tokens[tokens.length - 1] ?? '';
  const plural = singular(last) !== last;
  const known = lookupField(text);
  if (
    known &&
    (known.group === 'social' || (known.type !== 'list' && !((plural || explicitRows) && rowsFollow)))
  )
    return undefined;
  return [...tokens.slice(0, -1), singular(tokens[tokens.length - 1] ?? '')].join(' ');
}

// Words that start a qualifier after the item noun: where it is ("on the careers page"), what it is
// for ("for rent"), or a clause about it ("that the academy offers").
const QUALIFIER_START = new Set(
  'on in at from for to of that which who whose offered available listed posted published shown currently they it we'.split(
    ' ',
  ),
);

/** "job postings on the job board" → "job postings": the item without its qualifier. */
function cutQualifier(item: string): string {
  // "branch/depot": the first of two names for one item.
  const tokens = item
    .trim()
    .replace(/\/[a-z'’-]+/gi, '')
    .split(/\s+/);
  const at = tokens.findIndex((w, i) => i > 0 && QUALIFIER_START.has(w.toLowerCase()));
  return at > 0 ? tokens.slice(0, at).join(' ') : item;
}

interface SentenceShape {
  item: string;
  columns: string;
  addName: boolean;
  prefix: string;
}

function matchSentence(sentence: string): SentenceShape | undefined {
  // "For each chain, the email once per site, then a row for every store": the row said outright wins.
  const explicit = ROW_PER.exec(sentence);
  if (explicit?.[2]) {
    const item = listItem(cutQualifier(explicit[2]), true, true);
    if (item) return { item, columns: explicit[3] ?? '', addName: false, prefix: explicit[1] ?? '' };
  }
  const forEach = FOR_EACH.exec(sentence);
  if (forEach?.[1]) {
    const tail = forEach[1];
    const boundary = FOR_EACH_BOUNDARY.exec(tail);
    // "for every location: address, phone": with columns named, the rows are explicit.
    const item = listItem(
      cutQualifier(boundary ? tail.slice(0, boundary.index) : tail),
      Boolean(boundary),
      Boolean(boundary),
    );
    if (item) {
      const columns = boundary
        ? tail.slice(boundary.index + boundary[0].length).replace(LEADING_VERB, '')
        : '';
      const prefix = sentence.slice(0, forEach.index);
      // "Extract name, price and SKU for each product on the page": the columns come first.
      if (!columns.trim() && (LEADING_VERB.test(prefix.trim()) || splitEnumeration(prefix).length > 1)) {
        return { item, columns: prefix.trim().replace(LEADING_VERB, ''), addName: false, prefix: '' };
      }
      return { item, columns, addName: false, prefix };
    }
  }
  const trailing = TRAILING_EACH.exec(sentence);
  if (trailing?.[2] && trailing[3]) {
    // "the price of each plan as a number": the guidance after the item belongs to the columns.
    const guidance = /\s+(?:as|in|without|formatted|using)\s+.*$/i.exec(trailing[3]);
    const item = listItem(guidance ? trailing[3].slice(0, guidance.index) : trailing[3]);
    const columns = `${trailing[2]}${guidance?.[0] ?? ''}`;
    if (item) return { item, columns, addName: false, prefix: trailing[1] ?? '' };
  }
  // "Name of each product, its price and a link": verb-less, the first column before the item.
  const ofEach = OF_EACH.exec(sentence);
  if (ofEach?.[1] && ofEach[2] && words(ofEach[1]).length <= 4) {
    const item = listItem(ofEach[2], true, true);
    const columns = [ofEach[1], ofEach[3] ?? ''].filter((c) => c.trim()).join(', ');
    if (item) return { item, columns, addName: false, prefix: '' };
  }
  for (const pattern of [ALL_WITH, VERB_WITH]) {
    const m = pattern.exec(sentence);
    if (!m?.[2] || !m[3] || m[4] === undefined) continue;
    // "find the sales director and their phone": "their" stands for one person (or thing) named in
    // the singular, whose own attribute follows; only a plural ("the products and their prices") has rows.
    const last = words(m[2]).at(-1) ?? '';
    if (pattern === VERB_WITH && /^and\s/i.test(m[3]) && singular(last) === last) continue;
    // "each employee with …", "all courses with …": the determiner says the rows are items.
    const item = listItem(cutQualifier(m[2]), true, pattern === ALL_WITH);
    if (item)
      return {
        item,
        columns: m[4],
        addName: /^(?:and|plus)\b/i.test(m[3]) || /^(?:their|its)\b/i.test(m[4]),
        prefix: m[1] ?? '',
      };
  }
  const nounList = NOUN_LIST.exec(sentence);
  if (nounList?.[2] && nounList[3]) {
    const item = listItem(nounList[2], true, true);
    if (item) return { item, columns: nounList[3], addName: false, prefix: nounList[1] ?? '' };
  }
  const paren = PAREN_COLUMNS.exec(sentence);
  if (paren?.[2] && paren[3] && splitEnumeration(paren[3]).length >= 2) {
    const last = words(paren[2]).at(-1) ?? '';
    const item = singular(last) !== last ? listItem(paren[2], true) : undefined;
    if (item) return { item, columns: paren[3], addName: false, prefix: paren[1] ?? '' };
  }
  const parenThen = PAREN_THEN.exec(sentence);
  if (parenThen?.[2] && parenThen[3] && parenThen[4] && splitEnumeration(parenThen[3]).length >= 2) {
    const last = words(parenThen[2]).at(-1) ?? '';
    const item = singular(last) !== last ? listItem(parenThen[2], true) : undefined;
    const prefix = `${parenThen[1] ?? ''} ${parenThen[4]}`.trim();
    if (item) return { item, columns: parenThen[3], addName: false, prefix };
  }
  const pluralWith = PLURAL_WITH.exec(sentence);
  if (pluralWith?.[1] && pluralWith[3] && splitEnumeration(pluralWith[3]).length >= 2) {
    const last = words(pluralWith[1]).at(-1) ?? '';
    const item = singular(last) !== last ? listItem(pluralWith[1], true) : undefined;
    if (item) return { item, columns: pluralWith[3], addName: false, prefix: '' };
  }
  const their = THEIR_PLURAL.exec(sentence);
  if (their?.[1] && their[4]) {
    const last = words(their[1]).at(-1) ?? '';
    const item = singular(last) !== last ? listItem(their[1], true) : undefined;
    if (item) return { item, columns: their[4], addName: true, prefix: '' };
  }
  const owns = EACH_OWNS.exec(sentence);
  if (owns?.[2] && owns[3]) {
    const item = listItem(owns[2], true, true);
    if (item) return { item, columns: owns[3], addName: false, prefix: owns[1] ?? '' };
  }
  const each = VERB_EACH.exec(sentence);
  if (each?.[2] && each[3]) {
    const item = listItem(cutQualifier(each[2]), true);
    if (item) return { item, columns: each[3], addName: false, prefix: each[1] ?? '' };
  }
  const everyEnd = VERB_EVERY_END.exec(sentence);
  if (everyEnd?.[2]) {
    // "Find all email addresses" asks for one field of several values, not rows.
    const item = listItem(cutQualifier(everyEnd[2]));
    if (item) return { item, columns: '', addName: false, prefix: everyEnd[1] ?? '' };
  }
  const eachHeading = EACH_HEADING.exec(sentence);
  if (eachHeading?.[1] && eachHeading[2]) {
    const item = listItem(cutQualifier(eachHeading[1]), true, true);
    if (item) return { item, columns: eachHeading[2], addName: false, prefix: '' };
  }
  // "the customer logos on the homepage: company names": where the rows are is not the rows' name, and
  // one plural column ("company names") agrees with plural rows as well as two columns do.
  const heading = HEADING.exec(sentence.replace(PLACE_BEFORE_COLON, ''));
  if (heading?.[1] && heading[2] && (splitEnumeration(heading[2]).length >= 2 || pluralColumn(heading[2]))) {
    const head = cutQualifier(heading[1]);
    const last = words(head).at(-1) ?? '';
    const item = singular(last) !== last ? listItem(head, true) : undefined;
    if (item) return { item, columns: heading[2], addName: false, prefix: '' };
  }
  const eachRow = EACH_ROW.exec(sentence);
  if (eachRow?.[2]) {
    const item = listItem(eachRow[2], true, true);
    if (item) return { item, columns: eachRow[3] ?? '', addName: false, prefix: eachRow[1] ?? '' };
  }
  return undefined;
}

const PLACE_BEFORE_COLON =
  /\s+(?:on|from|in)\s+(?:the|their|its)\s+(?:home\s*page|website|site|(?:[a-z]+\s+)?page)(?=\s*[:\u2013\u2014])/i;

// A single column that names each row ("company names") is plural with the rows.
const NAMING_COLUMNS = new Set(['name', 'title', 'url', 'link', 'email', 'address']);

function pluralColumn(columns: string): boolean {
  const last = words(columns.replace(/\s+only\s*$/i, '')).at(-1) ?? '';
  return singular(last) !== last && NAMING_COLUMNS.has(singular(last));
}

/** The list shape a text asks for, or undefined for a single-result task. */
export function detectListShape(text: string): ListShape | undefined {
  const sentences = joinAnaphoricList(splitSentences(text));
  for (let i = 0; i < sentences.length; i += 1) {
    const shape = matchSentence(sentences[i] ?? '');
    if (!shape || rowsAreInputs(shape.item, sentences[i] ?? '', text)) continue;
    let columns = shape.columns.trim();
    let following = sentences.slice(i + 1);
    // "For each product extract:" followed by bullet lines: the bullets are the columns.
    if (!columns && following.length > 0) {
      columns = following.join(', ');
      following = [];
    }
    const prefix = isPageNote(shape.prefix) ? '' : shape.prefix;
    const before = sentences.slice(0, i).filter((s) => !isPageNote(s));
    const rest = [...before, prefix, ...following].filter((s) => s.trim()).join('. ');
    const lead = prefix.trim();
    return { item: shape.item, columns, addName: shape.addName, rest, ...(lead ? { lead } : {}) };
  }
  return undefined;
}

const IDENTIFYING = new Set(['name', 'title', 'job_title', 'address', 'url', 'email', 'website']);

const OUTSIDE_COLUMNS = /,\s*(?:plus|also|as\s+well\s+as|and\s+also|along\s+with)\s+/i;
const OWNED = /^(?:the\s+|their\s+|its\s+|a\s+|an\s+)?([a-z][a-z-]*)['’]s\s+/i;

/**
 * The row columns of a list shape, deduplicated; a name column first when asked for and missing.
 * With `pageCtx`, a column owned by something other than the rows ("dishes with their prices and
 * the restaurant's opening hours") is asked once for the page (scope task).
 */
export function planColumns(
  columns: string,
  addName: boolean,
  ctx: PhraseContext,
  pageCtx?: PhraseContext,
): PlannedOutput[] {
  const planned: PlannedOutput[] = [];
  const rowNoun = words(ctx.subject.noun).at(-1) ?? '';
  // "offices with city and country, plus the main phone": after the comma, "plus" coordinates with
  // the list itself, not inside its "with" phrase, so what follows is asked once for the page.
  const plus = pageCtx ? OUTSIDE_COLUMNS.exec(columns) : null;
  const rowColumns = plus ? columns.slice(0, plus.index) : columns;
  const pageItems = plus ? splitEnumeration(columns.slice(plus.index + plus[0].length)) : [];
  for (const item of [...shareNouns(attachFormatItems(splitEnumeration(rowColumns))), ...pageItems]) {
    const owner = OWNED.exec(item.trim())?.[1]?.toLowerCase();
    const once =
      pageCtx !== undefined &&
      (pageItems.includes(item) || (owner !== undefined && singular(owner) !== rowNoun));
    // "with the plan name and its price": a row's name typed with its noun keeps it (plan_name).
    const typedName = new RegExp(`^(?:the\\s+|its\\s+|their\\s+)?${rowNoun}\\s+(name|title)$`, 'i').exec(
      item.trim(),
    );
    for (const planned0 of planPhrase(item, { ...(once ? pageCtx : ctx), allowCustom: true })) {
      const planned1 =
        typedName?.[1] && !once && planned0.output.name === typedName[1].toLowerCase()
          ? {
              ...planned0,
              output: { ...planned0.output, name: `${toIdentifier(rowNoun)}_${planned0.output.name}` },
            }
          : planned0;
      const p = once ? planned1 : oneValue(planned1);
      if (planned.some((q) => q.output.name === p.output.name)) continue;
      planned.push(once ? { ...p, output: { ...p.output, scope: 'task' } } : p);
    }
  }
  // "all products with their prices": rows need something naming the item too; an address, a
  // title or a link already tells the rows apart ("all stores with their address and hours").
  const named = planned.some((p) => IDENTIFYING.has(p.output.name) || p.output.name.endsWith('_name'));
  if (addName && !named) planned.unshift(...planPhrase('name', { ...ctx, allowCustom: true }));
  return planned;
}

/** "plans and their monthly prices": each row has one monthly price, so the column is singular. */
function oneValue(p: PlannedOutput): PlannedOutput {
  if (p.output.type === 'list' || lookupField(p.output.name)) return p;
  const parts = p.output.name.split('_');
  const last = parts[parts.length - 1] ?? '';
  if (singular(last) === last) return p;
  return { ...p, output: { ...p.output, name: [...parts.slice(0, -1), singular(last)].join('_') } };
}

/**
 * Whether a phrase added to a list task is about each row ("whether each product is in stock",
 * "the price of every plan") rather than the page ("the store's email"). Edits can use it too.
 */
export function asksPerRow(sentence: string, item: string): boolean {
  // "… once per site" asks once for the page.
  if (/\bonce\s+(?:per|for)\b/i.test(sentence)) return false;
  if (/\b(?:each|every|per)\b/i.test(sentence)) return true;
  const noun = words(item).at(-1);
  return noun !== undefined && words(sentence).some((w) => singular(w) === noun);
}
