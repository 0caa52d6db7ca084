// Yes/no questions and "whether" clauses in English order. The glossaries give finite verbs in
// English person: "offer" for a plural subject (bieten, proposent, ofrecen), "offers" for a
// singular one (bietet, propose, ofrece). Spanish drops the subject pronoun, so one is supplied.

import type { Segment } from './segment';

const IRREGULAR: Record<string, string> = { has: 'have', is: 'be', are: 'be', does: 'do', was: 'be' };

function base(verb: string): string {
  const [head = '', ...tail] = verb.split(' ');
  const stem =
    IRREGULAR[head] ??
    (/(?:sh|ch|x|ss)es$/.test(head)
      ? head.slice(0, -2)
      : /ies$/.test(head)
        ? `${head.slice(0, -3)}y`
        : /[^s]s$/.test(head)
          ? head.slice(0, -1)
          : head);
  return [stem, ...tail].join(' ');
}

function isSingular(verb: string): boolean {
  const head = verb.split(' ')[0] ?? '';
  return head in IRREGULAR ? head !== 'are' : base(head) !== head;
}

const word = (en: string): Segment => ({ en, kind: 'word', src: en });
const PRONOUNS = new Set(['they', 'it']);
const ARTICLES = new Set(['the', 'a', 'an', 'its', 'their']);
const DEFINITE = new Set(['the', 'its', 'their']);

/** The subject after a verb-first question: a pronoun, or an article and one noun. */
function subjectLength(segs: readonly Segment[], at: number): number {
  if (PRONOUNS.has(segs[at]?.en ?? '')) return 1;
  // "¿Ofrecen una prueba gratuita?": an indefinite noun phrase after the verb is its object (the
  // subject pronoun is dropped); a subject there is definite ("Hat die Firma …?").
  if (DEFINITE.has(segs[at]?.en ?? '') && segs[at + 1]?.kind !== 'punct' && segs[at + 1]) return 2;
  return 0;
}

/** "Bieten sie X an?" → "do they offer X?"; "¿Ofrecen X?" → "do they offer X?"; "Hat die Firma X?" → "does the company have X?". */
export function verbFirstQuestion(all: readonly Segment[]): Segment[] | undefined {
  // "Und nimmt sie neue Patienten auf?": a joining word may come before the verb.
  const lead = all[0] && ['and', 'also', 'or', 'and also'].includes(all[0].en) ? [all[0]] : [];
  const segs = all.slice(lead.length);
  const asked = askedByVerb(segs);
  return asked ? [...lead, ...asked] : undefined;
}

function askedByVerb(segs: readonly Segment[]): Segment[] | undefined {
  const verb = segs[0];
  const question = segs[segs.length - 1]?.en === '?';
  if (verb?.kind !== 'finite' || !question) return undefined;
  let n = subjectLength(segs, 1);
  let subject = segs.slice(1, 1 + n);
  if (n === 0) {
    subject = [word(isSingular(verb.en) ? 'it' : 'they')];
  }
  const rest = segs.slice(1 + n);
  if (base(verb.en) === 'be') return [word(verb.en), ...subject, ...rest];
  const aux = subject.length === 1 && subject[0]?.en === 'they' ? 'do' : 'does';
  return [word(aux), ...subject, word(base(verb.en)), ...rest];
}

// French "-t-il" and German "verwenden sie": the pronoun after the verb is its subject.
const INVERTED = new Set(['t', 'il', 'elle', 'ils', 'elles', 'sie', 'er']);

/**
 * "La politique mentionne-t-elle le RGPD ?", "¿La política menciona el RGPD?": a question whose
 * subject comes first reads "does the policy mention the GDPR?".
 */
export function subjectFirstQuestion(segs: readonly Segment[]): Segment[] | undefined {
  if (segs[segs.length - 1]?.en !== '?') return undefined;
  const k = segs.findIndex((s) => s.kind === 'finite');
  const verb = segs[k];
  if (!verb || k < 1 || segs.slice(0, k).some((s) => s.kind === 'verb' || s.kind === 'punct'))
    return undefined;
  const wh = ['which', 'what'].includes(segs[0]?.en ?? '');
  if (!wh && !['the', 'a', 'its', 'their'].includes(segs[0]?.en ?? '')) return undefined;
  let r = k + 1;
  const inverted: Segment[] = [];
  while (INVERTED.has((segs[r]?.src ?? '').toLowerCase())) inverted.push(segs[r++] as Segment);
  const rest = segs.slice(r);
  // "Quel est le chiffre d'affaires ?" → "what is the revenue?": a copula keeps its order.
  if (wh && base(verb.en) === 'be') return [...segs.slice(0, k), verb, ...rest];
  if (wh && inverted.length === 0 && ARTICLES.has(segs[r]?.en ?? '') && segs[r + 1]?.kind !== 'punct') {
    // "Welche Zahlungsmethoden akzeptiert der Shop?" → "which payment methods does the shop accept?"
    const subject = segs.slice(r, r + 2);
    return [...segs.slice(0, k), word('does'), ...subject, word(base(verb.en)), ...segs.slice(r + 2)];
  }
  if (wh) {
    // "Quels moyens de paiement acceptent-ils ?" → "which payment methods do they accept?"
    const pronoun = inverted.find((s) => PRONOUNS.has(s.en)) ?? word(isSingular(verb.en) ? 'it' : 'they');
    const aux = pronoun.en === 'they' ? 'do' : 'does';
    return [...segs.slice(0, k), word(aux), pronoun, word(base(verb.en)), ...rest];
  }
  const subject = segs.slice(0, k);
  if (base(verb.en) === 'be') return [word(verb.en), ...subject, ...rest];
  return [word(isSingular(verb.en) ? 'does' : 'do'), ...subject, word(base(verb.en)), ...rest];
}

/** "si ofrecen X" → "whether they offer X": a finite verb right after "whether" gets its pronoun. */
export function supplyPronoun(segs: Segment[]): void {
  for (let i = 0; i < segs.length - 1; i += 1) {
    const next = segs[i + 1];
    if ((segs[i]?.en === 'whether' || segs[i]?.en === 'if') && next?.kind === 'finite') {
      segs.splice(i + 1, 0, word(isSingular(next.en) ? 'it' : 'they'));
    }
  }
}
