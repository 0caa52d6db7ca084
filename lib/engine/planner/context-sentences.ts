// Context sentences of a long description: "We're building a lead list for our sales team.", "I run a
// small agency.", "This is for a research project." They say who asks and why, not what to extract,
// so they give no fields as long as another sentence makes the request.

const WHO = String.raw`(?:we|i|our\s+(?:[a-z]+\s+){0,2}?(?:team|company|clients?|customers?|department|business|agency|firm|boss|manager)|my\s+(?:[a-z]+\s+){0,2}?(?:team|boss|manager|clients?|company))`;
// What the speaker does, not what they ask: any verb but the ones that make a request. The auxiliaries
// before it are taken whole (a lookahead and its back-reference), so the request check cannot be skipped.
const REQUEST_VERB = String.raw`(?:need|needs|want|wants|would|'d|like|wish|require|requires|must|have\s+to|has\s+to|look|looking|search|searching|try|trying|care|only|also\s+need|also\s+want|expect|expects|please|wonder|wondering|ask|asking|interested|curious|love|'d\s+love|hope|hoping|should|must|can|could|will|wanna)\b`;
const ACTIVITY = new RegExp(
  String.raw`^(?:(?:context|background|note|fyi|for\s+context)\s*[:,-]\s*)?(?:(?:so|and|but|because|as)\s+)?${WHO}\s+(?=((?:(?:are|am|is|'re|'m|currently|also|usually|often|always|regularly)\s+)*))\1(?!${REQUEST_VERB})[a-z]+`,
  'i',
);
const PURPOSE = /^(?:this|it|the\s+list|the\s+data)\s+(?:is|'s|will\s+be)\s+(?:for|used|needed)\b/i;

/** A sentence that only gives the request's background. */
export function isContextSentence(text: string): boolean {
  const t = text.trim().replace(/[’]/g, "'");
  if (/\?\s*$/.test(t)) return false;
  return ACTIVITY.test(t) || PURPOSE.test(t);
}

/** The sentences without their context, unless nothing would be left. */
export function withoutContext<T extends { text: string }>(sentences: readonly T[]): T[] {
  const requests = sentences.filter((s) => !isContextSentence(s.text));
  return requests.length > 0 ? requests : [...sentences];
}
