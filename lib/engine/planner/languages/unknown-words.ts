// Words no glossary or vocabulary entry reads as typed. Before such a word is kept as it is, two
// readings a linguist would try first: its masculine (dictionary) form, since the vocabulary lists a
// noun or adjective once ("directrice" is "directeur", "energética" is "energético"), and its English
// cognate by a regular suffix correspondence ("électrique" → "electric", "orientación" → "orientation").

import { single, type Entry, type Lexicon } from './lexicon';

/** The entry of a feminine form, found through its masculine form (after an optional plural ending). */
export function masculineForm(key: string, lex: Lexicon): { entry: Entry; key: string } | undefined {
  const stems = [
    key,
    ...lex.pluralEndings.filter((e) => key.endsWith(e)).map((e) => key.slice(0, -e.length)),
  ];
  for (const stem of stems) {
    for (const [feminine, masculine] of lex.genderEndings) {
      if (!stem.endsWith(feminine) || stem.length - feminine.length < 3) continue;
      const base = `${stem.slice(0, -feminine.length)}${masculine}`;
      const entry = single(base, lex);
      if (entry && (entry.kind === 'noun' || entry.kind === 'word')) return { entry, key: base };
    }
  }
  return undefined;
}

/**
 * The English cognate of a word by its suffix, for words long enough that the stem carries the meaning;
 * `adjective` when the suffix makes an adjective (placed before its noun in English).
 */
export function cognate(key: string, lex: Lexicon): { en: string; adjective: boolean } | undefined {
  for (const { from, to, adjective } of lex.cognates) {
    if (!key.endsWith(from) || key.length - from.length < 4) continue;
    return { en: `${key.slice(0, -from.length)}${to}`, adjective };
  }
  return undefined;
}
