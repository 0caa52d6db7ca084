import data from './derived-fields.json';
import { hasPhrase } from './vocabulary';

// Indexes derived-fields.json: which fields ask for a count over the main content, and which for
// the page's topics. Matching is by whole folded words, as for the property vocabulary.

export type CountUnit = 'words' | 'characters' | 'paragraphs' | 'sentences' | 'images' | 'links' | 'headings';
export type TopicRole = 'about' | 'keywords' | 'section';

export interface TopicsAsked {
  /** The word of the vocabulary the field asked with ("main topic", "tags"). */
  word: string;
  /** A single value ("main topic", "category") rather than all of them ("keywords"). */
  isOne: boolean;
  /** Roles of keyword data to answer from, best first. */
  prefer: TopicRole[];
}

const counts = data.counts;
const flat = (byLanguage: Record<string, string[]>) => [...new Set(Object.values(byLanguage).flat())];

const UNITS = (Object.entries(counts.units) as [CountUnit, Record<string, string[]>][]).map(
  ([unit, words]) => [unit, flat(words)] as const,
);
const ASKING = flat(counts.asking);
const COMPOUNDS = Object.entries(counts.compounds) as [CountUnit, string[]][];
const OTHER_SCOPES = counts.other_scopes;
const UNIT_WINDOW = 3;

/** Words separated by single spaces: "mots-clés", "nombre d'images", "¿cuántas imágenes?". */
function words(folded: string): string {
  return folded.replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
}

/**
 * The unit a field asks to count over the main content ("number of words", "word count", "Anzahl
 * der Bilder"); null for counts of anything else ("how many employees") or of another part of the
 * page ("words in the title").
 */
export function countAsked(folded: string): CountUnit | null {
  const text = words(folded);
  if (OTHER_SCOPES.some((s) => hasPhrase(text, s))) return null;
  for (const [unit, phrases] of COMPOUNDS) if (phrases.some((p) => hasPhrase(text, p))) return unit;
  // The unit follows the asking words closely ("number of the words", "Anzahl der Bilder"): in "how
  // many people are in the photos" the count is of something else.
  const tokens = text.split(' ');
  for (const asking of ASKING) {
    const asked = asking.split(' ');
    for (let i = 0; i + asked.length <= tokens.length; i++) {
      if (!asked.every((w, k) => tokens[i + k] === w)) continue;
      const after = tokens.slice(i + asked.length, i + asked.length + UNIT_WINDOW).join(' ');
      for (const [unit, unitWords] of UNITS) if (unitWords.some((w) => hasPhrase(after, w))) return unit;
    }
  }
  return null;
}

const TOPIC_WORDS = Object.entries(data.topics.asked)
  .map(([word, spec]) => ({
    word,
    isOne: 'one' in spec && spec.one === true,
    prefer: spec.prefer as TopicRole[],
  }))
  .sort((a, b) => b.word.length - a.word.length);
const FILLER = new Set(data.topics.filler);

/**
 * What a field asks about the page's topics, when that is all it asks: "main topic of the article",
 * "Tags", "Product category". A field with other content words ("Which section covers returns?",
 * "price tag") is a question about something else.
 */
export function topicsAsked(folded: string, terms: readonly string[]): TopicsAsked | null {
  const text = words(folded);
  const found = TOPIC_WORDS.find((t) => hasPhrase(text, t.word));
  if (!found) return null;
  const topicWords = new Set(TOPIC_WORDS.flatMap((t) => t.word.split(' ')));
  const isAll = terms.flatMap((t) => words(t).split(' ')).every((t) => topicWords.has(t) || FILLER.has(t));
  return isAll ? found : null;
}

const sources = data.topics.sources;
export const TOPIC_JSON_LD_PATHS: ReadonlyMap<string, TopicRole> = new Map(
  Object.entries(sources['json-ld']) as [string, TopicRole][],
);
export const TOPIC_META_KEYS: ReadonlyMap<string, TopicRole> = new Map(
  Object.entries(sources.meta).filter(([k]) => !k.startsWith('$')) as [string, TopicRole][],
);
/** Entities whose keywords are not the page's own (the publisher's, the site's, a picture's). */
export const NOT_THE_PAGE: ReadonlySet<string> = new Set(sources.not_the_page);
