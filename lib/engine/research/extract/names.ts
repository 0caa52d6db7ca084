import { ORGANIZATION_TYPES, PRODUCT_TYPES, hasType, textOf } from '../json-ld';
import type { ReadPage } from '../page-types';
import { collapseWhitespace, fold } from '../text-utils';
import { type Candidate, type Extractor, makeCandidate } from './candidate';

const TITLE_SEPARATORS = /\s+[|–—·:»-]\s+/;
const COPYRIGHT =
  /(?:©|\(c\)|copyright)\s*(?:\d{4}(?:\s*[-–]\s*\d{4})?\s*,?\s*)?(?:by\s+)?([^|·\n]{2,80}?)(?:\s*[.,]?\s*(?:all rights reserved|alle rechte vorbehalten|tous droits réservés)|\s*[|·]|\.?\s*$)/i;

export const extractCompanyName: Extractor = (_q, ctx) => {
  const out: Candidate[] = [];
  const { page } = ctx;
  for (const entity of page.metadata.jsonLd) {
    if (!hasType(entity, ORGANIZATION_TYPES)) continue;
    const name = textOf(entity.data.name) ?? textOf(entity.data.legalName);
    if (name)
      out.push(
        makeCandidate(ctx, name, `${entity.types[0]} name: ${name}`, 0.95, {
          method: 'structured_data',
          path: `json-ld ${entity.types[0]} › name`,
        }),
      );
  }
  const siteName = page.metadata.meta['og:site_name'] ?? page.metadata.meta['application-name'];
  if (siteName)
    out.push(
      makeCandidate(ctx, siteName, `og:site_name: ${siteName}`, 0.88, {
        method: 'metadata',
        path: 'meta og:site_name',
      }),
    );
  const holder = copyrightHolder(page);
  if (holder) out.push(makeCandidate(ctx, holder.name, holder.snippet, 0.72));
  const segment = brandFromTitle(page, [siteName, holder?.name, page.metadata.meta['og:title']]);
  if (segment)
    out.push(
      makeCandidate(ctx, segment.name, `title: ${page.metadata.title ?? ''}`, segment.confidence, {
        method: 'metadata',
        path: 'title element',
      }),
    );
  return out;
};

function copyrightHolder(page: ReadPage): { name: string; snippet: string } | null {
  for (let i = page.passages.length - 1; i >= 0 && i >= page.passages.length - 30; i--) {
    const p = page.passages[i];
    if (!p || !/©|\(c\)|copyright/i.test(p.text)) continue;
    const match = COPYRIGHT.exec(p.text);
    const name = match?.[1] ? collapseWhitespace(match[1]).replace(/[.,;]+$/, '') : '';
    if (name && /\p{L}/u.test(name) && name.split(' ').length <= 8) return { name, snippet: p.text };
  }
  return null;
}

/**
 * The brand part of "<Brand> | <tagline>" or "<Page> – <Brand>": the segment another signal also
 * names; else the segment that is not the page's own topic (its h1); else, by convention, the
 * first segment on a home page and the last one elsewhere.
 */
function brandFromTitle(
  page: ReadPage,
  hints: (string | null | undefined)[],
): { name: string; confidence: number } | null {
  const title = page.metadata.title;
  if (!title) return null;
  const segments = title
    .split(TITLE_SEPARATORS)
    .map((s) => s.trim())
    .filter(Boolean);
  if (segments.length < 2) return null;
  const lowered = hints.filter((h): h is string => Boolean(h)).map((h) => h.toLowerCase());
  for (const segment of segments) {
    const s = segment.toLowerCase();
    if (lowered.some((h) => h === s || h.startsWith(`${s},`) || h.startsWith(`${s} `)))
      return { name: segment, confidence: 0.8 };
  }
  const h1 = fold(page.metadata.h1 ?? '');
  const offTopic = h1 ? segments.filter((s) => !h1.includes(fold(s)) && !fold(s).includes(h1)) : segments;
  const pool = offTopic.length > 0 && offTopic.length < segments.length ? offTopic : segments;
  const isHome = pathDepth(page.url) <= 1;
  const pick = (isHome ? pool[0] : pool[pool.length - 1]) ?? '';
  const isBrandLike = pick.split(' ').length <= 5 && /^[\p{Lu}\d]/u.test(pick);
  return isBrandLike ? { name: pick, confidence: pool === offTopic ? 0.6 : 0.5 } : null;
}

function pathDepth(url: string): number {
  try {
    return new URL(url).pathname.split('/').filter(Boolean).length;
  } catch {
    return 0;
  }
}

export const extractProductName: Extractor = (_q, ctx) => {
  const out: Candidate[] = [];
  const { metadata } = ctx.page;
  for (const entity of metadata.jsonLd) {
    if (!hasType(entity, PRODUCT_TYPES)) continue;
    const name = textOf(entity.data.name);
    if (name)
      out.push(
        makeCandidate(ctx, name, `Product name: ${name}`, 0.95, {
          method: 'structured_data',
          path: 'json-ld Product › name',
        }),
      );
  }
  if (metadata.meta['og:type'] === 'product' && metadata.meta['og:title']) {
    out.push(
      makeCandidate(ctx, metadata.meta['og:title'], `og:title: ${metadata.meta['og:title']}`, 0.85, {
        method: 'metadata',
        path: 'meta og:title',
      }),
    );
  }
  if (metadata.h1)
    out.push(makeCandidate(ctx, metadata.h1, `h1: ${metadata.h1}`, 0.55, { method: 'pattern', path: 'h1' }));
  return out;
};
