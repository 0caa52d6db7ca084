// Small text helpers shared by the reader and the extractors.

export function collapseWhitespace(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** Collapses spaces inside lines, drops empty lines, keeps line breaks. */
export function tidyLines(text: string): string {
  const lines: string[] = [];
  for (const line of text.split('\n')) {
    const clean = collapseWhitespace(line);
    if (clean) lines.push(clean);
  }
  return lines.join('\n');
}

export function clip(text: string, max: number): string {
  const flat = text.replace(/\s*\n\s*/g, ', ');
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${space > max * 0.6 ? cut.slice(0, space) : cut}…`;
}

/** Lowercase, accents removed: for matching words, never for output. */
export function fold(text: string): string {
  // Most text is ASCII; skipping Unicode normalisation there is the bulk of tokenising time.
  if (!/[^\x00-\x7f]/.test(text)) return text.toLowerCase();
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
}

/** Splits text longer than `max` at sentence ends, so one block cannot swamp search or regexes. */
export function chunkText(text: string, max: number): string[] {
  if (text.length <= max) return [text];
  const chunks: string[] = [];
  let current = '';
  for (const sentence of text.split(/(?<=[.!?])\s+/)) {
    if (current && current.length + sentence.length + 1 > max) {
      chunks.push(current);
      current = '';
    }
    if (sentence.length > max) {
      for (let i = 0; i < sentence.length; i += max) chunks.push(sentence.slice(i, i + max));
      continue;
    }
    current = current ? `${current} ${sentence}` : sentence;
  }
  if (current) chunks.push(current);
  return chunks;
}

const STOPWORDS = new Set(
  (
    'a an and are as at be been by can could did do does for from had has have how i if in into is it its ' +
    'me my of on or our should so than that the their them then there these they this those to was we were ' +
    'what when where which who whom whose why will with would you your page site website web company companys ' +
    'please find give list tell return value answer get show any all each per about whether much many'
  ).split(' '),
);

/** Content words of a query or text, folded, stopwords removed. */
export function contentWords(text: string): string[] {
  const out: string[] = [];
  for (const raw of fold(text).split(/[^\p{L}\p{N}]+/u)) {
    if (raw.length < 2 || STOPWORDS.has(raw)) continue;
    out.push(raw);
  }
  return out;
}

export function sentences(text: string): string[] {
  return text
    .split(/(?<=[.!?;])\s+(?=[\p{Lu}\d"“(])|\n+/u)
    .map((s) => s.trim())
    .filter(Boolean);
}
