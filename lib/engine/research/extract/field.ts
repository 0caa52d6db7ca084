import { fold } from '../text-utils';
import { type Candidate, type Extractor, makeCandidate } from './candidate';
import { stem } from './passage-index';

/** Structured documents (JSON): a field whose key names what the query asks for. */
export const extractField: Extractor = (q, ctx) => {
  if (ctx.page.fields.length === 0) return [];
  const wanted = new Set(q.terms.map(stem));
  const out: Candidate[] = [];
  for (const f of ctx.page.fields) {
    const words = fold(f.key).split(/\s+/).filter(Boolean).map(stem);
    const last = words[words.length - 1];
    if (!last || !wanted.has(last)) continue;
    const share = words.filter((w) => wanted.has(w)).length / words.length;
    out.push(
      makeCandidate(ctx, f.value, `${f.key}: ${f.value}`, 0.6 + 0.25 * share, {
        method: 'structured_data',
        path: f.key,
      }),
    );
  }
  return out;
};
