// Task inputs: what one run is given. Default is one website; descriptions can name others
// ("given a company website and a country", "for each product page URL", "Inputs: name, city").

import type { InputType, TaskInput } from '@/lib/contract/task-definition';
import { capitalise, humanise, toIdentifier, words } from './names';
import { cleanItem, splitEnumeration } from './phrases';
import { isAcceptableToken, isMeaningfulWord } from './word-checks';

export const DEFAULT_INPUT: TaskInput = {
  name: 'website',
  type: 'url',
  description: 'Website address to research',
};

const WEBSITE_WORDS = new Set(
  'company business organization organisation website site homepage home page domain url web address link main official corporate target their its the a an'.split(
    ' ',
  ),
);
const WEBSITE_HEADS = new Set(['website', 'site', 'homepage', 'domain', 'web', 'url']);
// A page is given by its address: "a product page" is the same input as "a product page URL".
const URL_TAILS = new Set(['url', 'urls', 'link', 'links', 'page', 'webpage']);

/** The input a phrase names ("a company website" → website/url, "a country" → country/string). */
export function inputFromPhrase(phrase: string, type?: InputType): TaskInput | undefined {
  // "the URL of a job posting", "the link to a recipe": the address of a page names that page.
  const urlOf =
    /^(?:the\s+|a\s+|an\s+)?(?:url|link|address|web\s+address)\s+(?:of|to|for)\s+(?:an?\s+|the\s+|each\s+)?(.+)$/i.exec(
      phrase.trim(),
    );
  if (urlOf?.[1] && (type === undefined || type === 'url')) {
    const stem = words(urlOf[1]).filter((t) => t !== 'page' && t !== 'web');
    const name = toIdentifier(`${stem.slice(-2).join(' ')} url`);
    if (name && stem.length > 0 && stem.length <= 4)
      return { name, type: 'url', description: capitalise(phrase.trim()) };
  }
  const text = cleanItem(phrase).text;
  const tokens = words(text);
  if (tokens.length === 0 || tokens.length > 6) return undefined;
  if (!tokens.every(isAcceptableToken) || !tokens.some((t) => isMeaningfulWord(t))) {
    return undefined;
  }
  // "a company website", "a university website", "the shop's site": whose website it is does not
  // change the input.
  const ownedWebsite =
    tokens.length <= 3 && ['website', 'site', 'homepage', 'domain'].includes(tokens.at(-1) ?? '');
  const isWebsite =
    ownedWebsite || (tokens.every((t) => WEBSITE_WORDS.has(t)) && tokens.some((t) => WEBSITE_HEADS.has(t)));
  if (isWebsite && (type === undefined || type === 'url')) return DEFAULT_INPUT;

  const last = tokens[tokens.length - 1] ?? '';
  if (URL_TAILS.has(last) && (type === undefined || type === 'url')) {
    // "product page URL" → product_url: "page" adds nothing to the name.
    const stem = tokens.slice(0, -1).filter((t) => t !== 'page' && t !== 'web');
    const name = toIdentifier(`${stem.join(' ')} url`);
    return name ? { name, type: 'url', description: capitalise(text) } : undefined;
  }
  // "the name of a degree programme" → programme_name: the thing's head noun names what is given.
  const nameOf = /^(?:full\s+)?name\s+of\s+(?:an?\s+|the\s+|each\s+)?(?:[a-z0-9]+\s+)*?([a-z0-9]+)$/.exec(
    tokens.join(' '),
  );
  const name =
    tokens.includes('email') && tokens.length <= 2
      ? 'email'
      : nameOf?.[1]
        ? toIdentifier(`${nameOf[1]} name`)
        : toIdentifier(text);
  if (!name) return undefined;
  return { name, type: type ?? guessInputType(tokens), description: capitalise(text) };
}

function guessInputType(tokens: readonly string[]): InputType {
  if (tokens.includes('email')) return 'email';
  const last = tokens[tokens.length - 1] ?? '';
  if (['year', 'age', 'count', 'quantity', 'amount'].includes(last)) return 'number';
  return 'string';
}

const VERB =
  '(?:find|extract|get|return|look|list|collect|identify|determine|tell|research|scrape|search|fetch|retrieve|give|show|output|check)s?';
const CLAUSE_END = new RegExp(
  `\\s*(?:[,;:.]|$)|\\s+(?=(?:${VERB}|i|we|please|then|to|and\\s+(?:then\\s+)?${VERB})\\b)`,
  'i',
);
const FOR_HEADING = /^\s*for\s+((?:a|an)\s+[^:,.;]+?)\s*:/i;
const FOR_EACH_HEADING =
  /^\s*for\s+(?:each|every)\s+([^:,.;()]+?(?:\s*,?\s+and\s+(?:each|every)\s+[^:,.;()]+?)?)\s*(?:\([^)]*\))?\s*[:,]/i;
const IDENTIFIER_TAIL = /(?:^|_)(?:name|email|id|number|code|domain)$/;
const GIVEN = /\b(?:given|provided\s+with|starting\s+(?:from|with))\s+(?:only\s+|just\s+)?(?=\S)/gi;
const AS_INPUT =
  /\b(?:takes?|accepts?|uses?|receives?|with)\s+(.+?)\s+as\s+(?:an?\s+|its\s+|the\s+)?inputs?\b/gi;
const NOT_AN_INPUT = /^(?:on|in|at|by|to|for|from|with|as|that|this|it|them|above|below|here|there|back)\b/i;
const INPUTS_LINE = /^\s*(?:inputs?|input\s+columns?|input\s+fields?)\s*(?:is|are|:)\s*([^.;\n]+)[.;]?/im;
// "I'll upload a CSV with two columns, fund name and website": the columns of the sheet are the inputs.
const UPLOAD_COLUMNS =
  /\b(?:upload|send|give\s+you|feed\s+(?:it|you)|provide|have)\s+(?:a|an|the|our)\s+(?:csv|spreadsheet|sheet|list|file|excel(?:\s+file)?|table)\s+(?:file\s+)?with\s+(?:(?:two|three|four|five|\d+)\s+)?(?:columns?|fields?)?\s*[:,]?\s*([^.;\n]+)[.;]?/i;
const FOR_EACH_URL =
  /\bfor\s+(?:each|every|a|an|any|one)\s+((?:[a-z0-9'’-]+\s+){0,3}?(?:urls?|links?|web\s+address(?:es)?|domains?|websites?))\b/gi;
const FROM_URL =
  /\b(?:from|using|starting\s+from)\s+(?:a|an|each|every|any|the\s+given)\s+((?:[a-z0-9'’-]+\s+){0,3}?(?:url|link|web\s+address))\b/gi;

export interface DetectedInputs {
  inputs: TaskInput[];
  /** The description with input clauses blanked so they are not read as outputs. */
  rest: string;
}

/** Inputs named by a description; the default website input when none is named. */
export function detectInputs(text: string): DetectedInputs {
  const found: TaskInput[] = [];
  const add = (input: TaskInput | undefined): void => {
    if (input && !found.some((f) => f.name === input.name)) found.push(input);
  };
  let rest = text;

  const upload = UPLOAD_COLUMNS.exec(rest);
  const uploaded = upload?.[1] ? splitEnumeration(upload[1]).map((p) => inputFromPhrase(p)) : [];
  if (upload && uploaded.length > 0 && uploaded.every((i) => i !== undefined)) {
    uploaded.forEach(add);
    rest = rest.replace(upload[0], '. ');
  }
  const line = INPUTS_LINE.exec(rest);
  if (line?.[1]) {
    splitEnumeration(line[1]).forEach((p) => add(inputFromPhrase(p)));
    rest = rest.replace(line[0], ' ');
  }
  // "given a company website and a country, find …": the clause runs to punctuation or the next verb.
  const spans: Array<[number, number]> = [];
  for (const m of rest.matchAll(GIVEN)) {
    const clauseStart = m.index + m[0].length;
    const after = rest.slice(clauseStart);
    const end = CLAUSE_END.exec(after);
    const clause = after.slice(0, end ? end.index : after.length);
    if (NOT_AN_INPUT.test(clause)) continue;
    const inputs = splitEnumeration(clause).map((p) => inputFromPhrase(p));
    if (inputs.length === 0 || inputs.some((i) => i === undefined)) continue;
    inputs.forEach(add);
    spans.push([m.index, clauseStart + clause.length]);
  }
  // "For a company website and a country: …": a heading that names what one run is given.
  const heading = FOR_HEADING.exec(rest);
  const headingInputs = heading?.[1] ? splitEnumeration(heading[1]).map((p) => inputFromPhrase(p)) : [];
  if (
    heading &&
    headingInputs.some((i) => i?.type === 'url') &&
    headingInputs.every((i) => i !== undefined)
  ) {
    headingInputs.forEach(add);
    spans.push([heading.index, heading.index + heading[0].length]);
  }
  // "For each company website and country, find …", "For each contact email: …": what each run is
  // given, when it names a website or an identifier (a name, an email, an id), not rows on a page.
  const forEach = FOR_EACH_HEADING.exec(rest);
  const eachPhrases = forEach?.[1] ? splitEnumeration(forEach[1].replace(/\b(?:each|every)\s+/gi, '')) : [];
  const eachInputs = eachPhrases.map((p) => inputFromPhrase(p));
  // "For each chain we need the support email once per site, …" asks; it names no input.
  const asks = /\b(?:we|i|you|need|want|find|get|extract|give|return|please|list|collect)\b/i.test(
    forEach?.[1] ?? '',
  );
  if (
    forEach &&
    !asks &&
    spans.length === 0 &&
    eachInputs.length > 0 &&
    eachInputs.every((i) => i !== undefined) &&
    eachInputs.some((i) => i?.type === 'url' || IDENTIFIER_TAIL.test(i?.name ?? ''))
  ) {
    eachInputs.forEach(add);
    spans.push([forEach.index, forEach.index + forEach[0].length]);
  }
  for (const [start, end] of spans.reverse()) rest = `${rest.slice(0, start)} ${rest.slice(end)}`;
  for (const pattern of [AS_INPUT, FOR_EACH_URL, FROM_URL]) {
    rest = rest.replace(pattern, (whole: string, phrase: string) => {
      const inputs = splitEnumeration(phrase).map((p) => inputFromPhrase(p));
      if (inputs.length === 0 || inputs.some((i) => i === undefined)) return whole;
      inputs.forEach(add);
      return ' ';
    });
  }
  return { inputs: found.length > 0 ? found : [DEFAULT_INPUT], rest: rest.replace(/[ \t]+/g, ' ') };
}

/** The input a run is mainly about: the first URL input. Others are added to queries as context. */
export function primaryInput(inputs: readonly TaskInput[]): TaskInput | undefined {
  return inputs.find((i) => i.type === 'url');
}

/** " (country: {country})": how a query references a non-primary input. */
export function contextFor(input: TaskInput): string {
  return ` (${humanise(input.name)}: {${input.name}})`;
}

export function contextSuffix(inputs: readonly TaskInput[]): string {
  const primary = primaryInput(inputs);
  return inputs
    .filter((i) => i.name !== primary?.name)
    .map(contextFor)
    .join('');
}
