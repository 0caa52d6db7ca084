import { ARTICLE_TYPES, hasType, textOf } from '../json-ld';
import type { PageMetadata } from '../page-types';
import { collapseWhitespace } from '../text-utils';
import { type Evidence, rankEvidence } from './agreement';
import type { Candidate, How, PageContext } from './candidate';
import { metaByKey } from './meta-tags';
import { joinSegments, nameKey, siteNameKeys, splitTitle, stripSiteName } from './site-name';

// The title of a page's article or main subject, from every place that states it: structured
// data (headline, name), meta tags (Dublin Core, Open Graph, Twitter, Parse.ly…), the <title>
// element and the first <h1>. Each is read without the site's name; agreement across them sets the
// confidence (agreement.ts). An <h1> alone is weak: on many sites it is a section name or the logo.

/** Meta tags naming the title, in the order they are preferred when nothing else decides. */
const META_TITLES: [string, number][] = [
  ['dc:title', 0.8],
  ['dcterm:title', 0.8],
  ['dcterms:title', 0.8],
  ['dc.title', 0.78],
  ['og:title', 0.8],
  ['weibo:article:title', 0.75],
  ['title', 0.72],
  ['twitter:title', 0.75],
  ['parsely-title', 0.75],
  ['sailthru.title', 0.75],
];
const HEADLINE = 0.85;
const ARTICLE_NAME = 0.8;
const PAGE_NAME = 0.6;
const TITLE_ELEMENT = 0.7;
/** A <title> cut at a separator on its shape alone ("Article – My website"), with no site name to confirm. */
const TITLE_GUESSED_CUT = 0.6;
const H1 = 0.55;
const H1_WITHOUT_TITLE = 0.65;
/** A long <h1> beside a <title> too short or too long to be an article's ("Home", a keyword list). */
const H1_OVER_ODD_TITLE = 0.75;

interface Source {
  raw: string;
  family: string;
  weight: number;
  label: string;
  how: How;
}

export function titleCandidates(ctx: PageContext): Candidate[] {
  const { metadata, url } = ctx.page;
  const sources = collectSources(metadata);
  if (sources.length === 0) return [];
  const siteKeys = siteNameKeys(metadata, url);
  const others = (self: Source) => sources.filter((s) => s.family !== self.family).map((s) => nameKey(s.raw));
  const evidence: Evidence[] = [];
  for (const source of sources) {
    const read = readTitle(source, siteKeys, others(source));
    if (!read) continue;
    evidence.push({
      value: read.value,
      key: nameKey(read.value),
      family: source.family,
      weight: read.weight,
      snippet: `${source.label}: ${source.raw}`,
      how: source.how,
    });
  }
  // "Ford County by John Grisham (Hardcover)" over an <h1> "Ford County": the title element or tag
  // adds the author, format or edition to the heading, so it confirms the heading as the title.
  const heading = evidence.find((e) => e.family === 'heading');
  // A heading that is the site's name (a logo in an <h1>) is no title, however the title begins.
  if (heading && !siteKeys.includes(heading.key)) {
    evidence.forEach((e, i) => {
      if (e.family === 'heading' || !isDecoratedHeading(String(e.value), String(heading.value))) return;
      evidence[i] = {
        ...e,
        value: heading.value,
        key: heading.key,
        snippet: `${e.snippet} (begins with the h1)`,
      };
    });
  }
  // Structured data may name the article twice (headline, name) or hold several entities; the one
  // another family confirms speaks for it, else the first headline.
  const isConfirmed = (e: Evidence) => evidence.some((o) => o.family !== e.family && o.key === e.key);
  const structured = evidence.filter((e) => e.family === 'structured');
  const ordered = [
    ...structured.filter(isConfirmed),
    ...structured.filter((e) => !isConfirmed(e)),
    ...evidence.filter((e) => e.family !== 'structured'),
  ];
  return rankEvidence(ctx, ordered);
}

const DECORATION = /^(?:\s+(?:by|von|de|di|par|por)\s|\s*[(\[:,]|\s+[-–—|/]\s)/iu;

function isDecoratedHeading(title: string, heading: string): boolean {
  if (heading.length < 2 || title.length <= heading.length || !title.startsWith(heading)) return false;
  return DECORATION.test(title.slice(heading.length));
}

function collectSources(metadata: PageMetadata): Source[] {
  const out: Source[] = [];
  const add = (raw: string | null | undefined, family: string, weight: number, label: string, how: How) => {
    const text = raw ? collapseWhitespace(raw) : '';
    if (text) out.push({ raw: text, family, weight, label, how });
  };
  for (const entity of metadata.jsonLd) {
    const type = entity.types[0] ?? 'Thing';
    const isArticle = hasType(entity, ARTICLE_TYPES);
    if (!isArticle && !entity.types.includes('WebPage')) continue;
    const headline = textOf(entity.data.headline);
    const name = textOf(entity.data.name);
    const structured = (prop: string): How => ({
      method: 'structured_data',
      path: `json-ld ${type} › ${prop}`,
    });
    add(headline, 'structured', isArticle ? HEADLINE : PAGE_NAME, `${type} headline`, structured('headline'));
    if (name && name !== headline)
      add(name, 'structured', isArticle ? ARTICLE_NAME : PAGE_NAME, `${type} name`, structured('name'));
  }
  const meta = metaByKey(metadata.meta);
  for (const [key, weight] of META_TITLES)
    add(meta.get(key), 'meta', weight, key, { method: 'metadata', path: `meta ${key}` });
  const title = metadata.title;
  add(title, 'document', TITLE_ELEMENT, 'title', { method: 'metadata', path: 'title element' });
  const h1 = metadata.h1;
  const isOddTitle = title !== null && (title.length < 15 || title.length > 150) && wordCount(h1 ?? '') >= 5;
  const h1Weight = !title ? H1_WITHOUT_TITLE : isOddTitle ? H1_OVER_ODD_TITLE : H1;
  add(h1, 'heading', h1Weight, 'h1', { method: 'pattern', path: 'h1' });
  return out;
}

/**
 * A source's title without the site's name. A separated title first yields the run of its
 * segments that another family states ("Article" in "Article | Section | Site" when og:title says
 * "Article"), then loses an end segment naming the site. A tag's title keeps its other separators
 * whole: "Part - Subtitle | Site" stays as written when cutting would leave a run of segments. A
 * <title> with no site name to confirm is cut at its shape, the way reader modes do (cutTitle).
 */
function readTitle(
  source: Source,
  siteKeys: string[],
  otherKeys: string[],
): { value: string; weight: number } | null {
  const parts = splitTitle(source.raw);
  const n = parts.segments.length;
  const isDocument = source.family === 'document';
  for (let from = 0; from < n; from++) {
    for (let to = n; to > from; to--) {
      const isEndRun = (from === 0) !== (to === n);
      if (!isEndRun || (!isDocument && to - from > 1)) continue;
      const run = joinSegments(parts, from, to);
      if (otherKeys.includes(nameKey(run))) return { value: run, weight: source.weight };
    }
  }
  const stripped = stripSiteName(source.raw, siteKeys);
  if (stripped !== source.raw) {
    if (!stripped) return null;
    if (isDocument || splitTitle(stripped).segments.length === 1)
      return { value: stripped, weight: source.weight };
  }
  // A tag that holds nothing but the site's name says nothing about the article.
  if (!isDocument && siteKeys.includes(nameKey(source.raw))) return null;
  if (isDocument && stripped === source.raw) {
    const cut = cutTitle(source.raw);
    if (cut !== source.raw) return { value: cut, weight: TITLE_GUESSED_CUT };
  }
  return { value: source.raw, weight: source.weight };
}

/**
 * Mozilla Readability's reading of a <title> whose site name is unknown: drop the last segment,
 * or the first when too little is left, and keep the whole when the rest would be four words or
 * fewer (unless a hierarchical separator makes the cut plain).
 */
export function cutTitle(title: string): string {
  const parts = splitTitle(title);
  const n = parts.segments.length;
  if (n < 2) return title;
  let cut = joinSegments(parts, 0, n - 1);
  if (wordCount(cut) < 3) cut = joinSegments(parts, 1, n);
  const hierarchical = parts.separators.some((s) => /[/\\>»]/.test(s));
  const wordsWithoutSeparators = wordCount(parts.segments.join(' '));
  if (wordCount(cut) <= 4 && (!hierarchical || wordCount(cut) !== wordsWithoutSeparators - 1)) return title;
  return cut;
}

function wordCount(text: string): number {
  return text.split(/\s+/).filter(Boolean).length;
}
