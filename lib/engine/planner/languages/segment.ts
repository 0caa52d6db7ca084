// One rewritten piece of a sentence: the English it reads as, and what it came from. Its own module
// so the rules that look at segments (adjuncts, passives, questions) need not import the rewriter.

import type { EntryKind } from './lexicon';

export interface Segment {
  en: string;
  kind: EntryKind | 'raw' | 'kept' | 'punct' | 'break';
  /** The first source word, for rules that look at what was typed (German nouns are capitalised). */
  src: string;
  /** An adjective that follows its noun in the source and goes before it in English. */
  postposed?: boolean;
  /** "la cuota mensual más barata": a superlative after a noun group goes before the whole group. */
  superlative?: boolean;
}
