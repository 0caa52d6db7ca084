import { collapseWhitespace, fold } from '../text-utils';

// People's names as a byline states them, without what surrounds them on pages: "By", dates and
// times, roles ("Senior Staff Technologist"), URLs, @handles, credentials ("MA"), repeats.
//
// Two readings. A declared author (meta author, JSON-LD author) is a name by intent: it is only
// cleaned. Text printed on the page (a byline element, a "By …" line) must also look like a name:
// capitalised words, or one short word of a script without capitals, and no interface words.

const URL = /\(?\s*(?:https?:\/\/|www\.)[^\s)]*\s*\)?/giu;
const EMAIL = /\S+@\S+\.\S+/gu;
const HANDLE = /(^|\s)@[\p{L}\p{N}_.]+/gu;
const LEAD =
  /^(?:(?:written|posted|reported|words|text|story|published)\s+)?(?:by|von|par|por|door|av|af|przez)\b\s*:?\s*/iu;
/** "di", "de", "od" lead a byline only in lower case: capitalised, they begin surnames (Di Maria). */
const LOWER_LEAD = /^(?:di|de|od)\s+(?=\p{Lu})/u;
const MONTHS = new Set(
  (
    'january jan february feb march mar april apr may june jun july jul august aug september sept sep ' +
    'october oct november nov december dec januar februar märz mai juni juli oktober dezember janvier ' +
    'février mars avril juin juillet août septembre octobre novembre décembre enero febrero marzo abril ' +
    'mayo junio julio agosto septiembre octubre noviembre diciembre'
  ).split(' '),
);
const LABEL = /^(?:authors?|autor(?:in|es)?|auteurs?|autore|writer|byline|verfasser|redakteur)\s*:\s*/iu;
/** Words after which a byline goes on with something else: "… Edited by", "… Updated". */
const TAIL =
  /\s(?:edited|updated|published|posted|reviewed|photos?|photographs?|illustrations?|translated|fact-checked)\b.*$/iu;
/** Separators that end a name in printed bylines: "Name • 8h", "Name | Twitter", "Name — Cairo". */
const PRINTED_STOP = /\s*(?:[|•·—–]|\s-\s|\/\s).*$/u;
const SPLIT = /\s*(?:[,;、]|\s(?:and|und|et|y|e|og|en|&)\s)\s*/iu;
const PARTICLES = new Set([
  'de',
  'da',
  'do',
  'dos',
  'das',
  'del',
  'della',
  'di',
  'du',
  'van',
  'von',
  'der',
  'den',
  'ten',
  'ter',
  'la',
  'le',
  'bin',
  'ibn',
  'al',
  'el',
  'y',
  'zu',
  'af',
  'st.',
]);
const CREDENTIAL = /^(?:[A-Z]{2,4}|Ph\.?D|M\.?D|Jr|Sr|II|III|IV|MSc|BSc|Esq)\.?$/u;
/** Words of job titles and desks: a byline part holding one is a role, and ends the names. */
const ROLE_WORDS = new Set(
  (
    'staff senior reporter correspondent editor editors writer writers columnist contributor contributing ' +
    'producer director analyst critic photographer technologist fellow professor researcher manager ' +
    'officer president chief associate deputy intern desk team project bureau agency newsroom engineer ' +
    'developer designer scientist consultant specialist strategist evangelist advocate coordinator ' +
    'assistant student lecturer founder cofounder ceo cto vp head lead ' +
    'redaktion rédaction redacción'
  ).split(' '),
);
/** Words of page furniture that bylines' neighbours are made of: never part of a name. */
const INTERFACE_WORDS = new Set(
  (
    'sign log login subscribe follow following share menu home profile view more read about contact ' +
    'search comments comment email print newsletter advertisement posts articles latest see all ' +
    'unfollow bio twitter facebook linkedin instagram close open'
  ).split(' '),
);
/** What sites put in an author tag when no person is named. */
const ACCOUNT_NAMES =
  /^(?:admin|administrator|webmaster|editor|editors|editorial|staff|redaktion|rédaction|redazione|redacción|guest|user|anonymous|unknown|team|null|undefined)$/iu;
/** Words that begin a name of a thing, never of a person: "The Associated Press". */
const ARTICLES = new Set(['the', 'der', 'die', 'das', 'les', 'los', 'las']);
const UNCASED_NAME = /^[^\p{Lu}\p{Ll}\s\d]{2,12}$/u;

/** Whether a line opens as a byline: "By …", "Written by …", "Von …". */
export function isBylineLine(line: string): boolean {
  return LEAD.test(line.trimStart());
}

/** Names of a declared author (meta author, JSON-LD author): cleaned, not judged. */
export function declaredNames(raw: string): string[] {
  const text = tidy(raw);
  if (!text || text.length > 120 || /\d/.test(text) || ACCOUNT_NAMES.test(text)) return [];
  // A bare lowercase word is a login ("mcupdate"), not how anyone signs.
  if (/^[a-z][a-z0-9_.-]*$/.test(text)) return [];
  const parts = unique(text.split(SPLIT).map(trimPunctuation).filter(Boolean));
  if (parts.length <= 1) return parts;
  const people = parts.filter((p) => !CREDENTIAL.test(p));
  // Split only where every part is a full name; "Mac & i" is one name.
  if (people.length > 0 && people.every((p) => wordCount(p) >= 2 || UNCASED_NAME.test(p))) return people;
  return [trimPunctuation(unique(text.split(/\s*[,;]\s*/)).join(', '))];
}

/** Names printed on the page ("By Jane Doe and John Roe · 5 min read"); [] when it is no byline. */
export function printedNames(raw: string): string[] {
  const lines = raw
    .split('\n')
    .map((l) => collapseWhitespace(l))
    .filter(Boolean);
  // "By" on a line of its own, the name on the next.
  const first =
    lines[0] && /^(?:written\s+)?by\s*:?$/i.test(lines[0]) ? `${lines[0]} ${lines[1] ?? ''}` : lines[0];
  let text = tidy(first ?? '');
  text = cutAtNumber(text.replace(TAIL, '').replace(PRINTED_STOP, ''));
  const names: string[] = [];
  for (const part of text.split(SPLIT)) {
    if (isRole(part)) break;
    const name = nameAtStart(trimPunctuation(part));
    if (name && !CREDENTIAL.test(name)) names.push(name);
  }
  return unique(names);
}

function tidy(raw: string): string {
  let text = collapseWhitespace(raw.replace(URL, ' ').replace(EMAIL, ' ').replace(HANDLE, ' '));
  text = text.replace(/\(\s*\)/g, ' ').trim();
  for (let i = 0; i < 2; i++) text = text.replace(LEAD, '').replace(LOWER_LEAD, '').replace(LABEL, '').trim();
  return trimPunctuation(text);
}

/** The leading run of name words of a part, or null when it does not start as a name. */
function nameAtStart(part: string): string | null {
  if (UNCASED_NAME.test(part)) return part;
  if (ARTICLES.has((part.split(/\s+/)[0] ?? '').toLowerCase())) return null;
  const words: string[] = [];
  for (const word of part.split(/\s+/)) {
    const lower = word.toLowerCase();
    if (INTERFACE_WORDS.has(fold(lower))) return null;
    // Nicknames and initials in brackets are part of a name: "Richard (R.J.) Eskow".
    const bare = word.replace(/^[("“]|[)"”]$/gu, '');
    const isNameWord = /^\p{Lu}[\p{L}'’.-]*$/u.test(bare) && internalCapitals(bare) <= 2;
    if (isNameWord || (words.length > 0 && PARTICLES.has(lower))) words.push(word);
    else break;
  }
  while (words.length > 0 && PARTICLES.has((words[words.length - 1] ?? '').toLowerCase())) words.pop();
  const nameWords = words.filter((w) => !PARTICLES.has(w.toLowerCase()));
  if (nameWords.length < 2 || nameWords.length > 5) return null;
  return words.join(' ');
}

function isRole(part: string): boolean {
  return fold(part)
    .split(/[^\p{L}]+/u)
    .some((w) => ROLE_WORDS.has(w));
}

/** Everything from the first number on is a date or a count ("January 18, 2017", "8h", "2 hodinami"). */
function cutAtNumber(text: string): string {
  const at = /\S*\d/u.exec(text);
  if (!at) return text;
  const words = text.slice(0, at.index).trim().split(/\s+/);
  const last = (words[words.length - 1] ?? '').replace(/\.$/, '').toLowerCase();
  if (MONTHS.has(last)) words.pop();
  return words.join(' ');
}

function internalCapitals(word: string): number {
  return (word.slice(1).match(/\p{Lu}/gu) ?? []).length - (/^\p{Lu}+$/u.test(word) ? word.length - 1 : 0);
}

function trimPunctuation(text: string): string {
  return text.replace(/^[\s,;:.·•|–—-]+|[\s,;:·•|–—-]+$/gu, '').trim();
}

function wordCount(text: string): number {
  return text.split(/\s+/).filter(Boolean).length;
}

function unique(items: string[]): string[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    const key = fold(item).replace(/[^\p{L}\p{N}]+/gu, '');
    if (!key || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
