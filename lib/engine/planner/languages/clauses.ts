// A sentence cut into clauses at a comma or "and" that starts a verb, a "for each", a verb-final German
// clause, a remark or another "whether" question: each clause is rewritten on its own. Split from
// rewrite.ts.

import type { Lexicon } from './lexicon';
import { rewriteTokens } from './segments';
import type { Token } from './tokens';

export const FOR_EACH = new Set(['for each', 'for every']);

function startsVerb(tokens: readonly Token[], i: number, lex: Lexicon): boolean {
  const token = tokens[i];
  if (token?.kind !== 'word') return false;
  const segs = rewriteTokens(tokens.slice(i, i + 4), lex);
  return segs[0]?.kind === 'verb';
}

/** Clauses of one sentence, with the joiners between them: "…, und füge … hinzu" is two clauses. */
export function clauses(sentence: readonly Token[], lex: Lexicon): Array<{ joiner: Token[]; body: Token[] }> {
  const out: Array<{ joiner: Token[]; body: Token[] }> = [{ joiner: [], body: [] }];
  for (let i = 0; i < sentence.length; i += 1) {
    const token = sentence[i];
    if (!token) continue;
    const current = out[out.length - 1];
    if (!current) continue;
    const isComma = token.kind === 'punct' && token.raw === ',';
    // "… umbenennen – nur 'name' ist zu uneindeutig": a dash always ends a clause.
    if (token.kind === 'punct' && /^[\u2013\u2014]$/.test(token.raw) && current.body.length > 0) {
      out.push({ joiner: [token], body: [] });
      continue;
    }
    const andKey = token.kind === 'word' ? rewriteTokens([token], lex)[0] : undefined;
    const isAnd = andKey?.kind === 'conn' && /^(?:and|as well as)$/.test(andKey.en);
    if ((isComma || isAnd) && current.body.length > 0) {
      const next =
        isComma && sentence[i + 1]?.kind === 'word' && isAndWord(sentence[i + 1], lex) ? i + 2 : i + 1;
      const verbLast = isComma && lex.verbFinal && endsWithVerb(sentence, next, lex);
      // "…, die ist veraltet": a demonstrative and its verb start a clause of their own.
      const remark = isComma && startsDemonstrative(sentence, next, lex);
      // "ob es eine API gibt, ob SSO unterstützt wird": each "whether" question is a clause of its own.
      const question = isComma && startsQuestion(sentence, next, lex);
      // "…, wir verschicken Muster per Post": a clause with its own subject (often a reason).
      const subject = isComma && startsPronoun(sentence, next, lex);
      if (
        startsVerb(sentence, next, lex) ||
        startsForEach(sentence, next, lex) ||
        verbLast ||
        remark ||
        question ||
        subject
      ) {
        out.push({ joiner: sentence.slice(i, next) as Token[], body: [] });
        i = next - 1;
        continue;
      }
    }
    current.body.push(token);
  }
  return out;
}

/** "…, nur E-Mail und Telefon behalten": a German clause after a comma may end with its verb. */
function endsWithVerb(tokens: readonly Token[], i: number, lex: Lexicon): boolean {
  let end = i;
  while (end < tokens.length && !(tokens[end]?.kind === 'punct' && tokens[end]?.raw === ',')) end += 1;
  const segs = rewriteTokens(tokens.slice(i, end), lex).filter(
    (s) => s.kind !== 'punct' && s.kind !== 'break',
  );
  // Two words ("Land angeben") are more likely the end of an enumeration than a clause of their own.
  return segs.length > 2 && segs[segs.length - 1]?.kind === 'verb';
}

const COPULA = new Set(['is', 'are', 'was', 'were', 'has', 'have', 'would be']);

/** "die ist veraltet", "das wäre super": an article standing alone before a verb is a demonstrative pronoun. */
function startsDemonstrative(tokens: readonly Token[], i: number, lex: Lexicon): boolean {
  if (!lex.german || tokens[i]?.kind !== 'word' || tokens[i + 1]?.kind !== 'word') return false;
  const [article, verb] = rewriteTokens(tokens.slice(i, i + 2), lex);
  return article?.en === 'the' && (COPULA.has(verb?.en ?? '') || verb?.kind === 'finite');
}

function startsPronoun(tokens: readonly Token[], i: number, lex: Lexicon): boolean {
  const seg = tokens[i]?.kind === 'word' ? rewriteTokens(tokens.slice(i, i + 1), lex)[0] : undefined;
  return ['we', 'i', 'you'].includes(seg?.en ?? '') && tokens[i + 1]?.kind === 'word';
}

function startsQuestion(tokens: readonly Token[], i: number, lex: Lexicon): boolean {
  const seg = tokens[i]?.kind === 'word' ? rewriteTokens(tokens.slice(i, i + 1), lex)[0] : undefined;
  return seg?.en === 'whether';
}

function startsForEach(tokens: readonly Token[], i: number, lex: Lexicon): boolean {
  return tokens[i]?.kind === 'word' && FOR_EACH.has(rewriteTokens(tokens.slice(i, i + 3), lex)[0]?.en ?? '');
}

function isAndWord(token: Token | undefined, lex: Lexicon): boolean {
  if (!token) return false;
  const seg = rewriteTokens([token], lex)[0];
  return seg?.kind === 'conn' && seg.en === 'and';
}
