import { type Candidate, type How, type PageContext, makeCandidate } from './candidate';

// Page facts such as a title or an author are stated in several places at once: structured data,
// meta tags, the <title>, the printed page. Places maintained apart (a family) that agree make an
// answer likely; several tags of one family (og:title, twitter:title) are one statement copied, and
// count once, and a family whose tags differ states its preferred tag's answer. A statement other
// families contradict is doubtful even when its own source is strong.

export interface Evidence {
  value: unknown;
  /** Comparison key: evidence with equal keys states the same answer. */
  key: string;
  /** Independent source kind: 'structured', 'meta', 'document', 'printed'… */
  family: string;
  /** How much this source alone is to be believed, 0–1. */
  weight: number;
  snippet: string;
  how: How;
}

const MAX_CONFIDENCE = 0.97;
/** How much a contradicting answer from other families takes away (times its own strength). */
const RIVAL_PENALTY = 0.3;

interface Group {
  items: Evidence[];
  best: Evidence;
  byFamily: Map<string, number>;
  order: number;
}

/**
 * One candidate per distinct answer, best first. Confidence: the families' strengths combined as
 * independent witnesses (1 − Π(1 − w)), lowered by the strongest rival answer's strength from
 * families that do not support this one. `related` marks answers that neither support nor contradict
 * each other (a name and the same name with a handle).
 */
export function rankEvidence(
  ctx: PageContext,
  evidence: Evidence[],
  related: (a: string, b: string) => boolean = () => false,
): Candidate[] {
  const groups = new Map<string, Group>();
  // A family states one answer: its first (preferred) source's. Its other sources only confirm it.
  const leaders = new Map<string, string>();
  evidence.forEach((e, order) => {
    if (!e.key) return;
    const leader = leaders.get(e.family);
    if (leader === undefined) leaders.set(e.family, e.key);
    else if (leader !== e.key && !related(leader, e.key)) return;
    const g = groups.get(e.key);
    if (!g) {
      groups.set(e.key, { items: [e], best: e, byFamily: new Map([[e.family, e.weight]]), order });
      return;
    }
    g.items.push(e);
    if (e.weight > g.best.weight) g.best = e;
    g.byFamily.set(e.family, Math.max(g.byFamily.get(e.family) ?? 0, e.weight));
  });
  const list = [...groups.entries()];
  const scored = list.map(([key, g]) => {
    let rival = 0;
    for (const [otherKey, other] of list) {
      if (otherKey === key || related(key, otherKey)) continue;
      rival = Math.max(rival, combine(other.byFamily, g.byFamily));
    }
    const own = combine(g.byFamily, new Map());
    return { g, confidence: Math.min(MAX_CONFIDENCE, own * (1 - RIVAL_PENALTY * rival)) };
  });
  scored.sort((a, b) => b.confidence - a.confidence || a.g.order - b.g.order);
  return scored.map(({ g, confidence }) => {
    const also = [...new Set(g.items.filter((e) => e !== g.best).map((e) => e.how.path ?? e.how.method))];
    const snippet = also.length > 0 ? `${g.best.snippet} (also ${also.join(', ')})` : g.best.snippet;
    return makeCandidate(ctx, g.best.value, snippet, confidence, g.best.how);
  });
}

/** Independent families' strengths combined, leaving out families in `except`. */
function combine(byFamily: Map<string, number>, except: Map<string, number>): number {
  let doubt = 1;
  for (const [family, weight] of byFamily) if (!except.has(family)) doubt *= 1 - weight;
  return 1 - doubt;
}
