// "How many days do customers have to return items?" does not count days on the page: a number of
// time units followed by "to <verb>" is the time allowed for that action, a period ("return period",
// in days), as "how long do they have to cancel" is the cancellation period.

const TIME_LIMIT =
  /^how\s+(?:many\s+(days|weeks|months|years|hours)|long)\s+(?:do|does|did|will)\s+.+?\s+have\s+to\s+([a-z]+)\b.*$/i;

// The action noun English forms for a few verbs; others take "-ing" ("booking period").
const ACTION_NOUNS: Record<string, string> = {
  return: 'return',
  cancel: 'cancellation',
  refund: 'refund',
  apply: 'application',
  pay: 'payment',
  register: 'registration',
  withdraw: 'withdrawal',
  exchange: 'exchange',
  claim: 'claim',
};

export function timeLimit(text: string): string {
  const m = TIME_LIMIT.exec(text.trim().replace(/[?.!]+$/, ''));
  const verb = m?.[2]?.toLowerCase();
  if (!m || !verb) return text;
  const action = ACTION_NOUNS[verb] ?? `${verb.replace(/e$/, '')}ing`;
  return `${action} period (number, in ${(m[1] ?? 'days').toLowerCase()})`;
}
