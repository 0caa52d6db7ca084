import type { Anchor } from './page-types';
import type { ClassifiedQuery, QueryKind } from './extract/classify-query';
import { stem } from './extract/passage-index';
import { fold } from './text-utils';

// Which same-site pages to read next: those whose link text or path names what is still missing
// (a contact page for an email, an about page for a founding year), plus the queries' own words.

const HINTS: Partial<Record<QueryKind, string[]>> = {
  email: [
    'contact',
    'kontakt',
    'contacto',
    'contatti',
    'impressum',
    'imprint',
    'legal',
    'touch',
    'reach',
    'support',
  ],
  phone: ['contact', 'kontakt', 'contacto', 'impressum', 'imprint', 'touch', 'reach', 'support', 'call'],
  address: [
    'contact',
    'kontakt',
    'impressum',
    'imprint',
    'location',
    'locations',
    'visit',
    'find',
    'office',
    'offices',
    'anfahrt',
    'touch',
  ],
  founded: [
    'about',
    'company',
    'story',
    'history',
    'uber',
    'ueber',
    'who',
    'unternehmen',
    'geschichte',
    'propos',
    'mission',
  ],
  employees: [
    'about',
    'company',
    'team',
    'career',
    'careers',
    'jobs',
    'uber',
    'ueber',
    'unternehmen',
    'people',
  ],
  person: [
    'team',
    'about',
    'leadership',
    'management',
    'people',
    'founder',
    'uber',
    'ueber',
    'impressum',
    'who',
  ],
  company_name: ['about', 'impressum', 'imprint', 'legal'],
  description: ['about', 'company', 'uber', 'ueber', 'who', 'mission'],
  price: [
    'pricing',
    'price',
    'prices',
    'plan',
    'plans',
    'preise',
    'tarife',
    'tarifs',
    'buy',
    'shop',
    'subscribe',
    'packages',
  ],
  social: ['contact', 'about'],
  passage: [],
};
// Free-text questions name a topic; these words say which kind of page usually covers it.
const TOPICS: [RegExp, string[]][] = [
  [
    /^(trial|discount|refund|cancel|billing|subscription|free|plan|tier|invoice|payment)/,
    ['pricing', 'plans', 'price', 'preise', 'faq', 'billing'],
  ],
  [
    /^(hiring|job|career|vacanc|remote|position|opening|salar|benefit)/,
    ['careers', 'career', 'jobs', 'join', 'hiring', 'karriere'],
  ],
  [
    /^(ceo|founder|leader|management|board|executive|cto|team)/,
    ['team', 'about', 'leadership', 'people', 'management'],
  ],
  [
    /^(mission|story|history|value|sustainab|certif)/,
    ['about', 'company', 'mission', 'story', 'sustainability'],
  ],
  [/^(shipping|delivery|return|warrant|faq|question)/, ['faq', 'help', 'shipping', 'support', 'returns']],
];
const AVOID =
  /\b(login|log in|sign in|signin|signup|sign up|register|cart|checkout|privacy|datenschutz|terms|cookie|agb|account|search|feed|rss)\b/;
const FILE =
  /\.(pdf|jpe?g|png|gif|svg|webp|zip|gz|mp4|mp3|mov|css|js|xml|ico|docx?|xlsx?|pptx?|csv|json|txt)$/i;

export function rankLinks(
  anchors: Anchor[],
  startUrl: string,
  queries: ClassifiedQuery[],
  limit: number,
): string[] {
  if (limit <= 0 || queries.length === 0) return [];
  const start = new URL(startUrl);
  const scores = new Map<string, number>();
  for (const a of anchors) {
    const target = sameSite(a.href, start);
    if (!target) continue;
    const words = new Set(
      fold(`${a.text} ${target.pathname.replace(/[/_.-]+/g, ' ')}`)
        .split(/[^\p{L}\p{N}]+/u)
        .filter(Boolean)
        .map(stem),
    );
    if (AVOID.test([...words].join(' '))) continue;
    let score = 0;
    for (const q of queries) {
      const hints = [...(HINTS[q.kind] ?? []), ...topicHints(q.terms)];
      if (hints.some((h) => words.has(stem(h)))) score += 2;
      score += q.terms.filter((t) => t.length > 2 && words.has(stem(t))).length;
    }
    if (score === 0) continue;
    const depth = target.pathname.split('/').filter(Boolean).length;
    score -= Math.max(0, depth - 2) * 0.5;
    const key = target.href;
    scores.set(key, Math.max(scores.get(key) ?? 0, score));
  }
  return [...scores.entries()]
    .filter(([, score]) => score > 0)
    .sort((a, b) => b[1] - a[1])
    .slice(0, limit)
    .map(([href]) => href);
}

function topicHints(terms: string[]): string[] {
  const out: string[] = [];
  for (const [pattern, pages] of TOPICS) if (terms.some((t) => pattern.test(t))) out.push(...pages);
  return out;
}

function sameSite(href: string, start: URL): URL | null {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.hostname.replace(/^www\./, '') !== start.hostname.replace(/^www\./, '')) return null;
  if (FILE.test(url.pathname)) return null;
  url.hash = '';
  if (url.href === start.href || (url.pathname === start.pathname && url.search === start.search))
    return null;
  return url;
}
