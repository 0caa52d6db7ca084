// The language layer of the offline planner: a German, French or Spanish description or
// instruction is detected and rewritten into the plain English the rule-based planner reads.
// English text passes through unchanged.

import { detectLanguage, type DetectedLanguage } from './detect';
import { lexicon } from './lexicon';
import { rewrite } from './rewrite';

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
}

export function toEnglish(text: string): EnglishText {
  const { language } = detectLanguage(text);
  if (language === 'en') return { language, text };
  return { language, text: rewrite(text, lexicon(language)) };
}
