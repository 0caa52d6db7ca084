// The existential clause: German "ob es einen Newsletter gibt" is "whether there is a newsletter".
// "es" is no subject there and "gibt" does not mean "gives"; the pair (glossary data) reads "there is"
// wherever the verb stands (verb-final in a subordinate clause). "gibt es" in a question is a glossary phrase.

import { wordKey } from './fold';
import type { Lexicon } from './lexicon';
import type { Segment } from './segment';

export function existential(segs: Segment[], lex: Lexicon): void {
  const pair = lex.existential;
  if (!pair) return;
  const at = segs.findIndex((s) => s.kind !== 'punct' && wordKey(s.src, lex.german) === pair.pronoun);
  if (at < 0) return;
  const verbAt = segs.findIndex(
    (s, i) => i > at + 1 && s.kind !== 'punct' && wordKey(s.src, lex.german) === pair.verb,
  );
  if (verbAt < 0) return;
  segs.splice(verbAt, 1);
  segs[at] = { en: pair.en, kind: 'word', src: segs[at]?.src ?? pair.pronoun };
}
