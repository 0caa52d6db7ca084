// A German, French or Spanish planner text rewritten into the plain English the planner reads:
// sentence by sentence, clause by clause; a clause that fits a template ("benenne A in B um") is
// rebuilt in English order, any other clause is rewritten phrase by phrase and then put in English
// order (verb first, "for each X," first, "also" before its verb).

import { singular } from '../names';
import { wordKey } from './fold';
import { clauses, FOR_EACH } from './clauses';
import { existential } from './existential';
import { passiveClause } from './passive';
import { perfectQuestion } from './perfect';
import { subjectFirstQuestion, supplyPronoun, verbFirstQuestion } from './questions';
import type { Lexicon, Template } from './lexicon';
import type { Segment } from './segment';
import { joinSegments, rewriteTokens } from './segments';
import { tokenize, type Token } from './tokens';

const SENTENCE_END = /^[.!?;]$/;

function sentences(tokens: readonly Token[]): Token[][] {
  const out: Token[][] = [[]];
  for (const [i, token] of tokens.entries()) {
    // The abbreviation is rewritten as a whole English word, so its period goes.
    if (abbreviated(tokens, i)) continue;
    out[out.length - 1]?.push(token);
    if (token.kind === 'break' || (token.kind === 'punct' && SENTENCE_END.test(token.raw))) out.push([]);
  }
  return out.filter((s) => s.length > 0);
}

/** "Steuer-Nr. und", "núm. de teléfono": a period after a word and before a lower-case word marks an abbreviation. */
function abbreviated(tokens: readonly Token[], i: number): boolean {
  const before = tokens[i - 1];
  const after = tokens[i + 1];
  return (
    tokens[i]?.raw === '.' && before?.kind === 'word' && after?.kind === 'word' && /^\p{Ll}/u.test(after.raw)
  );
}

function matchTemplate(
  template: Template,
  words: readonly Token[],
  lex: Lexicon,
): Map<string, Token[]> | undefined {
  const keys = words.map((t) => (t.kind === 'word' ? wordKey(t.raw, lex.german) : `\u0000${t.raw}`));
  const slots = new Map<string, Token[]>();
  const go = (p: number, i: number): boolean => {
    const piece = template.pieces[p];
    if (!piece) return i === words.length;
    if ('slot' in piece) {
      for (let end = i + 1; end <= words.length; end += 1) {
        slots.set(piece.slot, words.slice(i, end));
        if (go(p + 1, end)) return true;
      }
      slots.delete(piece.slot);
      return false;
    }
    for (const alternative of piece.alternatives) {
      const fits = alternative.every((key, k) => keys[i + k] === key);
      if (fits && go(p + 1, i + alternative.length)) return true;
    }
    return piece.optional && go(p + 1, i);
  };
  return go(0, 0) ? slots : undefined;
}

function applyTemplates(body: readonly Token[], lex: Lexicon): string | undefined {
  // Closing punctuation stays outside the template; a question mark is kept after it.
  let end = body.length;
  while (end > 0 && body[end - 1]?.kind === 'punct') end -= 1;
  let start = 0;
  while (start < end && body[start]?.kind === 'punct') start += 1;
  const words = body.slice(start, end);
  const tail = joinSegments(body.slice(end).map((t) => ({ en: t.raw, kind: 'punct', src: t.raw })));
  for (const template of lex.templates) {
    const slots = matchTemplate(template, words, lex);
    if (!slots) continue;
    const text = template.en.replace(/\{(\w+)\}/g, (_, name: string) =>
      rewriteClause(slots.get(name) ?? [], lex, false),
    );
    // A template that turns a question into a request ("find the number of …") drops the question mark.
    const asks = /^(?:does|do|is|are|what|which|who|how|when|where|whether)\b/i.test(text);
    return `${text}${asks ? tail : tail.replace(/\?/g, '.')}`;
  }
  return undefined;
}

const LEAD_WORDS = new Set(['please', 'also']);

function isWordSeg(seg: Segment | undefined): boolean {
  return seg !== undefined && seg.kind !== 'punct' && seg.kind !== 'break' && seg.en !== '';
}

/** English order for one clause's segments. */
function reorder(input: readonly Segment[], lex: Lexicon): Segment[] {
  // Spanish opening marks ("¿", "¡") say nothing once the clause is in English order.
  const segs = input.filter((s) => s.en !== '' && s.en !== '¿' && s.en !== '¡');
  // "füge … hinzu": the closing particle goes.
  while (segs.length > 0) {
    const last = segs.length - 1;
    const seg = segs[last];
    if (seg?.kind === 'punct') {
      const before = segs[last - 1];
      if (before && lex.clauseFinal.has(wordKey(before.src, lex.german)) && before.kind !== 'noun') {
        segs.splice(last - 1, 1);
        continue;
      }
      break;
    }
    if (seg && lex.clauseFinal.has(wordKey(seg.src, lex.german)) && seg.kind !== 'noun' && segs.length > 1) {
      segs.pop();
      continue;
    }
    break;
  }
  swapPostposed(segs, lex);
  existential(segs, lex);
  const passive = passiveClause(segs, lex);
  if (passive) return passive;
  const perfect = lex.german ? perfectQuestion(segs) : undefined;
  if (perfect) return perfect;
  const question = verbFirstQuestion(segs) ?? subjectFirstQuestion(segs);
  if (question) return question;
  let i = 0;
  const lead: Segment[] = [];
  let also: Segment | undefined;
  const takeLead = (): void => {
    while (segs[i] && LEAD_WORDS.has(segs[i]?.en ?? '')) {
      const seg = segs[i] as Segment;
      if (seg.en === 'also') also = seg;
      else lead.push(seg);
      i += 1;
    }
  };
  takeLead();
  let verb: Segment[] = [];
  if (segs[i]?.kind === 'verb') verb = [segs[i++] as Segment];
  takeLead();
  let group: Segment[] = [];
  let groupEnd: Segment = { en: ',', kind: 'punct', src: ',' };
  if (FOR_EACH.has(segs[i]?.en ?? '') && isWordSeg(segs[i + 1])) {
    group = [segs[i] as Segment, segs[i + 1] as Segment];
    i += 2;
    // "für jedes Produkt: Name und Preis": the colon stands in for the comma.
    if (segs[i]?.en === ',' || segs[i]?.en === ':') groupEnd = segs[i++] as Segment;
  }
  takeLead();
  if (verb.length === 0 && segs[i]?.kind === 'verb') verb = [segs[i++] as Segment];
  takeLead();
  // "die Telefonnummer bitte im internationalen Format": a "please" inside the clause says nothing.
  const rest = segs.slice(i).filter((s) => s.en !== 'please');
  let closing: Segment[] = [];
  while (rest.length > 0 && rest[rest.length - 1]?.kind === 'punct')
    closing = [rest.pop() as Segment, ...closing];
  if (verb.length === 0 && lex.verbFinal && rest.length > 1 && rest[rest.length - 1]?.kind === 'verb') {
    verb = [rest.pop() as Segment];
  }
  placeFiniteVerb(rest);
  supplyPronoun(rest);
  if (groupEnd.en === ':' && rest.every((s) => s.kind === 'break') && verb.length > 0) {
    // "Finde für jedes Unternehmen:" and bullet lines: "for each company, find:".
    return [
      ...lead,
      ...group,
      { en: ',', kind: 'punct', src: ',' },
      ...(also ? [also] : []),
      ...verb,
      groupEnd,
      ...rest,
      ...closing,
    ];
  }
  // "Für jedes Produkt auf der Seite:" keeps its own colon.
  const ownColon = verb.length === 0 && rest.some((s) => s.en === ':');
  const comma: Segment[] =
    group.length > 0 && !ownColon && (verb.length > 0 || rest.length > 0) ? [groupEnd] : [];
  return [...lead, ...group, ...comma, ...(also ? [also] : []), ...verb, ...rest, ...closing];
}

/** "numéro de téléphone local", "precio mensual", "lien Facebook": modifiers that follow their noun go before it in English. */
function swapPostposed(segs: Segment[], lex: Lexicon): void {
  for (let i = 1; i < segs.length; i += 1) {
    const seg = segs[i];
    const before = segs[i - 1];
    if (seg?.superlative) {
      // Before the whole noun group: "la cuota mensual más barata" → "the cheapest monthly fee".
      let start = i;
      while (start > 0 && (segs[start - 1]?.kind === 'noun' || segs[start - 1]?.postposed)) start -= 1;
      segs.splice(i, 1);
      segs.splice(start, 0, seg);
      continue;
    }
    // "le lien Facebook", "el perfil LinkedIn": in French and Spanish a lone name after a noun modifies it.
    const after = segs[i + 1];
    const brand =
      !lex.german &&
      (seg?.kind === 'raw' || seg?.kind === 'noun') &&
      /^\p{Lu}/u.test(seg.src) &&
      !(after?.kind === 'raw' && /^\p{Lu}/u.test(after.src));
    const postposed =
      brand || seg?.postposed === true || lex.postposed.has(wordKey(seg?.src ?? '', lex.german));
    if (seg && before?.kind === 'noun' && postposed) {
      segs[i - 1] = seg;
      segs[i] = before;
    }
  }
}

const ARTICLES = new Set(['the', 'a', 'an', 'its', 'their', 'his', 'her']);

/** "ob die Website SOC 2 erwähnt": the finite verb that closes a German subordinate clause follows its subject. */
function placeFiniteVerb(rest: Segment[]): void {
  const last = rest[rest.length - 1];
  const at = rest.findIndex((s) => s.en === 'whether' || s.en === 'if');
  if (last?.kind !== 'finite' || at < 0 || at >= rest.length - 2) return;
  let subjectEnd = at + 1;
  if (ARTICLES.has(rest[subjectEnd]?.en ?? '')) subjectEnd += 1;
  subjectEnd += 1;
  rest.pop();
  rest.splice(subjectEnd, 0, last);
}

function rewriteClause(body: readonly Token[], lex: Lexicon, templates: boolean): string {
  if (templates) {
    const viaTemplate = applyTemplates(body, lex);
    if (viaTemplate !== undefined) return viaTemplate;
  }
  const segs = reorder(rewriteTokens(body, lex), lex);
  return listWithoutVerb(possessiveOwner(joinSegments(segs)), segs);
}

// prettier-ignore
const OWNERS = new Set([
  'article', 'company', 'book', 'product', 'event', 'page', 'website', 'job', 'restaurant', 'store', 'conference', 'post',
  'business', 'organization', 'person', 'site', 'shop', 'firm', 'hotel', 'course', 'app', 'service', 'brand',
]);

/**
 * "Titel, Autor und Datum des Artikels" reads "title, author and date of the article"; English puts
 * the owner first ("the article's title, author and date"), which is also how the planner reads it.
 */
function possessiveOwner(clause: string): string {
  const lead = LEAD_VERB.exec(clause)?.[0] ?? '';
  const m = /^(?:the\s+)?(.+?)\s+of\s+the\s+([a-z]+)((?:,\s+(?:as|in|with|without)\b[^,]*)?[.?!:]?)$/i.exec(
    clause.slice(lead.length),
  );
  if (!m || !OWNERS.has((m[2] ?? '').toLowerCase())) return clause;
  const [, body = '', owner = '', end = ''] = m;
  if (/\bof\b|[,;:]\s*$/.test(body) || /^(?:for each|each|all|every)\b/i.test(body)) return clause;
  return `${lead}the ${owner}'s ${body.replace(/^the\s+/i, '')}${end}`;
}

const LEAD_VERB =
  /^(?:(?:please|also|for each [a-z]+(?: [a-z]+)?,)\s+)*(?:(?:find|extract|get|give|list|return|collect|capture|show|add|include|check|retrieve|provide)(?:\s+me)?\s+|(?:I|we)\s+(?:need|want)(?:\s+to\s+know)?\s+|what\s+(?:is|are)\s+)?/i;

/** "Kommende Veranstaltungen mit Name, Datum und Stadt", "Jeder Mitarbeiter mit …": a noun with columns and no verb is a list. */
function listWithoutVerb(clause: string, segs: readonly Segment[]): string {
  if (segs.some((s) => s.kind === 'verb' || s.kind === 'finite')) return clause;
  const m =
    /^(?:the\s+|all\s+(?:the\s+)?)?(?!each\b|every\b)((?:[a-z]+\s+){0,2}[a-z]+s)\s+(with|including)\s+(.+)$/i.exec(
      clause,
    );
  if (m) return `list all ${m[1] ?? ''} ${m[2] ?? ''} ${m[3] ?? ''}`;
  // "Jeder Mitarbeiter mit seiner E-Mail-Adresse": one item named in the singular after "each".
  const each = /^(each|every)\s+((?:[a-z]+\s+){0,2}[a-z]+)\s+(with|including)\s+(.+)$/i.exec(clause);
  return each ? `list each ${each[2] ?? ''} ${each[3] ?? ''} ${each[4] ?? ''}` : clause;
}

function givenInputs(inputs: string): string {
  return inputs
    .replace(/\b(and|or) of (?=a|an|the|their|its)\b/gi, '$1 ')
    .replace(
      /\b(?:the\s+)?((?!and\b|or\b)[a-z]+(?:\s(?!and\b|or\b)[a-z]+)?)\s+of\s+(a|an|their|its|the)\s+([a-z]+)\b/gi,
      (_, thing: string, det: string, owner: string) => `${det === 'the' ? 'the' : det} ${owner}'s ${thing}`,
    );
}

/** Small English clean-ups after rewriting: doubled articles, "give also", stray spaces. */
function tidyEnglish(text: string): string {
  return (
    text
      .replace(/\b(the|a|an)\s+(?:the|a|an)\b/gi, '$1')
      .replace(/\bof the (its|their|each|every|all)\b/gi, 'of $1')
      // "la columna del departamento": the column is named by what follows.
      .replace(/\b(columns?|fields?|outputs?) of (?:the )?/gi, '$1 ')
      .replace(/\b(a)\s+(?=[aeiou])/gi, (m, a: string) => `${a}n `)
      .replace(/\s+([,.;:!?])/g, '$1')
      .replace(/,\s+(whether|if)\b/gi, ' $1')
      // A German demonstrative before its verb ("die ist veraltet") reads "that is outdated".
      .replace(/(^|,\s+)the (is|are|was|were|would be)\b/gi, '$1that $2')
      // "ob die Praxis barrierefrei ist": the copula closing a German "whether" clause goes after its subject.
      .replace(
        /\b(whether|if) (the [a-z]+) ((?:[a-z0-9]+ ){0,2}[a-z]+) (is|are)(?= and\b|\s*\(|[,.?!]|$)/gi,
        '$1 $2 $4 $3',
      )
      // "gib einmal den Namen …", "añade, una sola vez, el nombre …": English says "once" after what is given.
      .replace(/^((?:also\s+)?(?:give|add|return|extract|include)),?\s+once,?\s+([^.?!]+)/i, '$1 $2 (once)')
      // Inputs named up front ("Dado el nombre de una persona…"): "given a person's name and their company's website".
      .replace(/^(?:given|from)\s+(.+?)(?=[,:]\s)/i, (_, inputs: string) => `given ${givenInputs(inputs)}`)
      .replace(/,\s*,/g, ',')
      // "für jeden Referenten": one item at a time.
      .replace(
        /\b(for each|each) ([a-z]+)\b/g,
        (_, each: string, noun: string) => `${each} ${singular(noun)}`,
      )
      .replace(/[ \t]{2,}/g, ' ')
      .trim()
  );
}

const KEPT = /\u0001(\d+)\u0001/g;

/** Words the analyst typed as names ("location", a field of the task) are kept, not translated. */
export function keepWords(tokens: Token[], keep: ReadonlySet<string>): Token[] {
  if (keep.size === 0) return tokens;
  return tokens.map((t) => (t.kind === 'word' && keep.has(t.raw.toLowerCase()) ? { ...t, kind: 'kept' } : t));
}

export function rewrite(text: string, lex: Lexicon, keep: ReadonlySet<string> = new Set()): string {
  // Kept tokens travel as placeholders so that no clean-up below can touch them.
  const kept: string[] = [];
  const tokens = keepWords(tokenize(text), keep).map((t) =>
    t.kind === 'kept' ? { ...t, raw: `\u0001${kept.push(t.raw) - 1}\u0001` } : t,
  );
  const out: string[] = [];
  for (const sentence of sentences(tokens)) {
    const parts: string[] = [];
    for (const { joiner, body } of clauses(sentence, lex)) {
      const join = joinSegments(rewriteTokens(joiner, lex));
      const clause = rewriteClause(body, lex, true);
      // "ob A, ob B": a second question after a first is "…, and whether B" (a lone ", whether" is dropped).
      const another = join === ',' && /^whether\b/.test(clause) && parts.some((p) => /\bwhether\b/.test(p));
      parts.push(join ? `${another ? ', and' : join} ${clause}` : clause);
    }
    const joined = parts.join(' ').replace(/\s+,/g, ',');
    const brokeLine = sentence[sentence.length - 1]?.kind === 'break';
    out.push(brokeLine ? `${joined}\n` : joined);
  }
  return tidyEnglish(out.join(' ').replace(/\n /g, '\n')).replace(
    KEPT,
    (_, n: string) => kept[Number(n)] ?? '',
  );
}
