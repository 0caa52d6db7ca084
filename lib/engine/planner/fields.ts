// One enumerated phrase → planned output(s): known fields, "whether they offer X" (boolean),
// "number of X" (number), "list of X" (list), bundles ("contact details"), else a custom field
// answered by a passage query.

import type { TaskOutput } from '@/lib/contract/task-definition';
import { isVague, itemTypeOf, planCustom } from './custom-fields';
import { headerName, headerPhrase } from './header-names';
import { asMoney, howMuchPhrase } from './money-questions';
import { canonical, capitalise, singular, words } from './names';
import { cleanItem } from './phrases';
import { isAcceptableToken } from './word-checks';
import { planBoolean } from './boolean-fields';
import { activeReporting } from './passive-report';
import { timeLimit } from './time-limit';
import { YES_NO_WORDS } from './yes-no-list';
import { retypeQuery } from './query-text';
import { render, subjectPrefix, type Subject } from './subject';
import type { PhraseContext, PlannedOutput } from './planned-output';
import { fieldByName, lookupBundle, lookupField, type FieldSpec } from './vocabulary';

/** Planned outputs for one enumerated item; [] when nothing extractable is named. */
// "remote or not", "free shipping (yes/no)": a yes/no question said after its subject.
const YES_NO_TAIL = new RegExp(
  String.raw`^(.+?)\s*(?:,\s*)?(?:or\s+not|\(?\s*(?:${YES_NO_WORDS}|true\s*\/\s*false)\s*\)?)$`,
  'i',
);

export function planPhrase(raw: string, ctx: PhraseContext): PlannedOutput[] {
  const yesNo = YES_NO_TAIL.exec(raw.trim());
  // One word ("vegan or not") is a state the thing is in: "whether it is vegan".
  const state = yesNo?.[1] && !/\s/.test(yesNo[1].trim()) ? `it is ${yesNo[1].trim()}` : yesNo?.[1];
  const asked =
    state && !/^(?:whether|if|is|are|does|do|has|have|can)\b/i.test(state) ? `whether ${state}` : raw;
  const cleaned = cleanItem(timeLimit(activeReporting(asked)));
  if (!cleaned.text) return [];
  const formatted = planCleaned(cleaned.text, cleaned.all, ctx).map((p) =>
    cleaned.format ? { ...p, output: withFormat(p.output, cleaned.format) } : p,
  );
  const hint = cleaned.typeHint;
  if (!hint) return formatted;
  return formatted.map((p) => {
    const { items: _items, ...output } = p.output;
    return {
      ...p,
      output: {
        ...(hint === 'list' && p.output.items ? p.output : output),
        type: hint,
        query: p.output.type === hint ? p.output.query : retypeQuery(p.output.query, hint),
      },
      explicitType: true,
    };
  });
}

// "the reading time in minutes", "distance in km": a value given in a unit is a number.
const UNIT_FORMAT =
  /^(?:in\s+)?(?:seconds?|minutes?|mins?|hours?|days?|weeks?|months?|years?|km|kilomet(?:er|re)s?|miles?|met(?:er|re)s?|square\s+(?:feet|foot|met(?:er|re)s?)|sq\s*(?:ft|m)|m2|m²|kg|kilograms?|grams?|pounds?|lbs?|percent|%|mb|gb|tb)$/i;

/** Formatting guidance on a planned output; a unit ("in minutes") makes a text value a number. */
export function withFormat(output: TaskOutput, format: string): TaskOutput {
  if (output.type !== 'string' || !UNIT_FORMAT.test(format.trim())) return { ...output, format };
  return { ...output, type: 'number', query: retypeQuery(output.query, 'number'), format };
}

const COMPANY_WORDS = new Set(['company', 'organization', 'organisation', 'firm', 'employer', 'business']);

// "website"/"url" alone are real outputs when the input is not a website, so they are kept here
// and dropped by the caller when they would just echo the input.
function isBareContext(text: string): boolean {
  const c = canonical(text);
  return (
    isVague(text) && !['website', 'site', 'homepage', 'domain', 'url', 'web site', 'website url'].includes(c)
  );
}

function planCleaned(raw: string, all: boolean, ctx: PhraseContext): PlannedOutput[] {
  // Whole-phrase aliases first: "what does the company do" is made of filler words only.
  const direct = lookupKnown(raw, ctx);
  if (direct) {
    // A company's "summary" is its description; an article's or a book's is a summary.
    const planned = fromSpec(direct, ctx);
    return [several(ctx.subject.noun === 'company' ? planned : typedHeader(planned, raw), raw, all, ctx)];
  }
  // "speakers with their name and company": when the task is not about a company, a bare
  // "company" is a value (the speaker's employer), not the thing researched.
  if (ctx.subject.noun !== 'company' && COMPANY_WORDS.has(canonical(raw))) return fromName('company', ctx);
  if (isBareContext(raw)) return [];
  const boolean = planBoolean(raw, ctx.subject);
  if (boolean) return [boolean];
  // "which payment methods do they accept": the thing asked about, several when plural.
  const which = WHICH.exec(raw);
  if (which?.[1] && !isVague(which[1])) {
    const last = words(which[1]).at(-1) ?? '';
    return planCleaned(which[1], all || singular(last) !== last, { ...ctx, allowCustom: true });
  }
  const howMuch = howMuchPhrase(raw);
  if (howMuch) return planCleaned(howMuch, all, { ...ctx, allowCustom: true }).map(asMoney);
  const text = raw.replace(/^(?:the\s+)?(?:total\s+)?amount\s+of\s+/i, '');
  const count = planCount(text, ctx);
  if (count) return [count];
  const listOf = /^(?:a\s+)?(?:full\s+|complete\s+)?list\s+of\s+(.+)$/i.exec(text);
  if (listOf?.[1]) return planList(cleanItem(listOf[1]).text, ctx);

  // "the name of the person who wrote the article" is "who wrote the article".
  const personWho = PERSON_WHO.exec(text)?.[1];
  if (personWho) {
    const spec = lookupKnown(personWho, ctx);
    if (spec) return [fromSpec(spec, ctx)];
  }
  const stripped = stripRelative(text);
  const header = headerPhrase(stripped, ctx.subject.noun);
  for (const candidate of [text, flipOf(text), stripped, flipOf(stripped), header]) {
    const bundle = lookupBundle(candidate);
    if (bundle) return bundle.flatMap((name) => fromName(name, ctx));
    const spec = lookupKnown(candidate, ctx);
    if (spec) return [several(fromSpec(spec, ctx), stripped, all, ctx)];
  }
  if (!ctx.allowCustom) return [];
  const custom = planCustom(stripped, all, ctx);
  return custom ? [custom] : [];
}

/** "all the phone numbers", "which countries": a known single-value field asked for several times is a list. */
// Known fields a thing often has several of: typed in the plural ("the authors", "brands they sell")
// they are a list, named as typed.
const COUNTABLE = new Set([
  'author',
  'brand',
  'category',
  'language',
  'cuisine',
  'country',
  'department',
  'industry',
]);

function several(p: PlannedOutput, text: string, all: boolean, ctx: PhraseContext): PlannedOutput {
  const last = words(text).at(-1) ?? '';
  const plural = singular(last) !== last;
  const countable = plural && COUNTABLE.has(p.output.name) && words(text).length <= 2;
  if ((!all && !countable) || !plural || p.output.type === 'list' || p.output.type === 'boolean') return p;
  const name = headerName(text, ctx.subject.noun) || p.output.name;
  const items = itemTypeOf(p.output.type);
  const { items: _items, ...output } = p.output;
  return {
    ...p,
    output: {
      ...output,
      name,
      type: 'list',
      description: capitalise(text),
      query: render(`What are {poss} ${text}? List each one.`, ctx.subject),
      ...(items ? { items } : {}),
    },
  };
}

const PERSON_WHO =
  /^(?:(?:full\s+)?names?\s+of\s+)?(?:the\s+)?(?:person|people|individual|one|someone)\s+(who\s+.+)$/i;

// "a short summary" of an article is a summary, though it asks what a description asks: the header
// says what was typed.
const TYPED_HEADS: Readonly<Record<string, readonly string[]>> = {
  description: ['summary', 'overview', 'abstract', 'bio'],
};

function typedHeader(p: PlannedOutput, raw: string): PlannedOutput {
  const head = words(raw).at(-1) ?? '';
  return TYPED_HEADS[p.output.name]?.includes(head) ? { ...p, output: { ...p.output, name: head } } : p;
}

function lookupKnown(text: string, ctx: PhraseContext): FieldSpec | undefined {
  if (canonical(text) === 'x') return ctx.allowBareX ? fieldByName('twitter_url') : undefined;
  return lookupField(text, ctx.subject.noun);
}

function fromName(name: string, ctx: PhraseContext): PlannedOutput[] {
  const spec = fieldByName(name);
  return spec ? [fromSpec(spec, ctx)] : [];
}

/** Renders a known field against the subject. "name" means the subject's name: company_name, product_name. */
export function fromSpec(spec: FieldSpec, ctx: { subject: Subject }): PlannedOutput {
  const { subject } = ctx;
  if (spec.name === 'name' && !subject.list) {
    const company = fieldByName('company_name');
    if (subject.noun === 'company' && company) return fromSpec(company, ctx);
    // "small digital agencies … the agency name": the subject's head noun names it (agency_name).
    const name = headerName(`${words(subject.noun).at(-1) ?? subjectPrefix(subject)} name`) || 'name';
    return {
      output: {
        name,
        type: spec.type,
        description: render(spec.description, subject),
        query: render(spec.query, subject),
      },
      label: `${subject.noun} name`,
      explicitType: false,
    };
  }
  const output: TaskOutput = {
    name: spec.subjectNames?.[words(subject.noun).at(-1) ?? ''] ?? spec.name,
    type: spec.type,
    description: render(spec.description, subject),
    query: render(spec.query, subject),
    ...(spec.items ? { items: spec.items } : {}),
  };
  return spec.group
    ? { output, label: spec.label, group: spec.group, explicitType: false }
    : { output, label: spec.label, explicitType: false };
}

const WHICH =
  /^(?:what|which)\s+(?:kinds?\s+of\s+|types?\s+of\s+|sorts?\s+of\s+)?(.+?)\s+(?:do|does|did|can|will|are|is)\s+(?:they|it|he|she|we|you|the\s+[a-z]+|their\s+[a-z]+|its\s+[a-z]+)\s+[a-z]+(?:\s+(?:on|at|for|in|to|with|from|by))?$/i;

const COUNT_LEAD = /^(?:the\s+)?(?:total\s+)?(?:number|count|no\.?|quantity|#)\s+of\s+(.+)$/i;
const HOW_MANY = /^how\s+many\s+(.+)$/i;
const COUNT_TAIL =
  /\s+(?:(?:do|does|did|are|is|has|have|were|was)\b|(?:they|it|the\s+company|there|we|you)(?:\s|$)).*$/i;

const AFTER_NOUN = new Set('of in on at for from by with per across within to'.split(' '));

/** "how many employees work there": the counted thing ends at its plural noun, before the verb. */
function countedThing(text: string, howMany: boolean): string {
  if (!howMany) return text;
  const tokens = text.split(/\s+/);
  const at = tokens.findIndex((t) => {
    const w = t.toLowerCase();
    return singular(w) !== w;
  });
  if (at < 0 || at === tokens.length - 1 || AFTER_NOUN.has((tokens[at + 1] ?? '').toLowerCase())) return text;
  return tokens.slice(0, at + 1).join(' ');
}

function planCount(text: string, ctx: PhraseContext): PlannedOutput | undefined {
  const m = COUNT_LEAD.exec(text) ?? HOW_MANY.exec(text);
  if (!m?.[1]) return undefined;
  const thing = countedThing(cleanItem(m[1].replace(COUNT_TAIL, '')).text, !COUNT_LEAD.test(text));
  if (!thing || isVague(thing)) return undefined;
  const known = lookupField(`number of ${thing}`, ctx.subject.noun);
  if (known && known.type === 'number') return fromSpec(known, ctx);
  const name = headerName(`number of ${thing}`, ctx.subject.noun);
  if (!name || !words(thing).every(isAcceptableToken)) return undefined;
  return {
    output: {
      name,
      type: 'number',
      description: `Number of ${thing}`,
      query: render(`How many ${thing} does {the} have? Give a number.`, ctx.subject),
    },
    label: `number of ${thing}`,
    explicitType: false,
  };
}

function planList(inner: string, ctx: PhraseContext): PlannedOutput[] {
  if (!inner || isVague(inner)) return [];
  const spec = lookupKnown(inner, ctx);
  if (spec) {
    const planned = fromSpec(spec, ctx);
    const items = planned.output.items ?? itemTypeOf(spec.type);
    return [{ ...planned, output: { ...planned.output, type: 'list', ...(items ? { items } : {}) } }];
  }
  const custom = planCustom(inner, true, { ...ctx, allowCustom: true });
  if (!custom) return [];
  const items = custom.output.type === 'list' ? custom.output.items : itemTypeOf(custom.output.type);
  const { items: _items, ...output } = custom.output;
  return [{ ...custom, output: { ...output, type: 'list', ...(items ? { items } : {}) } }];
}

// "products they sell" → "products"; "plans that are offered" → "plans".
function stripRelative(text: string): string {
  return text
    .replace(
      /\s+(?:that|which|who)?\s*(?:they|it|the\s+company|he|she|we)\s+(?:has|have|had|lists?|offers?|mentions?|shows?|provides?|sells?|uses?|works?\s+with|serves?|publish(?:es)?)\s*$/i,
      '',
    )
    .replace(
      /\s+(?:that|which)?\s*(?:is|are)\s+(?:listed|mentioned|shown|available|given|offered|provided)\s*$/i,
      '',
    )
    .trim();
}

// "name of the CEO" → "CEO name", "date of publication" → "publication date".
const FLIPPABLE =
  /^(names?|emails?|email\s+address(?:es)?|phone(?:\s+numbers?)?|address(?:es)?|titles?|date|year|location|website|url|link|price|size|age|city|country|logo|description|start\s+date|end\s+date)\s+of\s+(?:the\s+|a\s+|an\s+|their\s+|its\s+)?(.+)$/i;

function flipOf(text: string): string {
  const m = FLIPPABLE.exec(text);
  return m?.[1] && m[2] ? `${m[2]} ${m[1]}` : text;
}
