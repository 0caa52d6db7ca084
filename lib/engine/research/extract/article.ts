import { ARTICLE_TYPES, hasType, textOf, textsOf } from '../json-ld';
import { collapseWhitespace } from '../text-utils';
import { type Candidate, type Extractor, makeCandidate } from './candidate';
import { findDate, toIsoDate } from './dates';

const BYLINE = /^(?:by|von|par|por)\s+(\p{Lu}[\p{L}'’.-]+(?:\s+\p{Lu}[\p{L}'’.-]+){0,3})/u;

export const extractAuthor: Extractor = (_q, ctx) => {
  const out: Candidate[] = [];
  const { metadata, passages, anchors } = ctx.page;
  for (const entity of metadata.jsonLd) {
    if (!hasType(entity, ARTICLE_TYPES)) continue;
    const names = textsOf(entity.data.author);
    if (names.length > 0) out.push(makeCandidate(ctx, names.join(', '), `author: ${names.join(', ')}`, 0.95));
  }
  const metaAuthor = metadata.meta.author ?? metadata.meta['article:author'];
  if (metaAuthor && !/^https?:/.test(metaAuthor))
    out.push(makeCandidate(ctx, metaAuthor, `meta author: ${metaAuthor}`, 0.85));
  for (const a of anchors) {
    if (/\/(author|authors|autor|people|staff)\//i.test(a.href) && a.text && a.text.split(' ').length <= 4) {
      out.push(makeCandidate(ctx, a.text, passages[a.passage]?.text ?? a.text, 0.75));
      break;
    }
  }
  for (const p of passages) {
    const match = BYLINE.exec(p.text);
    if (match?.[1]) {
      out.push(makeCandidate(ctx, collapseWhitespace(match[1]), p.text, 0.7));
      break;
    }
  }
  return out;
};

export const extractPublished: Extractor = (_q, ctx) => {
  const out: Candidate[] = [];
  const { metadata, passages } = ctx.page;
  for (const entity of metadata.jsonLd) {
    if (!hasType(entity, ARTICLE_TYPES) && !entity.types.includes('WebPage')) continue;
    const raw = textOf(entity.data.datePublished) ?? textOf(entity.data.dateCreated);
    const iso = raw ? toIsoDate(raw) : null;
    if (iso)
      out.push(makeCandidate(ctx, iso, `datePublished: ${raw}`, hasType(entity, ARTICLE_TYPES) ? 0.95 : 0.8));
  }
  for (const key of [
    'article:published_time',
    'og:published_time',
    'date',
    'dc.date',
    'dc.date.issued',
    'pubdate',
    'publish-date',
  ]) {
    const raw = metadata.meta[key];
    const iso = raw ? toIsoDate(raw) : null;
    if (iso) out.push(makeCandidate(ctx, iso, `${key}: ${raw}`, 0.9));
  }
  const firstTime = metadata.times[0];
  const timeIso = firstTime ? toIsoDate(firstTime) : null;
  if (timeIso) out.push(makeCandidate(ctx, timeIso, `time: ${firstTime}`, 0.8));
  for (const p of passages.slice(0, 40)) {
    if (!/\b(published|posted|updated|veröffentlicht|publié|am|on)\b/i.test(p.text) && p.text.length > 80)
      continue;
    const found = findDate(p.text);
    if (found) {
      out.push(makeCandidate(ctx, found.iso, p.text, 0.6));
      break;
    }
  }
  return out;
};
