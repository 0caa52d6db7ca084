// French and Spanish noun adjuncts: "email de contacto", "numéro de commande", "página de producto"
// join two nouns with a bare "de" (no article); English puts the second noun first as a modifier:
// "contact email", "order number", "product page". With an article ("el nombre de la empresa") or a
// plural ("número de empleados", a count) the "of" stays.

import { wordKey } from './fold';
import type { Lexicon } from './lexicon';
import type { Segment } from './segment';

export function nounAdjuncts(segs: readonly Segment[], lex: Lexicon): Segment[] {
  const of = lex.adjunctOf;
  if (!of) return [...segs];
  const out: Segment[] = [];
  for (let i = 0; i < segs.length; i += 1) {
    const head = segs[i] as Segment;
    const link = segs[i + 1];
    const modifier = segs[i + 2];
    const joins =
      head.kind === 'noun' &&
      link !== undefined &&
      wordKey(link.src, lex.german) === of &&
      // "de l'" is one glossary phrase ("of the"): an article follows, so no adjunct.
      link.en === 'of' &&
      modifier?.kind === 'noun' &&
      // A plural after "de" is what is counted or listed ("nombre de mots"), not a modifier.
      !/[sx]$/i.test(modifier.src) &&
      // "número de teléfono de contacto": the modifier may itself be followed by "de"; read left to right.
      modifier.en.split(' ').length === 1;
    if (!joins) {
      out.push(head);
      continue;
    }
    out.push({ ...head, en: `${modifier.en} ${head.en}` });
    i += 2;
  }
  return out;
}
