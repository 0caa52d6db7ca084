// Tolerance for typing slips in field names ("emial", "phone nubmer"): a word the vocabulary does
// not know is read as the one vocabulary word it is a single slip away from (one letter added,
// dropped, changed, or two neighbours swapped). Short words are left alone: too many are one slip
// apart from each other, and so are endings ("publisher", "published").

const MIN_LENGTH = 5;

/** Damerau distance of at most one between a and b (optimal string alignment). */
function oneSlip(a: string, b: string): boolean {
  if (a === b) return false;
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i += 1;
  // A difference in the last two letters is a different word form ("publisher"/"published"), not a slip.
  if (i >= Math.max(a.length, b.length) - 2) return false;
  if (a.length === b.length) {
    if (a.slice(i + 1) === b.slice(i + 1)) return true; // changed
    return a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2); // swapped
  }
  const [long, short] = a.length > b.length ? [a, b] : [b, a];
  return long.slice(i + 1) === short.slice(i); // added or dropped
}

export class Speller {
  private readonly known: ReadonlySet<string>;
  private readonly byLength = new Map<number, string[]>();

  constructor(vocabulary: Iterable<string>) {
    this.known = new Set(vocabulary);
    for (const word of this.known) {
      if (word.length < MIN_LENGTH - 1) continue;
      const list = this.byLength.get(word.length) ?? [];
      list.push(word);
      this.byLength.set(word.length, list);
    }
  }

  /** The vocabulary word `word` is a slip of, when there is exactly one; else the word itself. */
  correct(word: string): string {
    if (word.length < MIN_LENGTH || this.known.has(word) || /\d/.test(word)) return word;
    const near = [word.length - 1, word.length, word.length + 1]
      .flatMap((n) => this.byLength.get(n) ?? [])
      .filter((w) => oneSlip(word, w));
    return near.length === 1 ? (near[0] ?? word) : word;
  }
}
