import { fold } from '../text-utils';
import { type Candidate, type Extractor, makeCandidate } from './candidate';
import { stem } from './passage-index';

/** URL-typed queries that are not social profiles: the link whose text or path best matches the query. */
export const extractLink: Extractor = (q, ctx) => {
  const wanted = q.terms.map(stem).filter((t) => !['url', 'link', 'page', 'href'].includes(t));
  if (wanted.length === 0) return [];
  const scored: { href: string; text: string; score: number; snippet: string }[] = [];
  for (const a of ctx.page.anchors) {
    if (!/^https?:/.test(a.href)) continue;
    const words = new Set(
      fold(`${a.text} ${pathOf(a.href)}`)
        .split(/[^\p{L}\p{N}]+/u)
        .filter(Boolean)
        .map(stem),
    );
    const hits = wanted.filter((t) => words.has(t)).length;
    if (hits > 0)
      scored.push({
        href: a.href,
        text: a.text,
        score: hits / wanted.length,
        snippet: ctx.page.passages[a.passage]?.text ?? a.text,
      });
  }
  scored.sort((a, b) => b.score - a.score);
  const out: Candidate[] = [];
  const seen = new Set<string>();
  for (const s of scored.slice(0, 3)) {
    if (seen.has(s.href)) continue;
    seen.add(s.href);
    out.push(makeCandidate(ctx, s.href, `${s.text}: ${s.href}`, 0.45 + 0.35 * s.score));
  }
  return out;
};

function pathOf(href: string): string {
  try {
    return new URL(href).pathname;
  } catch {
    return '';
  }
}
