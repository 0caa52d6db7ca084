// Which language a planner text is in: German, French, Spanish or English.
//
// Planner texts are often five words long ("entferne die Telefonnummer"), where general
// language-ID packages guess poorly (and none is installed: node_modules has no franc, cld or
// tinyld, and new packages cannot be added). Function words and the task words of each glossary
// are far more telling on such texts: every word that is typical of a language counts for it,
// letters only one language uses (ß, ñ, ç) add to that, and English wins any tie, so an English
// text is never rewritten by mistake.

import { fold } from './fold';
import { GLOSSARIES, keysOf, type Language } from './lexicon';
import { tokenize } from './tokens';

export type DetectedLanguage = Language | 'en';

// prettier-ignore
const ENGLISH = [
  'the', 'and', 'of', 'for', 'each', 'every', 'with', 'find', 'extract', 'get', 'give', 'list', 'return', 'also', 'their',
  'its', 'a', 'an', 'what', 'is', 'are', 'to', 'from', 'remove', 'rename', 'add', 'make', 'should', 'be', 'all', 'company',
  'website', 'email', 'phone', 'number', 'price', 'name', 'address', 'me', 'please', 'as', 'on', 'per', 'page', 'title',
  'author', 'date', 'year', 'founded', 'ceo', 'employees', 'count', 'how', 'many', 'does', 'do', 'which', 'who', 'where',
  'when', 'whether', 'drop', 'delete', 'include', 'replace', 'change', 'set', 'instead', 'column', 'field', 'output', 'it',
  'this', 'that', 'by', 'or', 'not', 'no', 'longer', 'need', 'want', 'i', 'we', 'main', 'short', 'single', 'topic', 'job',
  'jobs', 'speakers', 'books', 'reviews', 'opening', 'hours', 'social', 'profiles', 'data', 'protection', 'officer',
  'compliance', 'mention', 'about', 'into', 'type', 'products', 'product', 'plans', 'pricing', 'monthly', 'words',
  'published', 'publication', 'headquarters', 'job', 'salary', 'location', 'rating', 'event', 'events', 'contact', 'details',
  'there', 'any', 'they', 'them', 'his', 'her', 'has', 'have', 'was', 'were', 'will', 'can', 'could', 'would', 'you', 'your',
  'our', 'my', 'into', 'than', 'then', 'only', 'just', 'at', 'if', 'too', 'well', 'up', 'out', 'look', 'check', 'collect',
  'capture', 'keep', 'show', 'tell', 'provide', 'number', 'phone', 'international', 'format', 'numbers', 'official', 'full',
];

// prettier-ignore
const ENGLISH_VERBS = new Set([
  'find', 'extract', 'get', 'give', 'list', 'return', 'remove', 'rename', 'add', 'make', 'change', 'replace', 'delete',
  'drop', 'include', 'set', 'collect', 'capture', 'show', 'check', 'scrape', 'look', 'tell', 'provide', 'turn', 'convert',
]);

interface Profile {
  language: DetectedLanguage;
  /** Imperatives and other verbs of the glossary: a short instruction is often a verb and an English field name. */
  verbs: ReadonlySet<string>;
  strong: ReadonlySet<string>;
  weak: ReadonlySet<string>;
  letters: RegExp;
}

function glossaryWords(language: Language): Set<string> {
  const words = new Set<string>();
  for (const table of Object.values(GLOSSARIES[language].phrases)) {
    for (const [phrase, en] of Object.entries(table ?? {})) {
      const keys = keysOf(phrase, false);
      // "links", "LinkedIn", "tags", "logo": spelled the same in English, so no evidence either way.
      if (keys[0] === keysOf(en, false)[0]) continue;
      // Multi-word phrases are characteristic word by word only through their first word.
      if (keys[0] && keys[0].length > 2) words.add(keys[0]);
    }
  }
  return words;
}

const englishSet = new Set(ENGLISH.map(fold));

function profile(language: Language, letters: RegExp): Profile {
  const file = GLOSSARIES[language];
  const strong = new Set(file.markers.strong.map((w) => keysOf(w, false).join(' ')));
  const weak = new Set([
    ...file.markers.weak.map((w) => keysOf(w, false).join(' ')),
    ...glossaryWords(language),
  ]);
  const verbs = new Set(Object.keys(file.phrases.verb ?? {}).map((v) => keysOf(v, false)[0] ?? ''));
  for (const word of englishSet) {
    weak.delete(word);
    verbs.delete(word);
  }
  return { language, verbs, strong, weak, letters };
}

const PROFILES: Profile[] = [
  profile('de', /[äöüß]/g),
  profile('fr', /[çœèêëàâîïôûù«»]|\b[ldjnsc]['’][aeiouhéè]/gi),
  profile('es', /[ñ¿¡áíóú]/g),
];

export interface Detection {
  language: DetectedLanguage;
  scores: Record<DetectedLanguage, number>;
}

export function detectLanguage(text: string): Detection {
  const words = tokenize(text)
    .filter((t) => t.kind === 'word')
    .map((t) => fold(t.raw));
  const scores: Record<DetectedLanguage, number> = { en: 0, de: 0, fr: 0, es: 0 };
  for (const word of words) if (englishSet.has(word)) scores.en += 2;
  // Instructions open with their verb ("renombra email a …"): the first word weighs more.
  const first = words[0] ?? '';
  if (ENGLISH_VERBS.has(first)) scores.en += 2;
  // Quoted values and identifiers are left out: a German query inside an English edit is still English.
  const prose = tokenize(text)
    .filter((t) => t.kind !== 'kept')
    .map((t) => t.raw)
    .join(' ');
  for (const p of PROFILES) {
    let score = 0;
    for (const word of words) {
      score += (p.strong.has(word) ? 2 : p.weak.has(word) ? 1 : 0) + (p.verbs.has(word) ? 1 : 0);
    }
    score += 1.5 * (prose.match(p.letters)?.length ?? 0);
    if (p.verbs.has(first)) score += 2;
    scores[p.language] = score;
  }
  let best: DetectedLanguage = 'en';
  for (const language of ['de', 'fr', 'es'] as const) {
    if (scores[language] > scores[best]) best = language;
  }
  return { language: best, scores };
}
