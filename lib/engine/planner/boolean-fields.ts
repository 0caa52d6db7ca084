// Yes/no outputs: "whether they offer a free trial", "if they ship internationally",
// "does the restaurant take reservations", "is the company hiring".

import { capName, headerPhrase } from './header-names';
import { ESTABLISHMENT_NOUNS } from './establishments';
import { canonical, singular, toIdentifier, words } from './names';
import type { PlannedOutput } from './planned-output';
import { isAcceptableToken, isMeaningfulWord } from './word-checks';
import { render, type Subject } from './subject';
import { lookupField } from './vocabulary';

const LEAD =
  /^(?:check\s+)?(whether|if|does|do|did|is|are|was|can|has|have)\s+(?:or\s+not\s+)?(.+?)(?:,?\s+or\s+not)?$/i;

// Verb forms → [base, third person]. Names read "<third>_<object>": offers_free_trial.
const VERBS = new Map<string, [string, string]>();
for (const [base, third, ...others] of [
  ['offer', 'offers', 'offered'],
  ['provide', 'provides', 'provided'],
  ['have', 'has', 'had'],
  ['support', 'supports'],
  ['sell', 'sells'],
  ['ship', 'ships'],
  ['accept', 'accepts'],
  ['use', 'uses'],
  ['list', 'lists'],
  ['mention', 'mentions'],
  ['include', 'includes'],
  ['allow', 'allows'],
  ['hire', 'hires'],
  ['publish', 'publishes'],
  ['run', 'runs'],
  ['operate', 'operates'],
  ['take', 'takes'],
  ['deliver', 'delivers'],
  ['integrate', 'integrates'],
  ['require', 'requires'],
  ['charge', 'charges'],
  ['serve', 'serves'],
  ['display', 'displays'],
  ['feature', 'features'],
  ['come', 'comes'],
  ['be', 'is', 'are', 'was', 'were'],
] as const) {
  for (const form of [base, third, ...others]) VERBS.set(form, [base, third]);
}

// Words that can stand before the verb as its subject ("the company", "they", "there").
const SUBJECTISH = new Set(
  (
    'the a an this that they it he she there company business site website store shop product vendor brand firm ' +
    'organization organisation restaurant hotel page person app service platform school event property job posting ' +
    'role position article currently already also actually still each every'
  ).split(' '),
);

/** A word of the clause's subject: the page's own subject ("the dental practice"), a place, a pronoun. */
function isSubjectish(token: string, subject: Subject): boolean {
  const word = token.toLowerCase();
  return (
    SUBJECTISH.has(word) || ESTABLISHMENT_NOUNS.has(singular(word)) || words(subject.noun).includes(word)
  );
}

// "is parking available", "are pets allowed": the thing and the state are the header (parking_available).
const OFFERED =
  /^(?:(?:is|are)\s+(?!(?:the|this|it|they|there)\b)(.+?)|(?:whether|if)\s+(?!(?:the|this|it|they|there)\b)(.+?)\s+(?:is|are))\s+(available|offered|included|allowed|permitted|possible|supported|accepted)$/i;

const ARTICLE = /^(?:a|an|the|any|some)\s+/i;
const DETERMINERS = new Set(['the', 'this', 'that', 'their', 'its', 'each', 'every']);

// "is the shipping free", "whether delivery is free": a header puts "free" first (free_shipping).
const FREE =
  /^(?:(?:is|are)\s+(?:the\s+)?(.+?)|(?:whether|if)\s+(?:the\s+)?(.+?)\s+(?:is|are))\s+(?:free|free\s+of\s+charge)$/i;

/** A boolean output for a yes/no phrasing, or undefined when the phrase is not one. */
export function planBoolean(text: string, subject: Subject): PlannedOutput | undefined {
  const free = FREE.exec(text.trim());
  const thing = free?.[1] ?? free?.[2];
  if (thing && words(thing).length <= 2 && meaningful(thing) && !/^(?:it|they|this|that)$/i.test(thing)) {
    const name = capName(`free ${headerPhrase(thing, subject.noun)}`);
    if (name)
      return {
        output: {
          name,
          type: 'boolean',
          description: `Whether ${thing} is free`,
          query: render(`Based on the website, is ${thing} free at {the}? Answer yes or no.`, subject),
        },
        label: `free ${thing}`.toLowerCase(),
        explicitType: false,
      };
  }
  const offered = OFFERED.exec(text.trim());
  const offeredThing = offered?.[1] ?? offered?.[2];
  if (offered?.[3] && offeredThing && meaningful(offeredThing)) {
    const state = offered[3].toLowerCase();
    const thing = offeredThing.replace(ARTICLE, '');
    const name = capName(`${headerPhrase(thing, subject.noun)} ${state}`);
    if (name)
      return {
        output: {
          name,
          type: 'boolean',
          description: `Whether ${thing} is ${state}`,
          query: render(`Based on the website, is ${thing} ${state} at {the}? Answer yes or no.`, subject),
        },
        label: `${thing} ${state}`.toLowerCase(),
        explicitType: false,
      };
  }
  // "there is a free trial?" (a question typed, or rewritten from "¿Hay …?", in statement order).
  const m = LEAD.exec(text.trim().replace(/^there\s+(is|are)\s+/i, '$1 there '));
  const lead = m?.[1]?.toLowerCase();
  const rest = m?.[2]?.trim();
  if (!lead || !rest) return undefined;
  // "Can you help me?" asks the assistant, not the website.
  if (/^(?:you|i|we|u)\b/i.test(rest)) return undefined;
  const tokens = rest.split(/\s+/);
  const subjectish = (token: string | undefined): boolean => isSubjectish(token ?? '', subject);

  let verbAt = -1;
  // Nouns after a determiner name the subject too ("whether the dental practice takes NHS patients").
  let afterDeterminer = 0;
  for (let i = 0; i < Math.min(tokens.length - 1, 4); i += 1) {
    const token = (tokens[i] ?? '').toLowerCase();
    if (VERBS.has(token)) {
      verbAt = i;
      break;
    }
    if (DETERMINERS.has(token)) afterDeterminer = 2;
    else if (!subjectish(tokens[i]) && !(afterDeterminer-- > 0 && isMeaningfulWord(token))) break;
  }
  // "does the privacy policy mention GDPR": after do/does/did the verb's base form follows a
  // subject of any words.
  if (verbAt < 0 && ['do', 'does', 'did'].includes(lead)) {
    for (let i = 1; i < Math.min(tokens.length - 1, 5); i += 1) {
      const token = (tokens[i] ?? '').toLowerCase();
      if (VERBS.get(token)?.[0] === token && token !== 'be') {
        verbAt = i;
        break;
      }
    }
  }

  let verb: [string, string];
  let subjectTokens: string[];
  let objectText: string;
  if (verbAt >= 0) {
    verb = VERBS.get((tokens[verbAt] ?? '').toLowerCase()) ?? ['be', 'is'];
    subjectTokens = tokens.slice(0, verbAt).map((t) => t.toLowerCase());
    objectText = tokens.slice(verbAt + 1).join(' ');
  } else if (['is', 'are', 'was', 'has', 'have', 'does', 'do', 'did'].includes(lead)) {
    // "is the company hiring", "has the company raised funding": the lead is the verb.
    let i = 0;
    while (i < tokens.length - 1 && subjectish(tokens[i])) i += 1;
    verb =
      lead === 'has' || lead === 'have'
        ? ['have', 'has']
        : lead.startsWith('d')
          ? ['do', 'does']
          : ['be', 'is'];
    subjectTokens = tokens.slice(0, i).map((t) => t.toLowerCase());
    objectText = tokens.slice(i).join(' ');
  } else {
    return fallback(lead, rest, subject);
  }
  if (verb[0] === 'do') return fallback(lead, rest, subject);

  // "accept the payment by PayPal": the header names the means (accepts_paypal).
  const object = objectText
    .replace(ARTICLE, '')
    .replace(/^(?:payments?|paying)\s+(?:by|via|with|through|using)\s+/i, '')
    .trim();
  if (!object || !meaningful(object)) return undefined;
  // "whether the product is in stock" → the known in_stock field.
  if (verb[0] === 'be' || verb[0] === 'have') {
    const known = lookupField(object, subject.noun);
    if (known && known.type === 'boolean') {
      return {
        output: {
          name: known.name,
          type: 'boolean',
          description: render(known.description, subject),
          query: render(known.query, subject),
        },
        label: known.label,
        explicitType: false,
      };
    }
  }
  const there = subjectTokens.includes('there');
  const [base, third] = there && verb[0] === 'be' ? ['have', 'has'] : verb;
  // "is it on sale", "is it in stock": the state keeps its preposition (on_sale, in_stock).
  const state = base === 'be' && /^(?:on|in|under|for)\s+[a-z]+(?:\s+[a-z]+)?$/i.test(object);
  const header = headerPhrase(object, subject.noun);
  // "is it wheelchair accessible" → wheelchair_accessible; a one-word state keeps its verb (is_hiring).
  const verbWord = base === 'be' && words(header).length >= 2 ? '' : third;
  const name = state
    ? toIdentifier(object)
    : (certifiedName(object, base, subject) ?? capName(`${verbWord} ${header}`.trim()));
  if (!name) return undefined;
  // "has been acquired" is a perfect tense, not possession: "Has the company been acquired?".
  const perfect = base === 'have' && /^been\b/i.test(objectText);
  const question =
    base === 'be'
      ? `Is {the} ${objectText}? Answer yes or no.`
      : perfect
        ? `Has {the} ${objectText}? Answer yes or no.`
        : `Does {the} ${base} ${objectText}? Answer yes or no.`;
  const description =
    base === 'be' ? `Whether {the} is ${objectText}` : `Whether {the} ${third} ${objectText}`;
  return {
    output: {
      name,
      type: 'boolean',
      description: render(description, subject),
      query: render(question, subject),
    },
    label: `${third} ${object}`.toLowerCase(),
    explicitType: false,
  };
}

// "does it mention an ISO 27001 certification", "is it GDPR compliant", "has it a B Corp certificate":
// a header says what holds (iso_27001_certified, gdpr_compliant), not how the page says it.
const STANDING: ReadonlyArray<[RegExp, string]> = [
  [/^(.+?)\s+(?:certification|certificate|certified|accreditation|accredited|seal|label)$/i, 'certified'],
  [/^(?:certified|accredited)\s+(?:to|by|under|for|as)\s+(.+)$/i, 'certified'],
  [/^(?:certification|certificate|accreditation)\s+(?:to|by|under|for|as|of)\s+(.+)$/i, 'certified'],
  // "the certification B Corp" (French and Spanish order).
  [/^(?:certification|certificate|accreditation|label)\s+([A-Z0-9].*)$/, 'certified'],
  [/^(.+?)\s+(?:compliance|compliant|conformity|conform)$/i, 'compliant'],
  [/^(?:compliant|complies|compliance)\s+(?:with|to)\s+(?:the\s+)?(.+)$/i, 'compliant'],
];

function certifiedName(object: string, base: string, subject: Subject): string | undefined {
  if (!['mention', 'have', 'be', 'hold', 'list', 'display'].includes(base)) return undefined;
  // "mention that it complies with the GDPR": what is mentioned, without "that it".
  const said = object.trim().replace(/^that\s+(?:(?:it|they|the\s+\w+)\s+)?/i, '');
  for (const [pattern, state] of STANDING) {
    const m = pattern.exec(said);
    const what = m?.[1] ? headerPhrase(m[1], subject.noun) : '';
    if (what && words(what).length <= 3) return capName(`${what} ${state}`);
  }
  return undefined;
}

function fallback(lead: string, rest: string, subject: Subject): PlannedOutput | undefined {
  if (!meaningful(rest)) return undefined;
  if (words(rest).length < 2) {
    // "whether remote": only a known yes/no field makes sense of a single word.
    const known = lookupField(rest, subject.noun);
    if (!known || known.type !== 'boolean') return undefined;
    return {
      output: {
        name: known.name,
        type: 'boolean',
        description: render(known.description, subject),
        query: render(known.query, subject),
      },
      label: known.label,
      explicitType: false,
    };
  }
  const name = capName(headerPhrase(rest.replace(ARTICLE, ''), subject.noun));
  if (!name) return undefined;
  const asked = ['whether', 'if'].includes(lead) ? `is it true that ${rest}` : `${lead} ${rest}`;
  return {
    output: {
      name,
      type: 'boolean',
      description: `Whether ${rest}`,
      query: render(`Based on the website, ${asked}? Answer yes or no.`, subject),
    },
    label: canonical(rest),
    explicitType: false,
  };
}

function meaningful(text: string): boolean {
  const tokens = words(text);
  return tokens.some((t) => isMeaningfulWord(t)) && tokens.every(isAcceptableToken);
}
