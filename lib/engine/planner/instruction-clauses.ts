// Splits an instruction into clauses: sentences, ";", "then" and ", and <verb>"; quoted text is
// never split. Each clause is tidied of politeness ("please", "can you", "too").

import { questionThenAdd } from './anaphora';
import { isCommentary, withoutCommentary } from './commentary';
import { expandContractions } from './contractions';
import { protectQuotes, splitSentences } from './phrases';

const CLAUSE_VERBS =
  '(?:also\\s+)?(?:add|remove|drop|delete|rename|make|change|set|turn|convert|include|extract|get|find|capture|collect|exclude|omit|update|replace|stop|treat|return|for\\s+each|list|use|give|keep|only\\s+(?:keep|list|return|get)|(?:we|i)\\s+(?:also\\s+|only\\s+)?(?:need|want|would\\s+like))';
const VERB_BOUNDARY = new RegExp(
  `\\s*(?:,\\s*(?:and\\s+)?|\\s+and\\s+)(?=(?:(?:please|pls|plz|just|then|so)\\s+)?${CLAUSE_VERBS}\\b)`,
  'i',
);
const THEN = /\s*,?\s*\b(?:and\s+)?then\b\s*/i;
// Query and description texts run to the end of their sentence: they may contain "and".
const FREE_TEXT_CLAUSE = /\b(?:query|question|prompt|description)\s+(?:for|of|on)\b/i;
// "Instead of tags, give me the main topic": the comma ends the replaced part, not a clause.
const INSTEAD_OF = /^\s*(?:instead\s+of|rather\s+than|in\s+place\s+of)\s+[^,]+,\s*[^,]+$/i;

const FOR_EACH_ADD =
  /^(for\s+(?:each|every)\s+(?:(?!also\b)[a-z'-]+\s+){0,2}?[a-z'-]+)\s+(?:also\s+)?((?:add|include)\b.*)$/i;
// "For every job, add the salary": the comma after a fronted "for each X" is only punctuation.
const FOR_EACH_COMMA =
  /^(for\s+(?:each|every)\s+[a-z' -]+?)\s*,\s*(?=(?:also\s+)?(?:add|include|return|get|give|extract|capture|collect|find)\b)/i;
const FOR_EACH_VERB =
  /^(for\s+(?:each|every)\s+(?:(?!also\b)[a-z'-]+\s+){1,3}?)(?!also\b)((?:return|get|give|extract|capture|collect|find)\b.*)$/i;
// "For each pricing plan I also need its monthly price" is "for each pricing plan also give its monthly price".
const FOR_EACH_WISH =
  /^(for\s+(?:each|every)\s+(?:[a-z'-]+\s+){0,2}?[a-z'-]+)\s*,?\s+(?:i|we)\s+(?:also\s+|would\s+also\s+)?(?:need|want|would\s+like|'d\s+like)\s+(?:also\s+)?/i;

// "For the company column, please strip the legal suffixes": the column named first is the target.
const FRONTED_COLUMN =
  /^(?:for|in|on)\s+(?:the\s+)?([^,]+?)\s+(?:column|field|output)s?\s*,?\s*(?:(?:please|pls|can\s+you|could\s+you|just)\s+)*(.+)$/i;

// "For the price, I want just the amount as a number": a field named first, then what it should be.
const FRONTED_FIELD =
  /^(?:for|as\s+for|regarding)\s+(?:the\s+)?(?!each\b|every\b|all\b|both\b)([a-z_][a-z0-9_ -]{0,30}?)\s*,\s*((?:(?:i|we)\s+(?:just\s+|only\s+)?(?:want|need|would\s+like|'d\s+like)|just|only|please|as|in|without|no)\b.*)$/i;

function frontedColumn(sentence: string): string {
  const m = FRONTED_COLUMN.exec(sentence) ?? FRONTED_FIELD.exec(sentence);
  if (!m?.[1] || !m[2]) return sentence;
  const [, column] = m;
  // "I want just the amount as a number" says of the field: "as a number".
  const rest = m[2]
    .replace(/^(?:i|we)\s+(?:just\s+|only\s+)?(?:want|need|would\s+like|'d\s+like)\s+/i, '')
    .replace(/^(?:just|only)\s+(?=the\s+(?:amount|value|number|figure)\b)/i, '')
    .replace(/^the\s+(?:amount|value|number|figure)\s+(?=as\b|in\b|without\b)/i, '');
  if (/^(?:strip|remove|drop|omit|leave\s+out|exclude|cut)\b/i.test(rest))
    return `${rest} from the ${column}`;
  if (/^(?:use|apply|prefer)\b/i.test(rest)) return `${rest} for ${column}`;
  if (/^(?:as|in|without)\b/i.test(rest)) return `${column} ${rest}`;
  return `${column}: ${rest}`;
}

export function splitClauses(text: string): string[] {
  const { text: guarded, restore } = protectQuotes(questionThenAdd(text));
  const out: string[] = [];
  const sentences = splitSentences(guarded).map(withoutCommentary);
  // A sentence that is only commentary ("Thanks!", "Sorry for the back and forth") is left out
  // when another one asks for something.
  const requests = sentences.filter((s) => !isCommentary(restore(s)));
  for (const raw of requests.length > 0 ? requests : sentences) {
    // "for each product add the rating" is "add the rating for each product"; "for each plan give
    // the price" reads like "for each plan also give the price".
    const sentence = frontedColumn(raw)
      .replace(FOR_EACH_WISH, '$1 also give ')
      .replace(FOR_EACH_COMMA, '$1 ')
      .replace(FOR_EACH_ADD, '$2 $1')
      .replace(FOR_EACH_VERB, '$1also $2');
    if (FREE_TEXT_CLAUSE.test(sentence) || INSTEAD_OF.test(sentence)) {
      out.push(sentence);
      continue;
    }
    for (const piece of sentence.split(THEN)) out.push(...joinLeads(piece.split(VERB_BOUNDARY)));
  }
  return out.map((c) => restore(c).trim()).filter((c) => c.length > 0);
}

// "for each plan, also give the monthly price": a verb-less "for each X" leads the clause after it.
const LEAD_ONLY = /^\s*(?:also\s+)?(?:for|of)\s+(?:each|every)\s+[a-z' -]+$/i;

function joinLeads(pieces: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < pieces.length; i += 1) {
    const piece = pieces[i] ?? '';
    const next = pieces[i + 1];
    if (next !== undefined && LEAD_ONLY.test(piece)) {
      out.push(`${piece} ${next}`);
      i += 1;
    } else out.push(piece);
  }
  return out;
}

const POLITE_LEAD =
  /^(?:please|pls|plz|hi|hello|hey|ok(?:ay)?|now|so|and|then|can\s+you|could\s+you|would\s+you|i'?d\s+like\s+(?:you\s+)?to|i\s+would\s+like\s+(?:you\s+)?to|i\s+want\s+you\s+to|let'?s|kindly|just)[\s,]+/i;
const POLITE_TAIL = /[\s,]+(?:please|pls|plz|thanks|thank\s+you|thx)[\s.!]*$/i;
// "the job title so we can filter": the purpose says why, not what.
const PURPOSE_TAIL =
  /[\s,]+(?:so\s+(?:that\s+)?(?:we|i|you|they|it|the|our|this)\b|in\s+order\s+to|to\s+be\s+able\s+to)\b.*$/i;
// "It would be great to also have the ISBN", "would be nice if we also had the price": a wish to add.
const WISH =
  /^(?:it\s+|it(?='))?(?:would|'d)\s+be\s+(?:really\s+|very\s+|so\s+)?(?:great|nice|super|good|helpful|awesome|perfect|useful|cool)\s+(?:(?:if\s+(?:we|you|i)\s+(?:could\s+)?(?:also\s+)*(?:had|have|get|got|see|add|include|know)?\s*)|(?:to\s+(?:also\s+)?(?:have|get|know|see|add|include)\s+))/i;
// "each speaker's LinkedIn as well", "publication year too": a trailing "also" asks to add.
const ALSO_TAIL = /[\s,]+(?:too|as\s+well|also|in\s+addition)(?:\s+(?:also|too))*[\s.!]*$/i;
export const POLITE_ONLY =
  /^(?:thanks|thank\s+you|please|ok(?:ay)?|cheers|great|that'?s\s+all|hi|hello|hey|dear\s+team|good\s+(?:morning|afternoon))$/i;

export function tidy(clause: string): { text: string; also: boolean } {
  let text = expandContractions(clause)
    .trim()
    .replace(/[.!]+$/, '')
    .trim();
  let also = false;
  for (let previous = ''; previous !== text;) {
    previous = text;
    text = text.replace(POLITE_LEAD, '').replace(POLITE_TAIL, '').replace(PURPOSE_TAIL, '').trim();
    // "the word count is missing": a request to add it.
    const missing = /^(?:the\s+)?(.+?)\s+(?:is|are)\s+(?:still\s+)?missing$/i.exec(text);
    if (missing?.[1]) {
      also = true;
      text = missing[1];
    }
    if (WISH.test(text)) {
      also = true;
      text = text
        .replace(WISH, '')
        .replace(/\s+(?:had|have)$/i, '')
        .trim();
    }
    if (ALSO_TAIL.test(text)) {
      also = true;
      text = text.replace(ALSO_TAIL, '').trim();
    }
    // "Also: is the company publicly traded?": the colon only introduces the request.
    if (/^also\b[\s,:]*/i.test(text)) {
      also = true;
      text = text.replace(/^also\b[\s,:]*/i, '');
    }
  }
  return { text, also };
}
