// Finds the parts of a sentence that say what to extract: the objects of "find", "extract",
// "I need", "what is"…, skipping navigation ("visit the site", "go to the careers page").

import { protectQuotes } from './quotes';

// prettier-ignore
const EXTRACT_VERBS = [
  'find out', 'figure out', 'work out', 'look into', 'ascertain', 'wonder', 'find', 'extract', 'get', 'collect', 'gather', 'return', 'list', 'identify', 'determine', 'capture',
  'pull out', 'pull', 'scrape', 'grab', 'fetch', 'look up', 'lookup', 'look for', 'search for', 'retrieve', 'research',
  'check', 'tell me', 'give me', 'show me', 'get me', 'find me', 'send me', 'show', 'output', 'include', 'obtain', 'discover', 'locate',
  'want to know', 'want', 'need', 'would like', 'know', 'see', 'verify', 'confirm', 'provide', 'summarize',
  'summarise', 'detect', 'enrich with', 'what is', 'what are', 'who is', 'who are', 'record', "i'd like", "we'd like",
  "i'd love", 'like to know', 'like to see', 'give', 'tell', 'report', 'note down',
];
// prettier-ignore
const NAV_VERBS = [
  'visit', 'go to', 'open', 'browse', 'navigate to', 'crawl', 'read', 'start at', 'start from', 'look at', 'look on',
  'use', 'go through', 'scan', 'search', 'look', 'click', 'go',
];

const escape = (v: string): string => v.replace(/\s+/g, '\\s+');
const NAV = new Set(NAV_VERBS);
const ALL_VERBS = [...EXTRACT_VERBS, ...NAV_VERBS].sort((a, b) => b.length - a.length);
// "return policy", "list price", "search engine": the verb is really part of a noun.
const NOUN_COMPOUND =
  '(?!\\s+(?:polic(?:y|ies)|prices?|of\\b|label|dates?|times?|engines?|results?|requests?|department|team|shipping|address|rates?|window|and\\s+development|papers?|case|info\\b))';
// "a task that finds the CEO", "goes to the site": third-person forms count too (single words only).
const VERB_RE = new RegExp(`\\b(${ALL_VERBS.map(escape).join('|')})((?:e?s)?)\\b${NOUN_COMPOUND}`, 'gi');

// A verb counts when it starts a clause: after punctuation or these words.
const CLAUSE_STARTERS = new Set(
  'and then also please to i we you can could should must will would just or me let lets kindly first next finally that which who'.split(
    ' ',
  ),
);

interface VerbHit {
  verb: string;
  start: number;
  end: number;
}

function verbHits(sentence: string): VerbHit[] {
  const hits: VerbHit[] = [];
  for (const m of sentence.matchAll(VERB_RE)) {
    const before = sentence.slice(0, m.index).trimEnd();
    const prev = /(\S+)$/.exec(before)?.[1]?.toLowerCase();
    // "From each dealer's site grab the brands": a fronted place ends where the verb begins.
    const afterPlace =
      /\b(?:from|on|at|for|of)\s+(?:each|every|the|their|its|a|this|that)\s+[a-z'’ -]*?(?:site|website|page|homepage|profile)$/i.test(
        before,
      ) || /^\s*(?:for|from|of)\s+(?:each|every)\s+[a-z'’-]+(?:\s+[a-z'’-]+)?$/i.test(before);
    const startsClause =
      prev === undefined || /[,;:.(!?]$/.test(prev) || CLAUSE_STARTERS.has(prev) || afterPlace;
    if (!startsClause) continue;
    // "how many days do customers have to return items": the infinitive belongs to the question.
    if (/\b(?:do|does|did|will)\s+\S.*\bhave\s+to$/i.test(before)) continue;
    if (m[2] && /\s/.test(m[1] ?? '')) continue;
    hits.push({
      verb: (m[1] ?? '').toLowerCase().replace(/\s+/g, ' '),
      start: m.index,
      end: m.index + m[0].length,
    });
  }
  return hits;
}

const SEARCH_FOR = /\bfor\s+(.+)$/i;
const PAGE_FOR =
  /^(?:the\s+|their\s+|its\s+|a\s+)?(?:company\s+)?(?:website|site|web\s*page|page|homepage)\s+(?:for|to\s+(?:find|see|get))\s+(.+)$/i;

// A heading's colon, not a time's ("9:00") or a ratio's.
const HEADING_COLON = /(?<!\d):|:(?!\d)/;

function afterColon(text: string): string {
  const m = HEADING_COLON.exec(text);
  return m ? text.slice(m.index + 1) : text;
}

function trimJoiners(text: string): string {
  return text
    .replace(/^[\s,;:]+/, '')
    .replace(/[\s,;]*(?:\band\b|\bthen\b|\balso\b|\bor\b)?[\s,;]*$/i, '')
    .trim();
}

export interface ExtractionObject {
  text: string;
  /** Asked for with a verb or after a colon: unknown noun phrases in it become custom outputs. */
  explicit: boolean;
}

const CHECK_FOR = /^\s*for\s+(?:an?\s+|any\s+)?(.+)$/i;
const QUESTION_START = /^(?:what|who|where|when|which|how|does|do|is|are|can|whether)\b/i;

/** The texts of one sentence that name outputs; a verb-less sentence is one object itself. */
export function extractionObjects(text: string): ExtractionObject[] {
  // A quoted example ("like \"Mon-Fri 9:00-18:00\"") holds no verb and no heading.
  const { text: sentence, restore } = protectQuotes(text);
  const hits = verbHits(sentence);
  const out: ExtractionObject[] = [];
  const push = (part: string, explicit: boolean): void => {
    const t = restore(trimJoiners(part));
    if (t) out.push({ text: t, explicit });
  };
  const first = hits[0];
  const prefix = first ? sentence.slice(0, first.start) : sentence;
  // Text before the first verb counts when it is a question or a "heading: list"; otherwise it is
  // context such as "For each company,".
  const heading = HEADING_COLON.test(prefix);
  if (!first || heading || QUESTION_START.test(prefix.trim())) {
    push(afterColon(prefix), heading);
  }
  hits.forEach((hit, i) => {
    const object = sentence.slice(hit.end, hits[i + 1]?.start ?? sentence.length);
    if (NAV.has(hit.verb)) {
      // "search the site for the CEO's name": the target follows "for".
      const target = ['search', 'look', 'scan'].includes(hit.verb) ? SEARCH_FOR.exec(object)?.[1] : undefined;
      if (target) push(target, true);
      return;
    }
    // "check for ISO 27001 certification" asks whether there is one.
    const presence = ['check', 'verify'].includes(hit.verb) ? CHECK_FOR.exec(object)?.[1] : undefined;
    if (presence) return push(`is there ${presence}`, true);
    push(afterColon(PAGE_FOR.exec(trimJoiners(object))?.[1] ?? object), true);
  });
  return out;
}
