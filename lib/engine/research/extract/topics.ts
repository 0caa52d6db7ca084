import { decodeHTML } from 'entities';
import type { SourceMethod } from '@/lib/contract/task-definition';
import type { ReadPage } from '../page-types';
import {
  NOT_THE_PAGE,
  TOPIC_JSON_LD_PATHS,
  TOPIC_META_KEYS,
  type TopicRole,
} from '../vocabulary/derived-fields';
import { type Candidate, type Extractor, makeCandidate } from './candidate';
import { isSiteName, siteNameKeys } from './site-name';
import { structuredFacts } from './structured-facts';

// The page's topics ("main topic", "keywords", "section") from its own keyword data: JSON-LD
// keywords / about / articleSection, and the keyword and section meta tags of news and blog
// platforms. Never from the text: a passage that mentions "topics" is about something else.

interface TopicSource {
  role: TopicRole;
  values: string[];
  path: string;
  method: SourceMethod;
}

const BASE: Record<TopicRole, number> = { about: 0.8, keywords: 0.85, section: 0.85 };
/** The plain keywords meta is often the site's SEO list, the same on every page. */
const SITE_WIDE_KEYS = new Set(['keywords']);
const SITE_WIDE_PENALTY = 0.1;
const PER_RANK = 0.1;
/** One of several keywords is only probably the main one. */
const ONE_OF_MANY = 0.05;
const MAX_LENGTH = 60;
const MAX_VALUES = 30;

export const extractTopics: Extractor = (q, ctx) => {
  if (!q.topics) return [];
  const { prefer, isOne } = q.topics;
  const out: Candidate[] = [];
  for (const source of topicSources(ctx.page)) {
    const rank = prefer.indexOf(source.role);
    if (rank < 0) continue;
    const many = source.values.length > 1 && source.role !== 'section';
    let confidence = BASE[source.role] - rank * PER_RANK - (isOne && many ? ONE_OF_MANY : 0);
    if (SITE_WIDE_KEYS.has(source.path.replace(/^meta /, ''))) confidence -= SITE_WIDE_PENALTY;
    const value = isOne ? source.values[0] : source.values;
    const snippet = `${source.path}: ${source.values.join(', ')}`;
    out.push(makeCandidate(ctx, value, snippet, confidence, { method: source.method, path: source.path }));
  }
  return out;
};

/** Keyword data of the page, JSON-LD first, each source's values cleaned and deduplicated. */
export function topicSources(page: ReadPage): TopicSource[] {
  const grouped = new Map<string, TopicSource>();
  for (const fact of structuredFacts(page)) {
    const role = TOPIC_JSON_LD_PATHS.get(fact.property);
    if (!role || fact.method !== 'structured_data' || NOT_THE_PAGE.has(fact.entity)) continue;
    const key = `${fact.root} ${fact.property}`;
    const source = grouped.get(key) ?? { role, values: [], path: fact.path, method: fact.method };
    source.values.push(...splitValues(fact.value, role));
    grouped.set(key, source);
  }
  for (const [key, value] of Object.entries(page.metadata.meta)) {
    const role = TOPIC_META_KEYS.get(key);
    if (role)
      grouped.set(`meta ${key}`, {
        role,
        values: splitValues(value, role),
        path: `meta ${key}`,
        method: 'metadata',
      });
  }
  const siteKeys = siteNameKeys(page.metadata, page.url);
  return [...grouped.values()]
    .map((s) => ({ ...s, values: cleanValues(s.values, siteKeys) }))
    .filter((s) => s.values.length > 0);
}

/**
 * Keyword lists are written "a, b; c | d", some with their entities still escaped ("Privacy &amp;
 * Technology" is one keyword); a subject's name may hold a comma ("Paris, Texas").
 */
function splitValues(value: string, role: TopicRole): string[] {
  const text = decodeHTML(value);
  return role === 'about' ? [text] : text.split(/\s*[,;|]\s*/);
}

/** Deduplicated, without junk or the site's own name (a tag "Salon.com" says where, not what). */
function cleanValues(values: string[], siteKeys: string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of values) {
    const value = raw.replace(/\s+/g, ' ').replace(/^#/, '').trim();
    const key = value.toLowerCase();
    if (!isTopic(value) || seen.has(key) || isSiteName(value, siteKeys)) continue;
    seen.add(key);
    out.push(value);
  }
  return out.slice(0, MAX_VALUES);
}

function isTopic(value: string): boolean {
  if (value.length < 2 || value.length > MAX_LENGTH || !/\p{L}/u.test(value)) return false;
  return !/^(https?:|www\.)|\/\//i.test(value);
}
