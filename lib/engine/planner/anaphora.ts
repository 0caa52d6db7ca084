// A pronoun that points back to the question before it: "Does the site have a privacy policy? Link to
// it if so" links to the privacy policy; "Is each job remote? Add that" adds what the question asks.

import { splitKeepingEnds } from './phrases';

const ASKED_THING = [
  // "does the site have a privacy policy", "do they offer a free trial"
  /^(?:does|do|did|has|have)\s+(?:the\s+[a-z]+|it|they|this\s+[a-z]+)\s+(?:have|offer|provide|publish|list|mention|include|show|run|operate|use)\s+(?:an?\s+|any\s+|the\s+|its\s+|their\s+)?(.+?)\s*\?$/i,
  // "is there a newsletter"
  /^(?:is|are)\s+there\s+(?:an?\s+|any\s+)?(.+?)\s*\?$/i,
];
const BACK_REFERENCE = /\b(to|of|for|from|on|in|about)\s+(?:it|them)\b/i;
const ADD_THAT =
  /^(?:please\s+)?(?:add|include|keep|capture|extract|return)\s+(?:that|this|it)(?:\s+(?:too|as\s+well|as\s+a\s+field|please))?[.!]*$/i;

/** "Does the site have a privacy policy? Link to it if so" → "… Link to the privacy policy if so". */
export function resolveBackReferences(text: string): string {
  const sentences = splitKeepingEnds(text);
  for (let i = 1; i < sentences.length; i += 1) {
    const before = (sentences[i - 1] ?? '').trim();
    const thing = ASKED_THING.map((re) => re.exec(before)?.[1]).find((t) => t !== undefined);
    if (!thing) continue;
    const here = sentences[i] ?? '';
    if (!BACK_REFERENCE.test(here)) continue;
    // The sentence continues the request about that thing, so it asks for what it names.
    const resolved = here.replace(BACK_REFERENCE, (_m, prep: string) => `${prep} the ${thing}`);
    sentences[i] = `Also ${resolved.charAt(0).toLowerCase()}${resolved.slice(1)}`;
  }
  return sentences.join(' ');
}

// The form of the answer a question asked: "Where is it headquartered? Give the full address."
const ANSWER_FORM: Array<[RegExp, RegExp]> = [
  [
    /^where\b/i,
    /^(?:(?:please\s+)?(?:give|provide|return|use|with|as)\s+)?(?:the\s+|a\s+)?((?:full|complete|exact|whole|street|postal)\s+)?(?:street\s+)?address(?:\s+please)?[.!]?$/i,
  ],
  [
    /^when\b/i,
    /^(?:(?:please\s+)?(?:give|provide|return|use|with|as)\s+)?(?:the\s+|a\s+)?(?:(?:full|exact)\s+)?(?:date|year)(?:\s+only)?[.!]?$/i,
  ],
];

/** "Where is the company headquartered? Give the full address." asks one thing, in that form. */
export function answerForm(text: string): string {
  const sentences = splitKeepingEnds(text.trim());
  for (let i = 1; i < sentences.length; i += 1) {
    const question = (sentences[i - 1] ?? '').trim();
    const form = (sentences[i] ?? '').trim();
    if (!question.endsWith('?') || !ANSWER_FORM.some(([q, f]) => q.test(question) && f.test(form))) continue;
    // Only the form stays, as an aside: a verb inside it would read as a request of its own.
    const aside = form
      .replace(/[.!]+$/, '')
      .replace(/^(?:please\s+)?(?:give|provide|return|use|with|as|just)\s+/i, '')
      .replace(/^(?:the|a)\s+/i, '')
      .replace(/\s+please$/i, '')
      .toLowerCase();
    sentences[i - 1] = `${question.slice(0, -1).trimEnd()} (${aside})?`;
    sentences.splice(i, 1);
  }
  return sentences.join(' ');
}

/** "Is each job remote? Add that" → "Also: is each job remote?": the question is what to add. */
export function questionThenAdd(text: string): string {
  const sentences = splitKeepingEnds(text.trim());
  const last = sentences.at(-1) ?? '';
  const question = sentences.at(-2) ?? '';
  if (sentences.length !== 2 || !question.endsWith('?') || !ADD_THAT.test(last.trim())) return text;
  return `Also: ${question.charAt(0).toLowerCase()}${question.slice(1)}`;
}
