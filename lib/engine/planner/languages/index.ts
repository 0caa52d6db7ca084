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

// "Entrada: …", "Ausgabe: …": a line that labels what a run is given or returns.
const INPUT_LABEL = /(^|\n|[.;]\s+)(?:entradas?|entrées?|eingaben?|données d'entrée|datos de entrada)\s*:/gi;
const OUTPUT_LABEL = /(^|\n|[.;]\s+)(?:salidas?|sorties?|ausgaben?|résultats?|resultados?|ergebnisse?)\s*:/gi;

/** Date patterns in the letters of another language ("TT.MM.JJJJ", "AAAA-MM-JJ") in English letters. */
function englishDatePattern(text: string): string {
  return text.replace(
    /(?<![\p{L}\p{N}])((?:[DdTtJj]{2}|[YyAaJj]{4}))([./-])[Mm]{2}\2((?:[YyAaJj]{4}|[YyAaJj]{2}|[DdTtJj]{2}))(?![\p{L}\p{N}])/gu,
    (_, first: string, sep: string, last: string) => {
      const year = (part: string) =>
        part.length === 4 ? 'YYYY' : part.length === 2 && /[yaj]/i.test(part) ? 'YY' : 'DD';
      const a = first.length === 4 ? 'YYYY' : 'DD';
      const b = last.length === 4 ? 'YYYY' : a === 'YYYY' ? 'DD' : year(last);
      return `${a}${sep}MM${sep}${b}`;
    },
  );
}

// French asks by inversion: "la livraison est-elle gratuite ?" reads "the shipping is it free?".
const INVERTED = /(^|[.?!]\s*|,\s*|\band\s+)(the\s+[a-z' -]+?)\s+(is|are)\s+(?:it|they)\s+/gi;

// "Inhaber bzw. der Inhaberin", "le directeur ou la directrice": both genders read "the owner or the owner".
const BOTH_GENDERS = /\b((?:the\s+)?([a-z]+(?:\s+[a-z]+)?))\s+(?:or|and|\/)\s+(?:the\s+)?\2\b/gi;
// "prix à la bouteille", "precio a la hora": a price "to the" unit is a price per unit.
const PRICE_PER = /\b(prices?|costs?|rates?|fees?|tariffs?)\s+(?:to|at)\s+the\s+([a-z]+)\b/gi;
// Tokens split "+49" into "+ 49"; a dialling code stays one.
const SIGNED_NUMBER = /(?<![\p{L}\p{N}])\+\s+(\d)/gu;

/**
 * The English the rules read. `keep`: lowercase words that are names the reader knows (a task's own
 * field names): typed as they are, they name that field in any language ("location devrait être une liste").
 */
export function toEnglish(input: string, keep: ReadonlySet<string> = new Set()): EnglishText {
  const { language } = detectLanguage(input);
  if (language === 'en') return { language, text: input, knownNounPhrase: false };
  const text = englishDatePattern(input).replace(INPUT_LABEL, '$1Input:').replace(OUTPUT_LABEL, '$1Output:');
  const lex = lexicon(language);
  const segs = rewriteTokens(keepWords(tokenize(text), keep), lex).filter(
    (s) => s.kind !== 'punct' && s.kind !== 'break',
  );
  const knownNounPhrase =
    segs.some((s) => s.kind === 'noun') &&
    segs.every((s) => s.kind !== 'raw' && s.kind !== 'verb' && s.kind !== 'finite');
  const english = rewrite(text, lex, keep)
    .replace(INVERTED, '$1$3 $2 ')
    .replace(BOTH_GENDERS, '$1')
    .replace(SIGNED_NUMBER, '+$1')
    .replace(PRICE_PER, '$1 per $2');
  return { language, text: english, knownNounPhrase };
}
