// Custom outputs: a noun phrase the vocabulary does not know becomes an output with a column-header
// name, typed by its head word ("annual fee" → money, "support phone number" → phone), and people
// named by their role ("the CFO") are asked by name.

import type { ListItemType, OutputType } from '@/lib/contract/task-definition';
import type { PhraseContext, PlannedOutput } from './planned-output';
import { headerName, headerPhrase } from './header-names';
import { canonical, capitalise, singular, words } from './names';
import { isAcceptableToken, STOP_WORDS } from './word-checks';
import { render } from './subject';

// Words that only point at the thing being researched, never at a field.
const CONTEXT_WORDS = new Set(
  (
    'company business organization organisation firm page it them everything anything stuff thing information info ' +
    'data detail result field output value following below above item entry website site homepage domain url web ' +
    'internet online task tool script scraper agent workflow ' +
    // Verbs left over from how the task should work ("the task who goes to the website"), never a field.
    'check checks go goes visit visits look looks search searches open opens crawl crawls browse browses'
  ).split(' '),
);

export function isVague(text: string): boolean {
  return canonical(text)
    .split(' ')
    .every((w) => w.length === 0 || STOP_WORDS.has(w) || CONTEXT_WORDS.has(w));
}

/** The element type of a list whose single values would have `type`; string adds nothing. */
export function itemTypeOf(type: OutputType): ListItemType | undefined {
  return type === 'number' ||
    type === 'money' ||
    type === 'date' ||
    type === 'url' ||
    type === 'email' ||
    type === 'phone'
    ? type
    : undefined;
}

const EMAIL_HEADS = new Set(['email']);
const URL_HEADS = new Set(['url', 'link', 'website', 'homepage', 'page', 'site', 'webpage', 'profile']);
const DATE_HEADS = new Set(['date', 'day', 'deadline', 'birthday', 'anniversary', 'when']);
const NUMBER_HEADS = new Set([
  'count',
  'year',
  // A wine's vintage is its year.
  'vintage',
  'age',
  'percentage',
  'percent',
  'quantity',
  'total',
  'score',
  'size',
  // Measurements: "square footage", "floor area", "battery capacity" are read as numbers.
  'footage',
  'area',
  'duration',
  'length',
  'weight',
  'height',
  'width',
  'depth',
  'distance',
  'capacity',
  'population',
  'mileage',
  'rank',
  'ranking',
  'calorie',
  'kcal',
]);
export const MONEY_HEADS = new Set([
  'price',
  'fee',
  'cost',
  'salary',
  'pay',
  'wage',
  'budget',
  'revenue',
  'amount',
  'turnover',
  'funding',
  'rent',
  'fare',
  'tuition',
  'payout',
  'msrp',
]);
const PHONE_HEADS = new Set(['phone', 'telephone', 'fax', 'hotline', 'mobile', 'whatsapp']);

// "practice area", "service area" name a field of work; only a bare or measured area is a surface.
const NOT_MEASURED_AREA = new Set([
  'practice',
  'service',
  'coverage',
  'focus',
  'business',
  'research',
  'subject',
  'study',
  'delivery',
  'expertise',
]);

export function inferType(tokens: readonly string[], all: boolean): OutputType {
  // "price per night", "cost per person": a money head with its unit after "per".
  // "price per night", "calories per portion": the value is what comes before "per".
  const per = tokens.indexOf('per');
  if (per > 0) return inferType(tokens.slice(0, per), all);
  const head = singular(tokens[tokens.length - 1] ?? '');
  const before = singular(tokens[tokens.length - 2] ?? '');
  if (head === 'area' && NOT_MEASURED_AREA.has(before)) return 'string';
  // "date of opening of the exhibition": a phrase that starts with its date head is a date.
  if (DATE_HEADS.has(singular(tokens[0] ?? '')) && tokens[1] === 'of') return 'date';
  if (EMAIL_HEADS.has(head) || (head === 'address' && before === 'email')) return 'email';
  if (head === 'address' && before === 'web') return 'url';
  if (PHONE_HEADS.has(head) || (head === 'number' && PHONE_HEADS.has(before))) return 'phone';
  if (URL_HEADS.has(head)) return 'url';
  if (DATE_HEADS.has(head)) return 'date';
  if (MONEY_HEADS.has(head)) return 'money';
  if (NUMBER_HEADS.has(head)) return 'number';
  const last = tokens[tokens.length - 1] ?? '';
  if (all && last !== head) return 'list';
  return 'string';
}

const CUSTOM_QUERY: Record<OutputType, string> = {
  string: 'What is {poss} %s, as stated on the website?',
  email: 'What is {poss} %s?',
  url: 'What is the web address (URL) of {poss} %s?',
  date: 'What is {poss} %s? Give the date.',
  number: 'What is {poss} %s? Give a number.',
  money: 'What is {poss} %s? Give the amount and currency.',
  phone: 'What is {poss} %s? Give the phone number.',
  boolean: 'Does the website say {the} has %s? Answer yes or no.',
  list: 'What are {poss} %s? List each one.',
};

// People named by their role: "the CFO", "their data protection officer" are asked by name.
// prettier-ignore
const ROLE_HEADS = new Set([
  'officer', 'director', 'manager', 'cto', 'cfo', 'coo', 'cmo', 'cio', 'cso', 'cpo', 'cro', 'president', 'chairman',
  'chairwoman', 'chairperson', 'chair', 'owner', 'editor', 'partner', 'secretary', 'treasurer', 'spokesperson',
  'dpo', 'principal', 'headmaster', 'dean', 'chef', 'captain', 'coach', 'curator', 'organizer', 'organiser', 'host',
]);

function planRole(text: string, ctx: PhraseContext): PlannedOutput | undefined {
  const tokens = words(text);
  const head = tokens[tokens.length - 1] ?? '';
  if (!ROLE_HEADS.has(head) || tokens.length > 4) return undefined;
  // "name of the president" already asks for the name: "president name", not "president name name".
  const role = text
    .replace(/^(?:the\s+)?(?:full\s+)?names?\s+of\s+/i, '')
    .replace(/^(?:the|their|its|a|an)\s+/i, '');
  const name = headerName(`${role} name`, ctx.subject.noun);
  return {
    output: {
      name,
      type: 'string',
      description: `Name of the ${role}`,
      query: render(`Who is {poss} ${role}? Give their full name.`, ctx.subject),
    },
    label: `${role} name`,
    explicitType: false,
  };
}

/** Any other noun phrase: a custom output with a column-header name, typed by its head word. */
export function planCustom(text: string, all: boolean, ctx: PhraseContext): PlannedOutput | undefined {
  const tokens = words(text);
  // Articles and "of" do not make a phrase long: "the price of the trial class of the yoga studio" is short.
  const content = tokens.filter((t) => !/^(?:the|a|an|of|its|their)$/.test(t));
  if (content.length === 0 || content.length > 8 || tokens.length > 12 || isVague(text)) return undefined;
  if (!tokens.every(isAcceptableToken)) return undefined;
  const role = all ? undefined : planRole(text, ctx);
  if (role) return role;
  const name = headerName(text, ctx.subject.noun);
  if (!name) return undefined;
  // The question reads the rewritten phrase ("the article's main topic", not "the article's main
  // topic of the article") but keeps the analyst's casing when nothing was rewritten.
  const header = headerPhrase(text, ctx.subject.noun);
  const plain = text.replace(/^(?:the|a|an|their|its)\s+/i, '');
  const asWritten = words(plain).join(' ') === header ? plain : header;
  const headerTokens = header.split(' ');
  const type = inferType(headerTokens, all);
  // "the product's product weight" reads badly: drop a leading subject noun from the question.
  const subjectWords = words(ctx.subject.noun);
  const phrase =
    headerTokens.slice(0, subjectWords.length).join(' ') === subjectWords.join(' ') &&
    headerTokens.length > subjectWords.length
      ? asWritten.split(/\s+/).slice(subjectWords.length).join(' ')
      : asWritten;
  // "awards" → "What are the company's awards": plural heads take a plural verb.
  const last = headerTokens[headerTokens.length - 1] ?? '';
  const template =
    type === 'string' && singular(last) !== last
      ? CUSTOM_QUERY.string.replace('What is', 'What are')
      : CUSTOM_QUERY[type];
  // "the URL of the pricing page URL" says URL twice.
  const asked = type === 'url' ? phrase.replace(/\s+(?:url|link|address)$/i, '') : phrase;
  const items = type === 'list' ? itemTypeOf(inferType([singular(last)], false)) : undefined;
  return {
    output: {
      name,
      type,
      description: capitalise(asWritten),
      query: render(template.replace('%s', asked), ctx.subject),
      ...(items ? { items } : {}),
    },
    label: asWritten,
    explicitType: false,
  };
}
