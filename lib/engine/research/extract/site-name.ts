import { ARTICLE_TYPES, ORGANIZATION_TYPES, hasType, textOf } from '../json-ld';
import type { PageMetadata } from '../page-types';
import { fold } from '../text-utils';

// Titles carry the site's name ("Article – Site", "Site | Article"); bylines sometimes name the
// site instead of a person. The site's own names, from every place a page states them, tell
// those parts apart without knowing any site in advance.

/** Spaced separators between a title and the site's name. */
const SEPARATOR = / (?:[|\-–—·•»>/\\_]|::) /g;
const MIN_PARTIAL = 4;

/** Comparable form of a name: folded, letters and digits only ("Aktuálně.cz" → "aktualnecz"). */
export function nameKey(text: string): string {
  return fold(text).replace(/[^\p{L}\p{N}]+/gu, '');
}

/** The site's names as keys: og:site_name, application names, publisher and WebSite names, host. */
export function siteNameKeys(metadata: PageMetadata, pageUrl: string): string[] {
  const { meta, jsonLd } = metadata;
  const names: (string | null | undefined)[] = [
    meta['og:site_name'],
    meta['application-name'],
    meta['apple-mobile-web-app-title'],
    meta['twitter:site']?.replace(/^@/, ''),
    meta['al:ios:app_name'],
    meta['al:android:app_name'],
  ];
  for (const entity of jsonLd) {
    if (entity.types.includes('WebSite') || hasType(entity, ORGANIZATION_TYPES))
      names.push(textOf(entity.data.name));
    if (hasType(entity, ARTICLE_TYPES) || entity.types.includes('WebPage'))
      names.push(textOf(entity.data.publisher));
  }
  const keys = new Set<string>();
  for (const name of names) {
    if (!name) continue;
    keys.add(nameKey(name));
    // "Aktuálně.cz - Víte, co se právě děje": the name before its own tagline.
    const head = name.split(SEPARATOR)[0];
    if (head) keys.add(nameKey(head));
  }
  for (const url of [metadata.canonical, meta['og:url'], pageUrl])
    for (const label of hostLabels(url)) keys.add(label);
  keys.delete('');
  return [...keys];
}

/** The distinctive labels of a URL's host: "www1.folha.uol.com.br" → folha, uol. */
function hostLabels(url: string | null | undefined): string[] {
  if (!url) return [];
  let host: string;
  try {
    host = new URL(url).hostname;
  } catch {
    return [];
  }
  if (/^[\d.]+$|^\[|^localhost$/.test(host)) return [];
  const labels = host.split('.');
  labels.pop();
  // Second-level public suffixes: co.uk, com.br, org.au…
  if (labels.length > 1 && (labels[labels.length - 1] ?? '').length <= 3) labels.pop();
  return labels.filter((l) => l.length >= 3 && !/^(www\d*|m|amp|blog|blogs|news)$/.test(l));
}

/** Whether a title segment is the site's name, by the keys from siteNameKeys. */
export function isSiteName(segment: string, siteKeys: string[]): boolean {
  const key = nameKey(segment);
  const words = segment.split(/\s+/).length;
  if (!key || words > 8) return false;
  return siteKeys.some(
    (site) =>
      site === key ||
      // "Spiceworks" for "Spiceworks Inc", "booksamillion.com" for the host booksamillion.
      (words <= 4 && key.length >= MIN_PARTIAL && site.startsWith(key)) ||
      (words <= 4 && site.length >= MIN_PARTIAL && key.startsWith(site)) ||
      // "My Hero Academia [Archive of Our Own]": a segment naming the site among other words.
      (site.length >= 6 && key.includes(site)),
  );
}

export interface TitleParts {
  segments: string[];
  separators: string[];
}

/** A title split at spaced separators, keeping them to rebuild any run of segments. */
export function splitTitle(title: string): TitleParts {
  const segments: string[] = [];
  const separators: string[] = [];
  let last = 0;
  for (const m of title.matchAll(SEPARATOR)) {
    segments.push(title.slice(last, m.index));
    separators.push(m[0]);
    last = m.index + m[0].length;
  }
  segments.push(title.slice(last));
  return { segments: segments.map((s) => s.trim()), separators };
}

export function joinSegments(parts: TitleParts, from: number, to: number): string {
  let out = parts.segments[from] ?? '';
  for (let i = from + 1; i < to; i++) out += `${parts.separators[i - 1] ?? ' '}${parts.segments[i] ?? ''}`;
  return out.trim();
}

/**
 * The title without the site's name at its end or start ("Article | Site", "Site – Article",
 * "Article: site.com"). Unchanged when no end segment is the site's name.
 */
export function stripSiteName(title: string, siteKeys: string[]): string {
  const parts = splitTitle(title);
  const n = parts.segments.length;
  if (n > 1) {
    if (isSiteName(parts.segments[n - 1] ?? '', siteKeys)) return joinSegments(parts, 0, n - 1);
    if (isSiteName(parts.segments[0] ?? '', siteKeys)) return joinSegments(parts, 1, n);
  }
  const colon = /^(.+?\S):\s+(\S.*)$/.exec(title);
  if (colon?.[1] && colon[2]) {
    if (isSiteName(colon[2], siteKeys) && colon[2].split(/\s+/).length <= 3) return colon[1].trim();
    if (isSiteName(colon[1], siteKeys) && colon[1].split(/\s+/).length <= 3) return colon[2].trim();
  }
  return title;
}
