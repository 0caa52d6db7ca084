// Accent- and case-insensitive keys: analysts type "Grundungsjahr", "Gruendungsjahr" or
// "Gründungsjahr", "electronico" or "electrónico"; all of them must find the same glossary entry.

const GERMAN_DIGRAPHS: ReadonlyArray<[RegExp, string]> = [
  [/ae/g, 'a'],
  [/oe/g, 'o'],
  [/ue/g, 'u'],
];

/** Lowercase, without diacritics; "ß" is "ss", "œ" is "oe". */
export function fold(text: string): string {
  return text
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .replace(/œ/g, 'oe')
    .replace(/æ/g, 'ae')
    .replace(/’/g, "'")
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '');
}

/**
 * The matching key of a word. German "ä" may be typed "ae", so for German both the glossary and
 * the input drop that second letter; applying the same rule on both sides keeps keys comparable.
 */
export function wordKey(word: string, german: boolean): string {
  const folded = fold(word);
  if (!german) return folded;
  let key = folded;
  for (const [pattern, replacement] of GERMAN_DIGRAPHS) key = key.replace(pattern, replacement);
  return key;
}
