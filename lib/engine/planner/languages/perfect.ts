// German perfect tense in a "wer" question: "wer die Bäckerei gegründet hat" and "wer hat die Bäckerei
// gegründet" both ask "who founded the bakery". The auxiliary "hat" leaves the clause and the
// participle, which German puts last (or just before "hat"), goes right after "who", in English order.

import type { Segment } from './segment';

const HAVE = new Set(['has', 'have']);
// An English past participle as the glossaries give it ("founded", "written", "built", "run").
const PARTICIPLE = /(?:ed|en|wn|lt|ght|un|ung|ade|ote)$/;

const isWord = (s: Segment): boolean => s.kind !== 'punct' && s.kind !== 'break';

/** The clause (or its embedded question) reordered as "who <participle> <object>", or undefined when it is not this form. */
export function perfectQuestion(segs: readonly Segment[]): Segment[] | undefined {
  // "finde heraus, wer …": the question may follow the request that embeds it.
  const at = segs.findIndex((s) => s.en.toLowerCase() === 'who');
  if (at < 0) return undefined;
  const question = whoClause(segs.slice(at));
  return question ? [...segs.slice(0, at), ...question] : undefined;
}

function whoClause(segs: readonly Segment[]): Segment[] | undefined {
  const words = segs.filter(isWord);
  if (words[0]?.en.toLowerCase() !== 'who' || words.length < 4) return undefined;
  const closing = segs.slice(segs.findLastIndex(isWord) + 1);
  let participle: Segment | undefined;
  let object: Segment[];
  const last = words[words.length - 1] as Segment;
  const beforeLast = words[words.length - 2] as Segment;
  if (HAVE.has(last.en) && PARTICIPLE.test(beforeLast.en)) {
    participle = beforeLast; // subordinate: "wer die Bäckerei gegründet hat"
    object = words.slice(1, -2);
  } else if (HAVE.has(words[1]?.en ?? '') && PARTICIPLE.test(last.en)) {
    participle = last; // main clause: "wer hat die Bäckerei gegründet"
    object = words.slice(2, -1);
  } else return undefined;
  if (participle.kind === 'raw') return undefined;
  if (object.length === 0 || object.some((s) => s.kind === 'verb' || s.kind === 'finite')) return undefined;
  return [words[0] as Segment, participle, ...object, ...closing];
}
