// The language layer of the offline planner: a German, French or Spanish description or
// instruction is detected and rewritten into the plain English the rule-based planner reads.
// English text passes through unchanged.

import { detectLanguage, type DetectedLanguage } from './detect';
import { lexicon } from './lexicon';
import { rewrite } from './rewrite';
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

export function toEnglish(text: string): EnglishText {
  const { language } = detectLanguage(text);
  if (language === 'en') return { language, text, knownNounPhrase: false };
  const lex = lexicon(language);
  const segs = rewriteTokens(tokenize(text), lex).filter((s) => s.kind !== 'punct' && s.kind !== 'break');
  const knownNounPhrase =
    segs.some((s) => s.kind === 'noun') &&
    segs.every((s) => s.kind !== 'raw' && s.kind !== 'verb' && s.kind !== 'finite');
  return { language, text: rewrite(text, lex), knownNounPhrase };
}
