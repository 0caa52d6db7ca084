// The language layer of the offline planner: a German, French or Spanish description or
// instruction is detected and rewritten into the plain English the rule-based planner reads.
// English text passes through unchanged.

import { detectLanguage, type DetectedLanguage } from './detect';
import { lexicon } from './lexicon';
import { keepWords, rewrite } from './rewrite';
import { rewriteTokens } from './segments';
import { tokenize } from './tokens';

export type { DetectedLanguage } from './detect';
export { detectLanguage } from './detect';

export const LANGUAGE_NAMES: Record<DetectedLanguage, string> = {
  en: 'English',
  de: 'German',
  fr: 'French',
  es: 'Spanish',
};

export interface EnglishText {
  language: DetectedLanguage;
  /** The text the planner reads: the input itself when it is English. */
  text: string;
  /** A noun phrase made only of glossary words, with no verb ("Das Hauptthema des Artikels"). */
  knownNounPhrase: boolean;
}

/**
 * `keep`: lowercase words that are names the reader knows (a task's own field names): typed as they
 * are, they name that field in any language ("location devrait être une liste").
 */
export function toEnglish(text: string, keep: ReadonlySet<string> = new Set()): EnglishText {
  const { language } = detectLanguage(text);
  if (language === 'en') return { language, text, knownNounPhrase: false };
  const lex = lexicon(language);
  const segs = rewriteTokens(keepWords(tokenize(text), keep), lex).filter(
    (s) => s.kind !== 'punct' && s.kind !== 'break',
  );
  const knownNounPhrase =
    segs.some((s) => s.kind === 'noun') &&
    segs.every((s) => s.kind !== 'raw' && s.kind !== 'verb' && s.kind !== 'finite');
  return { language, text: rewrite(text, lex, keep), knownNounPhrase };
}
