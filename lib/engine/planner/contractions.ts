// "what's the excess?", "whether they're ISO certified": the question words and subject pronouns
// the rules read in full. "company's" (a possessive) is left alone.

const CONTRACTIONS: ReadonlyArray<[RegExp, string]> = [
  [/\b(what|who|where|when|how|which)['’]s\b/gi, '$1 is'],
  [/\b(what|who|where|when|how|which)['’]re\b/gi, '$1 are'],
  [/\b(they|we|you)['’]re\b/gi, '$1 are'],
];

export function expandContractions(text: string): string {
  return CONTRACTIONS.reduce((t, [pattern, replacement]) => t.replace(pattern, replacement), text);
}
