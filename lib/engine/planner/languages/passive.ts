// Passive clauses ("Wann wurde das Buch veröffentlicht?", "Le RGPD est-il mentionné sur le site ?",
// "ob die DSGVO erwähnt wird"): an auxiliary of the passive and a participle. The glossaries give
// verbs as English present tense ("veröffentlicht" → "publishes"), which is wrong here; English puts
// the auxiliary before the subject in a question, the participle after it, and prepositional phrases
// that German and French place before the subject at the end:
// "when was the book published?", "is the GDPR mentioned on the website?".

import { wordKey } from './fold';
import type { Lexicon } from './lexicon';
import type { Segment } from './segment';

// Participles that do not end in "-ed".
const IRREGULAR: Record<string, string> = {
  show: 'shown',
  give: 'given',
  write: 'written',
  sell: 'sold',
  hold: 'held',
  make: 'made',
  run: 'run',
  take: 'taken',
  know: 'known',
  build: 'built',
  send: 'sent',
  speak: 'spoken',
  choose: 'chosen',
  find: 'found',
  pay: 'paid',
  lead: 'led',
};
const IRREGULAR_PARTICIPLES = new Set(Object.values(IRREGULAR));

/** "supports" → "supported", "publishes" → "published", "shows" → "shown"; a participle stays. */
export function englishParticiple(verb: string): string {
  const [head = '', ...tail] = verb.split(' ');
  if (/ed$/.test(head) || IRREGULAR_PARTICIPLES.has(head)) return verb;
  const stem = /(?:sh|ch|x|ss|zz)es$/.test(head)
    ? head.slice(0, -2)
    : /[^aeiou]ies$/.test(head)
      ? `${head.slice(0, -3)}y`
      : /[^su]s$/.test(head)
        ? head.slice(0, -1)
        : head;
  const done =
    IRREGULAR[stem] ??
    (/e$/.test(stem)
      ? `${stem}d`
      : /[^aeiou]y$/.test(stem)
        ? `${stem.slice(0, -1)}ied`
        : // One closed syllable doubles its consonant: "ship" → "shipped", "plan" → "planned".
          /^[^aeiou]*[aeiou][bdgmnpt]$/.test(stem)
          ? `${stem}${stem.slice(-1)}ed`
          : `${stem}ed`);
  return [done, ...tail].join(' ');
}

const PREPOSITIONS = new Set([
  'in',
  'on',
  'at',
  'from',
  'by',
  'for',
  'under',
  'within',
  'anywhere',
  'somewhere',
]);
const WH_ALONE = new Set(['when', 'where', 'why', 'how', 'whether', 'if']);
const WH_NOUN = new Set(['which', 'what', 'how many', 'how much']);
const ARTICLES = new Set(['the', 'a', 'an', 'its', 'their', 'his', 'her', 'this']);
const word = (en: string, src = en): Segment => ({ en, kind: 'word', src });

function isConjunction(seg: Segment | undefined): boolean {
  return seg?.kind === 'conn' && ['and', 'or', 'as well as'].includes(seg.en);
}

function isWord(seg: Segment | undefined): seg is Segment {
  return seg !== undefined && seg.kind !== 'punct' && seg.kind !== 'break';
}

/** A participle: a verb form typed with a participle ending, or (German) a verb closing the clause. */
function isParticiple(seg: Segment | undefined, lex: Lexicon, closing: boolean): boolean {
  if (!seg || !['finite', 'verb', 'word'].includes(seg.kind)) return false;
  const typed = seg.src.toLowerCase();
  if (lex.passive.participleEndings.some((e) => typed.endsWith(e) && typed.length > e.length + 2)) {
    return seg.kind !== 'word' || /ed$/.test(seg.en);
  }
  // German participles close the clause and are written lower case (nouns are capitalised).
  return lex.german && closing && seg.kind !== 'word' && /^\p{Ll}/u.test(seg.src);
}

/** The auxiliary run at i ("wurde", "a-t-elle été", "est-il"): its English and its length. */
function auxiliaryAt(
  segs: readonly Segment[],
  i: number,
  lex: Lexicon,
): { en: string; length: number } | undefined {
  const found: string[] = [];
  let length = 0;
  for (let j = i; j < segs.length; j += 1) {
    const seg = segs[j];
    if (!isWord(seg)) break;
    const key = wordKey(seg.src, lex.german);
    // The glossary may join "a été" into one segment ("was") whose source is its first word.
    const aux = seg.en === 'was' || seg.en === 'were' ? seg.en : lex.passive.auxiliaries.get(key);
    if (aux !== undefined) {
      found.push(aux);
      length += 1;
      continue;
    }
    // French inversion: "-t-" and the pronoun that repeats the subject.
    if (found.length > 0 && lex.passive.inverted.has(key)) {
      length += 1;
      continue;
    }
    break;
  }
  if (found.length === 0) return undefined;
  const plural = found.some((a) => a === 'have' || a === 'are' || a === 'were');
  // "a été fondée", "ha sido fundada": a perfect of the passive reads as a simple past.
  if (found.includes('been')) return { en: plural ? 'were' : 'was', length };
  const en = found.find((a) => a !== 'has' && a !== 'have');
  // "a publié" alone is an active perfect, not a passive.
  return en === undefined ? undefined : { en, length };
}

/** English order for a passive clause, or undefined when the clause is not one. */
export function passiveClause(input: readonly Segment[], lex: Lexicon): Segment[] | undefined {
  if (lex.passive.auxiliaries.size === 0) return undefined;
  const segs = [...input];
  let end = segs.length;
  while (end > 0 && !isWord(segs[end - 1])) end -= 1;
  const closing = segs.slice(end);
  const words = segs.slice(0, end);
  let auxAt = -1;
  let aux: { en: string; length: number } | undefined;
  for (let i = 0; i < words.length && !aux; i += 1) {
    aux = auxiliaryAt(words, i, lex);
    if (aux) auxAt = i;
  }
  if (!aux) return undefined;
  // "Wann wurde der Artikel veröffentlicht und wer ist der Autor?": the passive clause ends at "and".
  let clauseEnd = auxAt + aux.length;
  while (clauseEnd < words.length && !isConjunction(words[clauseEnd])) clauseEnd += 1;
  const after = words.slice(clauseEnd);
  words.length = clauseEnd;
  const last = words.length - 1;
  let participleAt = -1;
  if (isParticiple(words[auxAt + aux.length], lex, auxAt + aux.length === last)) {
    participleAt = auxAt + aux.length; // French and Spanish: "est mentionné", "fue fundada"
  } else if (auxAt + aux.length - 1 === last && isParticiple(words[auxAt - 1], lex, true)) {
    participleAt = auxAt - 1; // German subordinate clause: "ob … erwähnt wird"
  } else if (isParticiple(words[last], lex, true) && last > auxAt + aux.length) {
    participleAt = last; // German main clause: "wurde … veröffentlicht"
  }
  const participle = words[participleAt];
  if (participleAt < 0 || !participle) return undefined;
  const auxWord = word(aux.en, words[auxAt]?.src);
  const verb = word(englishParticiple(participle.en), participle.src);
  const taken = new Set<number>([participleAt]);
  for (let k = 0; k < aux.length; k += 1) taken.add(auxAt + k);
  // The question word and, after "which", the noun it asks about.
  let p = 0;
  if (PREPOSITIONS.has(words[0]?.en ?? '') && WH_NOUN.has(words[1]?.en ?? '')) p = 1;
  const wh = words[p]?.en ?? '';
  const prefixLength = WH_NOUN.has(wh) ? p + 2 : WH_ALONE.has(wh) ? p + 1 : 0;
  if (prefixLength > Math.min(auxAt, participleAt)) return undefined;
  const prefix = words.slice(0, prefixLength);
  // Prepositional phrases before the participle go after it: a preposition, an article, one noun.
  const subject: Segment[] = [];
  const phrases: Segment[] = [];
  for (let i = prefixLength; i < words.length; i += 1) {
    if (taken.has(i)) continue;
    const seg = words[i] as Segment;
    const [head = '', ...rest] = seg.en.split(' ');
    if (PREPOSITIONS.has(head) && i < participleAt) {
      phrases.push(seg);
      // "im" reads "in the", "auf der Website" may be one glossary phrase "on the website".
      const hasArticle = rest.some((w) => ARTICLES.has(w));
      const hasNoun = rest.some((w) => !ARTICLES.has(w));
      if (!hasArticle && !hasNoun && ARTICLES.has(words[i + 1]?.en ?? '') && !taken.has(i + 1))
        phrases.push(words[++i] as Segment);
      if (!hasNoun && isWord(words[i + 1]) && !taken.has(i + 1) && head !== 'anywhere')
        phrases.push(words[++i] as Segment);
      continue;
    }
    if (i < participleAt || i < auxAt) subject.push(seg);
    else phrases.push(seg);
  }
  // "¿Cuándo fue fundada la empresa?": Spanish may put the subject after the participle.
  if (subject.length === 0 && ARTICLES.has(phrases[0]?.en ?? '') && isWord(phrases[1])) {
    subject.push(...phrases.splice(0, 2));
  }
  // "which languages are supported": the noun after "which" is the subject.
  if (subject.length === 0 && prefixLength === 0) return undefined;
  const question = closing.some((s) => s.en === '?');
  const statement = !question || wh === 'whether' || wh === 'if';
  const body = statement || subject.length === 0 ? [...subject, auxWord, verb] : [auxWord, ...subject, verb];
  return [...prefix, ...body, ...phrases, ...after, ...closing];
}
