// "I need a task that goes to each company's website and finds out who the CEO is": a description of
// the task itself. The relative clause's verbs say what the task does: the first, a verb of going
// ("goes to", "visits", "opens"), names the page each run reads; the next is the request. Read as
// "given a company's website, find out who the CEO is".

const TASK_LEAD =
  /^(?:(?:i|we)\s+(?:need|want|would\s+like)|(?:please\s+)?(?:build|create|make|set\s+up|write)(?:\s+me)?)\s+(?:a|an|one)\s+(?:new\s+)?task\s+(?:that|which)\s+(.+)$/is;
const GOES_TO =
  /^(?:goes\s+to|go\s+to|visits?|opens?|reads?|crawls?|checks?|looks\s+at|look\s+at)\s+((?:each|every|the|a|an)\s+[^,]+?)\s+and\s+(.+)$/is;

/** "finds out" → "find out": the request in the imperative the rules read. */
function imperative(clause: string): string {
  return clause.replace(/^([a-z]+?)(?:(?<=(?:sh|ch|x|ss))es|s)\b/i, '$1');
}

export function taskClause(text: string): string {
  const lead = TASK_LEAD.exec(text.trim());
  if (!lead?.[1]) return text;
  const going = GOES_TO.exec(lead[1]);
  if (!going?.[1] || !going[2]) return imperative(lead[1]);
  // One run reads one page: "each product page" is the input of a run, not rows of a list.
  const page = going[1].replace(/^(?:each|every|the|an?)\s+/i, 'a ');
  return `Given ${page}, ${imperative(going[2])}`;
}
