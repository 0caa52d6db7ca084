// Conversational instructions: "drop the fax, we never use it", "rename it, reads better", "thanks!".
// A clause that requests nothing — thanks, an apology, a reason about the speaker or about what was
// just named — is commentary and is left out, so the request beside it is applied. A clause that
// names a change in statement form ("the department isn't needed") is read as that change.
// Real nonsense ("make it smarter", "blah blah") is neither, and is still refused.

import { NOT_NEEDED_REASON } from './instruction-asides';
import { words } from './names';

export const OPERATION =
  /^(?:also\s+)?(?:add|remove|drop|delete|rename|make|change|set|turn|convert|include|extract|get|find|capture|collect|exclude|omit|update|replace|stop|treat|return|list|use|give|keep|move|put|sort|format|show|split|merge|tell)\b/i;

// Formulas of politeness and reaction that ask for nothing.
const FORMULA = new RegExp(
  // "Oh and thanks a lot": an interjection or joiner may lead the formula.
  '^(?:(?:oh|ah|and|btw|also|again|ok(?:ay)?)[\\s,]+)*(?:' +
    [
      String.raw`(?:many\s+|thanks?\s+)?thanks?(?:\s+you)?(?:\s+(?:so|very)\s+much|\s+a\s+lot)?(?:\s+in\s+advance|\s+for\s+.+)?`,
      'thx|cheers|much\\s+appreciated|(?:i\\s+)?appreciate\\s+it|no\\s+rush|sorry(?:\\s+for\\s+.+)?',
      'danke|merci|gracias|grazie|hi|hello|hey|dear\\s+team|good\\s+(?:morning|afternoon)|(?:two|three|a\\s+few|some)\\s+(?:things|changes|requests)(?:\\s+please)?',
      String.raw`(?:great|good|nice|awesome|perfect|cool|brilliant|excellent)(?:\s+(?:job|work))?(?:\s+so\s+far)?`,
      String.raw`(?:i\s+)?hope\s+(?:that|this|it)\s+(?:makes\s+sense|helps|is\s+ok(?:ay)?|works)`,
      String.raw`(?:(?:that|this|it)(?:'s|\s+is|\s+will\s+be)|(?:that\s+|this\s+|it\s+)?would\s+be)\s+(?:really\s+|very\s+|so\s+)?(?:all|it|great|super|nice|lovely|amazing|fantastic|helpful|useful|easier|better|cleaner|enough)`,
      String.raw`(?:much\s+)?(?:easier|simpler|cleaner|better|clearer)(?:\s+(?:that|this)\s+way)?`,
      String.raw`just\s+in\s+case|if\s+possible|if\s+you\s+can|for\s+now|as\s+discussed|as\s+before`,
    ].join('|') +
    ')$',
  'i',
);

// A remark about the speaker or about what was just named: a pronoun subject and no request.
const REMARK =
  /^(?:(?:because|since|as|so|but|and|though|although)\s+)?(?:we|i|it|they|that|this|these|those|nobody|no\s+one|noone|everyone|our\s+[a-z]+(?:\s+[a-z]+)?|my\s+[a-z]+|the\s+(?:team|client|boss|users?|customers?))(?:'s|'re|'m|'ll|'d|'ve)?\s+\S/i;
const SPEAKER = /\b(?:we|i|us|me|our|nobody|no\s+one|never|anyway)\b/i;
// "…, and whether they ever raised funding": a question-word clause asks for a field.
const QUESTION =
  /^(?:(?:and|or|also|plus)\s+)*(?:whether|if|what|which|who|whom|whose|when|where|how|is|are|does|do|did|has|have|can)\b/i;
// "we need the fax" asks for something; "we don't need it" or "we never use it" does not.
const ASKS =
  /\b(?:need|want|would\s+like|'d\s+like|also\s+(?:get|have))\s+(?!it\b|them\b|that\b|this\b|those\b)\S/i;
const NEGATED = /\b(?:not|n't|never|no\s+longer)\b/i;
// "It would be great to also know whether…" is a wish to add, though "it" leads it.
const WISH_TO_ADD =
  /\b(?:would|'d)\s+be\s+(?:really\s+|very\s+|so\s+)?[a-z]+\s+(?:to\s+(?:also\s+)?(?:have|get|know|see|add|include)|if\s+(?:we|you|i)\s+(?:could\s+)?(?:also\s+)?(?:had|have|get|got|see|add|include|know))\b/i;

/** True when a clause asks for no change at all. */
export function isCommentary(clause: string): boolean {
  const text = clause
    .trim()
    .replace(/[’]/g, "'")
    .replace(/^[\s,;:—–-]+|[\s.!?:]+$/g, '');
  if (!text) return true;
  if (FORMULA.test(text)) return true;
  // "…, (it) is not needed": the reason for the request before it.
  if (NOT_NEEDED_REASON.test(text)) return true;
  if (OPERATION.test(text) || /["“'‘`]/.test(text.replace(/\b[a-z]+'[a-z]+\b/gi, ''))) return false;
  if (QUESTION.test(text) || (ASKS.test(text) && !NEGATED.test(text)) || WISH_TO_ADD.test(text)) return false;
  // "…, otherwise our dialler cannot cope": what happens if not, said beside the request.
  if (/^otherwise\b/i.test(text)) return true;
  return REMARK.test(text) || SPEAKER.test(text);
}

// A statement's verb: a clause with one says something about the world, not which field it wants.
const STATEMENT_VERB =
  /\b(?:is|are|was|were|isn't|aren't|gives?|has|have|uses?|needs?|shows?|lists?|comes?|vary|varies|changes?|differs?|includes?|mentions?|contains?|reads?|sorts?|looks?|seems?|gets?|wants?|means?|makes?|works?|breaks?|matters?|helps?|expects?|prefers?)\b/i;
const REASON_LEAD =
  /^(?:because|since|as|so|otherwise|e\.?g\.?|for\s+example|easier|simpler|cleaner|that\s+way|this\s+way|most|many|some|few|often|usually|sometimes)\b/i;

/**
 * A clause beside a request that only gives its reason ("most sites only give a range like 51-200",
 * "'name' is too vague in the export"): no edit verb, no question, none of the task's field names.
 */
export function isReason(clause: string, fieldWords: readonly string[]): boolean {
  const text = clause
    .trim()
    .replace(/[’]/g, "'")
    .replace(/^[\s,;:—–-]+|[\s.!?]+$/g, '');
  if (words(text).length < 3 || OPERATION.test(text) || QUESTION.test(text)) return false;
  const lower = ` ${words(text).join(' ')} `;
  if (fieldWords.some((w) => lower.includes(` ${w} `))) return false;
  return REASON_LEAD.test(text) || STATEMENT_VERB.test(text);
}

const PIECE = /\s*(?:,|;|\s[—–-]\s|—|–)\s*/;

/** A sentence without its commentary pieces after the first ("drop the fax, we never use it" → "drop the fax"). */
export function withoutCommentary(sentence: string): string {
  const pieces = sentence.split(PIECE);
  if (pieces.length < 2) return sentence;
  const kept: string[] = [];
  let cut = false;
  for (const [i, piece] of pieces.entries()) {
    if (i > 0 && isCommentary(piece)) cut = true;
    else if (!cut) kept.push(piece);
    else return sentence; // commentary in the middle of an enumeration: leave the sentence as typed
  }
  // Keep the original separators of what is left.
  let end = 0;
  for (const piece of kept) end = sentence.indexOf(piece, end) + piece.length;
  return sentence.slice(0, end);
}

const NOT_NEEDED =
  /^(?:the\s+|that\s+|this\s+)?(.+?)\s+(?:is|are|isn't|aren't)\s*(?:not\s+|no\s+longer\s+)?(?:needed|necessary|required|useful|wanted|relevant)(?:\s+any\s*more)?(?:\s+(?:for|to)\s+us)?$/i;
// "the description column is useless for us": words that say "not needed" without a "not".
const USELESS =
  /^(?:the\s+|that\s+|this\s+)?(.+?)\s+(?:is|are)\s+(?:useless|unnecessary|superfluous|redundant)(?:\s+(?:for|to)\s+us)?$/i;
const DONT_NEED =
  /^(?:we|i)\s+(?:don't|do\s+not|no\s+longer|never)\s+(?:need|want|use)\s+(?!it$|them$|that$|this$)(?:the\s+)?(.+?)(?:\s+any\s*more)?$/i;
const NO_NEED = /^no\s+need\s+for\s+(?:the\s+)?(.+)$/i;

/** "the department isn't needed", "we don't need the fax": a removal said as a statement. */
export function statementRequest(clause: string): string {
  const text = clause.trim().replace(/[’]/g, "'");
  const m = NOT_NEEDED.exec(text);
  // "remove the department, (it) is not needed" already says what to do.
  if (m?.[1] && /(?:n't|\bnot\b|no\s+longer)/i.test(text) && !OPERATION.test(m[1]) && !m[1].includes(','))
    return `remove ${m[1]}`;
  const u = USELESS.exec(text);
  if (u?.[1] && !OPERATION.test(u[1]) && !u[1].includes(',')) return `remove ${u[1]}`;
  const d = DONT_NEED.exec(text) ?? NO_NEED.exec(text);
  return d?.[1] ? `remove ${d[1]}` : clause;
}
