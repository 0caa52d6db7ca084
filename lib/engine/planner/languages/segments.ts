// Phrase-by-phrase rewriting of a run of tokens: at each word the longest glossary phrase that
// starts there wins; a word not in the glossary is tried without a plural ending, then (German)
// as a compound of known words, and is otherwise kept as typed.

import { nounAdjuncts } from './adjunct';
import { singular } from '../names';
import { wordKey } from './fold';
import { single, type Entry, type Lexicon } from './lexicon';
import { cognate, masculineForm } from './unknown-words';
import type { Segment } from './segment';
import type { Token } from './tokens';

// English superlatives a glossary phrase may read as ("más barata" → "cheapest").
const SUPERLATIVE =
  /^(?:the\s+)?(?:cheapest|most\s+\w+|least\s+\w+|latest|newest|oldest|lowest|highest|largest|smallest|nearest|best|biggest)$/;

/** The longest entry that starts at word i; among equally long ones, the one spelled as typed. */
function matchAt(
  tokens: readonly Token[],
  keys: readonly string[],
  i: number,
  lex: Lexicon,
): Entry | undefined {
  let found: Entry | undefined;
  for (const entry of lex.entries.get(keys[i] ?? '') ?? []) {
    if (found && entry.keys.length < found.keys.length) break;
    let ok = true;
    for (let k = 1; k < entry.keys.length && ok; k += 1) {
      ok = tokens[i + k]?.kind === 'word' && keys[i + k] === entry.keys[k];
    }
    if (!ok) continue;
    const typed = entry.exact.every((w, k) => tokens[i + k]?.raw.toLowerCase().replace(/’/g, "'") === w);
    if (typed) return entry;
    found ??= entry;
  }
  return found;
}

/** A noun used as a modifier is singular in English ("Firmen-Website" → "company website"). */
function singularModifier(en: string): string {
  const words = en.split(' ');
  const last = words.pop() ?? '';
  return [...words, singular(last)].join(' ');
}

function pluralise(en: string): string {
  const m = /^(.*?)(\S+)$/.exec(en);
  if (!m?.[2] || /s$/.test(m[2])) return en;
  const last = m[2];
  return `${m[1] ?? ''}${/[^aeiou]y$/.test(last) ? `${last.slice(0, -1)}ies` : `${last}s`}`;
}

/** A word not in the glossary as typed: its singular, when a plural ending is all that differs. */
function withoutPlural(key: string, lex: Lexicon, previous = '', modifier = false): Entry | undefined {
  // English noun modifiers are singular: "Firmen-Website", "Firmenwebsite" → "company website".
  const singularHere = modifier || lex.singularBefore.has(previous);
  const endings = [
    ...lex.pluralEndings.map((ending) => ({ ending, plural: true })),
    ...lex.caseEndings.map((ending) => ({ ending, plural: false })),
  ];
  for (const { ending, plural } of endings) {
    if (key.length - ending.length < 3 || !key.endsWith(ending)) continue;
    const entry = single(key.slice(0, -ending.length), lex);
    if (entry && (entry.kind === 'noun' || entry.kind === 'word'))
      return {
        ...entry,
        en: entry.kind === 'noun' && plural && !singularHere ? pluralise(entry.en) : entry.en,
      };
  }
  return undefined;
}

function known(key: string, lex: Lexicon, modifier = false): Entry | undefined {
  const entry = single(key, lex) ?? withoutPlural(key, lex, '', modifier);
  return entry && entry.kind === 'noun' ? entry : undefined;
}

/**
 * German compounds ("Kontakttelefonnummer", "Produktpreise"): the word split into known nouns,
 * with optional linking letters; the parts read in the same order in English ("contact phone number").
 */
function compound(key: string, lex: Lexicon, depth = 0): string | undefined {
  if (lex.compoundLinks.length === 0 || depth > 2) return undefined;
  for (let cut = key.length - 3; cut >= 3; cut -= 1) {
    const tail = known(key.slice(cut), lex)?.en ?? compound(key.slice(cut), lex, depth + 1);
    if (tail === undefined) continue;
    const headKey = key.slice(0, cut);
    for (const link of ['', ...lex.compoundLinks]) {
      if (link && !headKey.endsWith(link)) continue;
      const stem = link ? headKey.slice(0, -link.length) : headKey;
      if (stem.length < 3) continue;
      const head = known(stem, lex, true)?.en ?? compound(stem, lex, depth + 1);
      if (head !== undefined) return `${singularModifier(head)} ${tail}`.trim();
    }
  }
  return undefined;
}

/** A word no entry reads: a German compound of known words, an English cognate, or the word as typed. */
function unknownWord(token: Token, key: string, lex: Lexicon, clauseStart: boolean): Segment {
  const parts = compound(key, lex);
  if (parts) return { en: parts, kind: 'noun', src: token.raw };
  // Spanish drops the subject pronoun: a clause opening on "trabajamos" is "we trabajamos".
  const person = lex.firstPersonPlural;
  if (clauseStart && person && person.endings.some((e) => key.endsWith(e) && key.length - e.length >= 3))
    return { en: `${person.en} ${token.raw}`, kind: 'finite', src: token.raw };
  // A capitalised French or Spanish word inside a sentence is a name ("Telefónica"), not a cognate.
  const name = !lex.german && /^\p{Lu}/u.test(token.raw);
  const english = name ? undefined : cognate(key, lex);
  if (english) {
    return english.adjective
      ? { en: english.en, kind: 'word', src: token.raw, postposed: true }
      : { en: english.en, kind: 'noun', src: token.raw };
  }
  return { en: token.raw, kind: 'raw', src: token.raw };
}

export function rewriteTokens(tokens: readonly Token[], lex: Lexicon): Segment[] {
  const keys = tokens.map((t) => (t.kind === 'word' ? wordKey(t.raw, lex.german) : ''));
  const out: Segment[] = [];
  for (let i = 0; i < tokens.length;) {
    const token = tokens[i];
    if (!token) break;
    if (token.kind !== 'word') {
      out.push({ en: token.raw, kind: token.kind, src: token.raw });
      i += 1;
      continue;
    }
    const key = keys[i] ?? '';
    const modifier = tokens[i + 1]?.kind === 'word' && tokens[i + 1]?.hyphened === true;
    const masculine = () => masculineForm(key, lex);
    const entry =
      matchAt(tokens, keys, i, lex) ?? withoutPlural(key, lex, keys[i - 1], modifier) ?? masculine()?.entry;
    if (entry) {
      const en = modifier && entry.kind === 'noun' ? singularModifier(entry.en) : entry.en;
      // "énergétique" after its noun, and its feminine or plural forms, like the dictionary form.
      const postposed = entry.keys.length <= 1 && lex.postposed.has(masculine()?.key ?? '');
      const superlative = entry.kind === 'word' && out.at(-1)?.kind === 'noun' && SUPERLATIVE.test(en);
      out.push({
        en: superlative ? en.replace(/^the\s+/, '') : en,
        kind: entry.kind,
        src: token.raw,
        ...(postposed ? { postposed } : {}),
        ...(superlative ? { superlative } : {}),
      });
      i += Math.max(1, entry.keys.length);
      continue;
    }
    out.push(unknownWord(token, key, lex, i === 0 || tokens[i - 1]?.kind === 'punct'));
    i += 1;
  }
  return dropParticles(applyAfterNoun(nounAdjuncts(out, lex), lex), lex);
}

function isNounLike(seg: Segment | undefined, german: boolean): boolean {
  if (!seg) return false;
  if (seg.kind === 'noun' || seg.kind === 'kept') return true;
  return seg.kind === 'raw' && (!german || /^\p{Lu}/u.test(seg.src));
}

/** "der Name des Geschäftsführers", "le nom du PDG": a genitive article right after a noun reads "of the". */
function applyAfterNoun(segs: Segment[], lex: Lexicon): Segment[] {
  if (lex.afterNoun.size === 0) return segs;
  return segs.map((seg, i) => {
    const key = seg.kind === 'word' ? wordKey(seg.src, lex.german) : '';
    const en = lex.afterNoun.get(key);
    return en !== undefined && i > 0 && isNounLike(segs[i - 1], lex.german) ? { ...seg, en } : seg;
  });
}

/** "liste jede offene Stelle auf:": a separable particle right before punctuation says nothing in English. */
function dropParticles(segs: Segment[], lex: Lexicon): Segment[] {
  if (lex.clauseFinal.size === 0) return segs;
  return segs.filter((seg, i) => {
    if (seg.kind !== 'word' && seg.kind !== 'raw') return true;
    const next = segs[i + 1];
    const closes = next === undefined || next.kind === 'punct' || next.kind === 'break';
    return !(closes && i > 0 && lex.clauseFinal.has(wordKey(seg.src, lex.german)));
  });
}

/** Segments as English text: words spaced, punctuation attached, dropped words gone. */
export function joinSegments(segs: readonly Segment[]): string {
  let text = '';
  for (const seg of segs) {
    if (seg.en === '') continue;
    if (seg.kind === 'break') {
      text = `${text.trimEnd()}\n`;
      continue;
    }
    const attach = seg.kind === 'punct' && /^[,.;:!?)\]%]$/.test(seg.en);
    const afterOpen = /[([¿¡]$/.test(text);
    text += text === '' || text.endsWith('\n') || attach || afterOpen ? seg.en : ` ${seg.en}`;
  }
  return text
    .replace(/[¿¡]/g, '')
    .replace(/[ \t]+/g, ' ')
    .trim();
}
