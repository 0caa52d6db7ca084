// Glossaries kept as data (one JSON file per language) turned into lookup tables: phrase entries
// keyed by their first word for longest-match-first rewriting, and clause templates for the forms
// whose word order differs from English ("benenne A in B um" → "rename A to B").

import de from './glossary-de.json';
import es from './glossary-es.json';
import fr from './glossary-fr.json';
import vocabularyDe from './vocabulary-de.json';
import vocabularyEs from './vocabulary-es.json';
import vocabularyFr from './vocabulary-fr.json';
import { wordKey } from './fold';
import { tokenize } from './tokens';

export type Language = 'de' | 'fr' | 'es';
export type EntryKind = 'verb' | 'conn' | 'noun' | 'format' | 'word' | 'finite';

export interface Entry {
  keys: string[];
  /** The words as written in the glossary, lowercase with accents: "dé" (give) is not "de" (of). */
  exact: string[];
  en: string;
  kind: EntryKind;
}

/** A slot, or literal words: one of several alternatives, each a run of word keys. */
export type TemplatePiece = { slot: string } | { alternatives: string[][]; optional: boolean };

export interface Template {
  pieces: TemplatePiece[];
  en: string;
}

export interface Lexicon {
  language: Language;
  german: boolean;
  /** Entries by first key, longest first. */
  entries: Map<string, Entry[]>;
  templates: Template[];
  /** Particles that close a clause and say nothing in English ("füge … hinzu"). */
  clauseFinal: ReadonlySet<string>;
  /** Words whose meaning is "of the" right after a noun ("der Name des Geschäftsführers"). */
  afterNoun: ReadonlyMap<string, string>;
  /** Plural endings tried when a word is not found as typed, longest first. */
  pluralEndings: string[];
  /** Adjectives that follow their noun ("prix mensuel"). */
  postposed: ReadonlySet<string>;
  /** Words after which a noun with a plural-looking ending is singular ("den Firmennamen"). */
  singularBefore: ReadonlySet<string>;
  /** Case endings that leave a noun singular (German genitive "des Artikels"), longest first. */
  caseEndings: string[];
  /** [feminine, masculine] endings, longest first: "directrice" is found as "directeur". */
  genderEndings: Array<[string, string]>;
  /** Suffix correspondences with English cognates ("-ique" → "-ic"), longest first. */
  cognates: Array<{ from: string; to: string; adjective: boolean }>;
  /** Verb endings of the first person plural in a language that drops the pronoun ("-amos": "we"). */
  firstPersonPlural?: { endings: string[]; en: string };
  /** Linking letters between the parts of a compound noun (German "Gründung-s-jahr"). */
  compoundLinks: string[];
  /** The finite verb may close the clause ("Bitte die E-Mail-Adresse extrahieren"). */
  verbFinal: boolean;
  /** Passive voice: auxiliaries in English ("wurde" → "was"), inverted pronouns, participle endings. */
  passive: Passive;
  /** The bare linking word of a noun adjunct ("email de contacto"), see adjunct.ts. */
  adjunctOf?: string;
  /** "es … gibt": the pronoun and verb that together read "there is". */
  existential?: { pronoun: string; verb: string; en: string };
}

export interface Passive {
  auxiliaries: ReadonlyMap<string, string>;
  inverted: ReadonlySet<string>;
  participleEndings: string[];
}

export interface GlossaryFile {
  language: string;
  markers: { strong: string[]; weak: string[] };
  phrases: Partial<Record<EntryKind, Record<string, string>>>;
  /** [pattern, English] pairs. */
  templates: string[][];
  clauseFinal?: string[];
  afterNoun?: Record<string, string>;
  pluralEndings?: string[];
  caseEndings?: string[];
  singularBefore?: string[];
  postposed?: string[];
  compoundLinks?: string[];
  genderEndings?: string[][];
  firstPersonPlural?: { endings: string[]; en: string };
  /** [ending, English ending, "adjective" | "noun"] triples. */
  cognates?: string[][];
  verbFinal?: boolean;
  existential?: { pronoun: string; verb: string; en: string };
  adjunctOf?: string;
  passive?: { auxiliaries: Record<string, string>; inverted?: string[]; participleEndings: string[] };
}

export const GLOSSARIES: Record<Language, GlossaryFile> = { de, fr, es };

/**
 * General nouns and attribute adjectives of every kind of organisation and page, so that words the
 * glossaries (built on the planner's own cases) do not know are still read as English.
 */
export interface VocabularyFile {
  noun: Record<string, string>;
  word: Record<string, string>;
  /** Adjectives that follow their noun, added to the glossary's ("parking gratuit"). */
  postposed?: string[];
}

export const VOCABULARIES: Record<Language, VocabularyFile> = {
  de: vocabularyDe,
  fr: vocabularyFr,
  es: vocabularyEs,
};

export function keysOf(phrase: string, german: boolean): string[] {
  return tokenize(phrase)
    .filter((t) => t.kind === 'word')
    .map((t) => wordKey(t.raw, german));
}

export function exactWords(phrase: string): string[] {
  return tokenize(phrase)
    .filter((t) => t.kind === 'word')
    .map((t) => t.raw.toLowerCase().replace(/’/g, "'"));
}

function parseTemplate(text: string, german: boolean): TemplatePiece[] {
  return [...text.trim().matchAll(/\{\w+\}|\([^)]*\)\??|\S+/g)].map(([piece]): TemplatePiece => {
    const slot = /^\{(\w+)\}$/.exec(piece);
    if (slot?.[1]) return { slot: slot[1] };
    // Punctuation in a template matches that punctuation token.
    if (/^[,;:]$/.test(piece)) return { alternatives: [[`\u0000${piece}`]], optional: false };
    const optional = piece.startsWith('(') && piece.endsWith('?');
    const body = piece.replace(/\?$/, '').replace(/^\((.*)\)$/, '$1');
    return { alternatives: body.split('|').map((alt) => keysOf(alt, german)), optional };
  });
}

function build(language: Language): Lexicon {
  const file = GLOSSARIES[language];
  const german = language === 'de';
  const entries = new Map<string, Entry[]>();
  const vocabulary = VOCABULARIES[language];
  // The vocabulary comes after the glossary's own phrases: an identical glossary key keeps priority.
  const tables = [
    ...(Object.entries(file.phrases) as Array<[EntryKind, Record<string, string>]>),
    ['noun', vocabulary.noun],
    ['word', vocabulary.word],
  ] as Array<[EntryKind, Record<string, string>]>;
  for (const [kind, table] of tables) {
    for (const [phrase, en] of Object.entries(table)) {
      const keys = keysOf(phrase, german);
      const first = keys[0];
      if (first === undefined) continue;
      const list = entries.get(first) ?? [];
      // A later, more specific table does not override an earlier identical key.
      const exact = exactWords(phrase);
      if (!list.some((e) => e.exact.join(' ') === exact.join(' '))) list.push({ keys, exact, en, kind });
      entries.set(first, list);
    }
  }
  for (const list of entries.values()) list.sort((a, b) => b.keys.length - a.keys.length);
  const templates = file.templates
    .map((pair) => {
      const [pattern, en] = pair;
      if (pair.length !== 2 || pattern === undefined || en === undefined)
        throw new Error(`glossary-${language}.json: a template is not a [pattern, English] pair`);
      return { pieces: parseTemplate(pattern, german), en };
    })
    // Most literal words first: the most specific form wins.
    .sort((a, b) => literalCount(b.pieces) - literalCount(a.pieces));
  return {
    language,
    german,
    entries,
    templates,
    clauseFinal: new Set((file.clauseFinal ?? []).map((w) => wordKey(w, german))),
    afterNoun: new Map(Object.entries(file.afterNoun ?? {}).map(([k, v]) => [wordKey(k, german), v])),
    pluralEndings: [...(file.pluralEndings ?? [])].sort((a, b) => b.length - a.length),
    postposed: new Set(
      [...(file.postposed ?? []), ...(vocabulary.postposed ?? [])].map((w) => wordKey(w, german)),
    ),
    singularBefore: new Set((file.singularBefore ?? []).map((w) => wordKey(w, german))),
    caseEndings: [...(file.caseEndings ?? [])].sort((a, b) => b.length - a.length),
    compoundLinks: file.compoundLinks ?? [],
    ...(file.firstPersonPlural ? { firstPersonPlural: file.firstPersonPlural } : {}),
    genderEndings: (file.genderEndings ?? [])
      .map(([f = '', m = '']): [string, string] => [wordKey(f, german), wordKey(m, german)])
      .sort((a, b) => b[0].length - a[0].length),
    cognates: (file.cognates ?? [])
      .map(([from = '', to = '', part]) => ({
        from: wordKey(from, german),
        to,
        adjective: part === 'adjective',
      }))
      .sort((a, b) => b.from.length - a.from.length),
    verbFinal: file.verbFinal ?? false,
    ...(file.adjunctOf ? { adjunctOf: wordKey(file.adjunctOf, german) } : {}),
    ...(file.existential
      ? {
          existential: {
            ...file.existential,
            pronoun: wordKey(file.existential.pronoun, german),
            verb: wordKey(file.existential.verb, german),
          },
        }
      : {}),
    passive: {
      auxiliaries: new Map(
        Object.entries(file.passive?.auxiliaries ?? {}).map(([k, v]) => [wordKey(k, german), v]),
      ),
      inverted: new Set((file.passive?.inverted ?? []).map((w) => wordKey(w, german))),
      participleEndings: file.passive?.participleEndings ?? [],
    },
  };
}

function literalCount(pieces: readonly TemplatePiece[]): number {
  return pieces.reduce((n, p) => n + ('slot' in p || p.optional ? 0 : (p.alternatives[0]?.length ?? 0)), 0);
}

/** The one-word entry for a key. */
export function single(key: string, lex: Lexicon): Entry | undefined {
  return lex.entries.get(key)?.find((e) => e.keys.length === 1);
}

const CACHE = new Map<Language, Lexicon>();

export function lexicon(language: Language): Lexicon {
  let lex = CACHE.get(language);
  if (!lex) {
    lex = build(language);
    CACHE.set(language, lex);
  }
  return lex;
}
