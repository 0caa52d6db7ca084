// Name normalisation shared by the description planner and the instruction editor.
// Matching is done on a "canonical" form (lowercase words, singular) so that "Phone numbers",
// "phone_number" and "phone number" compare equal; output names are snake_case identifiers.

const MAX_IDENTIFIER = 64;

const IRREGULAR_SINGULAR: Record<string, string> = {
  people: 'person',
  children: 'child',
  men: 'man',
  women: 'woman',
  criteria: 'criterion',
  indices: 'index',
  analyses: 'analysis',
  // A plural in "-us", which otherwise marks a singular ("status", "campus").
  menus: 'menu',
  // Plurals of nouns in "-ie", which the "-ies" rule would read as "-y".
  calories: 'calorie',
  movies: 'movie',
  cookies: 'cookie',
  selfies: 'selfie',
  rookies: 'rookie',
};

// Words whose trailing "s" is not a plural: singularising them would break alias matching.
// prettier-ignore
const INVARIANT = new Set([
  'headquarters',
  'news',
  'series',
  'species',
  'sales',
  'analytics',
  'terms',
  'its',
  'this',
  'has',
  'was',
  'does',
  'yes',
  'always',
  'whereabouts',
  'plus',
  'logistics',
  'economics',
]);

/** Crude English singular: enough to make "emails"/"email" and "companies"/"company" compare equal. */
export function singular(word: string): string {
  if (word.length <= 3) return word;
  const irregular = IRREGULAR_SINGULAR[word];
  if (irregular !== undefined) return irregular;
  if (INVARIANT.has(word)) return word;
  if (/[^aeiou]ies$/.test(word)) return `${word.slice(0, -3)}y`;
  if (/(ss|us|is)$/.test(word)) return word;
  if (/(sses|shes|ches|xes|zes)$/.test(word)) return word.slice(0, -2);
  if (/[^s]s$/.test(word)) return word.slice(0, -1);
  return word;
}

// German umlauts are written out as German writes them without the dots ("Wohnfläche" → "wohnflaeche");
// every other accent is dropped ("pâtissier" → "patissier"), so a word no rule translated still names
// a readable column instead of losing its letters ("wohnfl_che").
const SPELLED_OUT: ReadonlyArray<[RegExp, string]> = [
  [/ä/g, 'ae'],
  [/ö/g, 'oe'],
  [/ü/g, 'ue'],
  [/ß/g, 'ss'],
  [/œ/g, 'oe'],
  [/æ/g, 'ae'],
];

/** Lowercase text in ASCII letters: umlauts spelled out, other diacritics dropped. */
export function asciiFold(text: string): string {
  let out = text;
  for (const [pattern, replacement] of SPELLED_OUT) out = out.replace(pattern, replacement);
  return out.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
}

/** Lowercase word tokens; possessive "'s" is dropped so "company's email" reads as "company email". */
export function words(text: string): string[] {
  return asciiFold(text.toLowerCase())
    .replace(/e-mail/g, 'email')
    .replace(/&/g, ' and ')
    .replace(/['’]s\b/g, '')
    .replace(/['’]/g, '')
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 0);
}

/** Canonical matching key: singular lowercase words joined by single spaces. */
export function canonical(text: string): string {
  return words(text).map(singular).join(' ');
}

/**
 * A snake_case identifier (`^[a-z][a-z0-9_]*$`, at most 64 chars) from free text, or '' when the
 * text holds no letters. Long names are cut at a word boundary so they stay readable.
 */
export function toIdentifier(text: string): string {
  let id = words(text)
    .join('_')
    .replace(/^[^a-z]+/, '');
  if (id.length > MAX_IDENTIFIER) {
    const cut = id.slice(0, MAX_IDENTIFIER + 1);
    const boundary = cut.lastIndexOf('_');
    id = boundary > 0 ? cut.slice(0, boundary) : cut.slice(0, MAX_IDENTIFIER);
  }
  return id.replace(/_+$/, '');
}

export function isIdentifier(name: string): boolean {
  return name.length <= MAX_IDENTIFIER && /^[a-z][a-z0-9_]*$/.test(name);
}

/** "founded_year" → "founded year", for matching and messages. */
export function humanise(name: string): string {
  return name.replace(/_/g, ' ');
}

export function capitalise(text: string): string {
  return text.length === 0 ? text : text.charAt(0).toUpperCase() + text.slice(1);
}

/** "a", "a and b", "a, b and c". */
export function joinWords(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1] ?? ''}`;
}

/** Backticked list of names for messages: `a`, `b`. */
export function listNames(names: readonly string[]): string {
  return names.map((n) => `\`${n}\``).join(', ');
}
