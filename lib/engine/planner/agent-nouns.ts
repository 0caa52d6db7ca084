// "who designed it", "when does it open": a question for the doer of an action is asked as the doer's noun,
// the English agent noun of the verb ("designer", "publisher"), so the column is named for a role, not
// a clause ("who_designed_museum"). A reading the vocabulary knows ("who founded it") is kept.

import { ESTABLISHMENT_NOUNS } from './establishments';
import { singular } from './names';
import { lookupField } from './vocabulary';

// Irregular pasts and agent nouns English does not form with -er/-or.
const IRREGULAR: Record<string, string> = {
  wrote: 'author',
  write: 'author',
  built: 'builder',
  made: 'maker',
  led: 'leader',
  sold: 'seller',
  bought: 'buyer',
  taught: 'teacher',
  began: 'founder',
};

const SUBJECT_HEADS = new Set([
  'company',
  'business',
  'firm',
  'organization',
  'organisation',
  'brand',
  'startup',
]);

/** "the company", "the dental practice": the thing a run researches, which "it" stands for. */
export function isPlace(thing: string): boolean {
  const head = singular(thing.toLowerCase().split(/\s+/).at(-1) ?? '');
  return SUBJECT_HEADS.has(head) || ESTABLISHMENT_NOUNS.has(head);
}

function base(verb: string): string {
  if (/ied$/.test(verb)) return `${verb.slice(0, -3)}y`;
  if (/(?:at|iz|is|us|ag|rv|rg|ov|ur|ang)ed$/.test(verb)) return verb.slice(0, -1);
  if (/ed$/.test(verb)) return verb.slice(0, -2);
  if (/(?:sh|ch|ss|x)es$/.test(verb)) return verb.slice(0, -2);
  if (/s$/.test(verb) && !/ss$/.test(verb)) return verb.slice(0, -1);
  return verb;
}

function agent(verb: string): string {
  const irregular = IRREGULAR[verb] ?? IRREGULAR[base(verb)];
  if (irregular) return irregular;
  const stem = base(verb);
  if (/ate$/.test(stem)) return `${stem.slice(0, -1)}or`;
  if (/e$/.test(stem)) return `${stem}r`;
  if (/(?:ct|it)$/.test(stem)) return `${stem}or`;
  return `${stem}er`;
}

/** "who owns it" → "owner"; other texts unchanged. */
export function agentNoun(text: string): string {
  const m = /^who\s+([a-z]+(?:ed|es|s)|wrote|ran|built|made|led|sold|bought|taught|began)\s+it$/i.exec(text);
  // The vocabulary's own reading wins: "who runs it" is the CEO, "who owns it" the parent company.
  if (!m?.[1] || /^(?:is|was|has|does)$/i.test(m[1]) || lookupField(text)) return text;
  return agent(m[1].toLowerCase());
}

const TIME_NOUN: Record<string, string> = {
  open: 'opening',
  close: 'closing',
  start: 'start',
  begin: 'start',
  end: 'end',
  finish: 'end',
};

/** "when the library opens on Saturdays" → "saturday opening time"; other texts unchanged. */
export function eventTime(text: string): string {
  const m =
    /^when\s+(?:does\s+)?(it|they|the\s+[a-z]+(?:\s+[a-z]+)?)\s+(open|close|start|begin|end|finish)(?:s|es)?(?:\s+on\s+([a-z]+?)s?)?$/i.exec(
      text,
    );
  if (!m?.[1] || !m[2]) return text;
  // The page's own subject goes; another thing names whose time it is ("sale start time").
  const thing = m[1].replace(/^the\s+/i, '');
  const owner = /^(?:it|they)$/i.test(thing) || isPlace(thing) ? '' : `${thing} `;
  const noun = TIME_NOUN[m[2].toLowerCase()] ?? m[2];
  return `${m[3] ? `${m[3].toLowerCase()} ` : ''}${owner}${noun} time`;
}
