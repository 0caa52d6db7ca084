// Tokens of a planner text. Quoted strings, URLs, e-mail addresses and snake_case identifiers are
// single "kept" tokens: they are names and values the analyst typed on purpose and are never
// translated. Hyphens only separate words ("E-Mail-Adresse" and "E-Mail Adresse" match alike).

export type TokenKind = 'word' | 'kept' | 'punct' | 'break';

export interface Token {
  kind: TokenKind;
  /** The text as typed. */
  raw: string;
  /** Whitespace (or a hyphen) came before it in the source. */
  spaced: boolean;
  /** A hyphen joined it to the word before ("Firmen-Website"): the two are one compound. */
  hyphened?: boolean;
}

// Order matters: the first alternative that matches at a position wins.
const PATTERNS: ReadonlyArray<[TokenKind, string]> = [
  // Quotes opened after a space or at the start, closed before a space, punctuation or the end.
  // A bullet at the start of a line: bullet lines are field lists to the planner.
  ['punct', `(?<=^|\n)[ \t]*[-*•](?=[ \t])`],
  [
    'kept',
    `"[^"\\n]*"|“[^”\\n]*”|„[^“”\\n]*[“”]|«[^»\\n]*»|‘[^’\\n]*’|(?<![\\p{L}\\p{N}])'[^'\\n]*'(?![\\p{L}\\p{N}])|\`[^\`\\n]*\``,
  ],
  ['kept', `(?:https?:\\/\\/|www\\.)[^\\s"'<>]+[^\\s"'<>.,;:!?)]`],
  ['kept', `[\\p{L}\\p{N}._%+-]+@[\\p{L}\\p{N}.-]+\\.[\\p{L}]{2,}`],
  // snake_case or a dotted domain ("example.com"): identifiers, not words.
  [
    'kept',
    `[\\p{L}\\p{N}]+(?:_[\\p{L}\\p{N}]+)+|[\\p{L}\\p{N}-]+(?:\\.[\\p{L}\\p{N}-]+)*\\.(?:com|org|net|io|de|fr|es|co|uk|eu|ch|at|be)\\b`,
  ],
  // A date pattern ("TT.MM.JJJJ", "AAAA-MM-JJ", "DD/MM/YYYY") is one value, spelled in English by toEnglish.
  [
    'kept',
    `(?:[DdTtJj]{2}|[YyAaJj]{4})(?:\\.[Mm]{2}\\.|\\/[Mm]{2}\\/|-[Mm]{2}-)(?:[YyAaJj]{4}|[YyAaJj]{2}|[DdTtJj]{2})(?![\\p{L}\\p{N}])`,
  ],
  // French and Italian elision: "l'adresse" is "l'" + "adresse".
  ['word', `(?:[ldjmnstcLDJMNSTC]|[qQ]u|[jJ]usqu|[lL]orsqu|[pP]uisqu)['’](?=[\\p{L}]|$)`],
  ['word', `[\\p{L}\\p{N}]+(?:['’][\\p{L}]+)?`],
  ['break', `\\r?\\n`],
  ['punct', `[^\\s\\p{L}\\p{N}-]`],
];
const TOKEN_RE = new RegExp(PATTERNS.map(([, p]) => `(${p})`).join('|'), 'gu');

export function tokenize(text: string): Token[] {
  const out: Token[] = [];
  let last = 0;
  for (const m of text.matchAll(TOKEN_RE)) {
    const index = m.index;
    const group = m.slice(1).findIndex((g) => g !== undefined);
    const kind = PATTERNS[group]?.[0] ?? 'punct';
    const gap = text.slice(last, index);
    out.push({
      kind,
      raw: kind === 'punct' ? m[0].trim() : m[0],
      spaced: /[\s-]/.test(gap) || (out.length === 0 && gap.length > 0),
      ...(gap === '-' ? { hyphened: true } : {}),
    });
    last = index + m[0].length;
  }
  return out;
}
