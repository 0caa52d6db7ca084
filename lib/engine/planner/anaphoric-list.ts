// "Which jobs are open? For each one the job title and location": "each one" (each of them, each
// person) refers back to the plural named by the sentence before, so the two sentences ask for one
// list, "list all jobs with the job title and location".

const PLURAL_QUESTION =
  /^(?:which|what)\s+((?:[a-z-]+\s+){0,2}[a-z-]+s)\s+(?:are|were)\b.*$|^who\s+(?:is|are)\s+(?:on|in)\s+(?:the\s+|their\s+|its\s+)?([a-z -]+?)\s*\??$/i;
const LIST_REQUEST =
  /^(?:list|find|get|give|show|collect|extract)\s+(?:me\s+)?(?:all\s+)?(?:of\s+)?(?:the\s+|their\s+|its\s+)?((?:[a-z-]+\s+){0,2}[a-z-]+s)\s*$/i;
const EACH_ONE =
  /^for\s+(?:each|every)(?:\s+(?:one|of\s+them|person|member|item|entry))?\s*[,:]?\s+(.+)$|^(.+?)\s+for\s+(?:each|every)\s+(?:one|of\s+them|person|member|item|entry)$/i;

/** Sentences with a plural and a following "for each one …" joined into one list request. */
export function joinAnaphoricList(sentences: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < sentences.length; i += 1) {
    const here = (sentences[i] ?? '').trim().replace(/[?.!]+$/, '');
    const next = EACH_ONE.exec((sentences[i + 1] ?? '').trim().replace(/[.!]+$/, ''));
    const plural = PLURAL_QUESTION.exec(here) ?? LIST_REQUEST.exec(here);
    const rows = plural?.[1] ?? plural?.[2];
    const columns = next?.[1] ?? next?.[2];
    if (rows && columns) {
      out.push(`List all ${rows} with ${columns.replace(/^(?:the|their|its)\s+/i, '')}`);
      i += 1;
    } else out.push(sentences[i] ?? '');
  }
  return out;
}
