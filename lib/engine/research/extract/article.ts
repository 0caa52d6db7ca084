import { ARTICLE_TYPES, hasType, textOf } from '../json-ld';
import { authorCandidates } from './byline';
import { type Candidate, type Extractor, makeCandidate } from './candidate';
import { findDate, toIsoDate } from './dates';
import { metaByKey } from './meta-tags';

export const extractAuthor: Extractor = (_q, ctx) => authorCandidates(ctx);

/** Publication-date meta tags: Open Graph article, Dublin Core, Parse.ly, Sailthru, citations. */
const META_DATES = [
  'article:published_time',
  'og:published_time',
  'og:article:published_time',
  'parsely-pub-date',
  'sailthru.date',
  'date',
  'dc.date',
  'dc.date.issued',
  'dc.date.created',
  'dcterms.created',
  'dcterms.issued',
  'citation_publication_date',
  'pubdate',
  'publish-date',
];

export const extractPublished: Extractor = (_q, ctx) => {
  const out: Candidate[] = [];
  const { metadata, passages } = ctx.page;
  for (const entity of metadata.jsonLd) {
    const isArticle = hasType(entity, ARTICLE_TYPES);
    if (!isArticle && !entity.types.includes('WebPage')) continue;
    const type = entity.types[0] ?? 'Article';
    const prop = textOf(entity.data.datePublished) ? 'datePublished' : 'dateCreated';
    const raw = textOf(entity.data[prop]);
    const iso = raw ? toIsoDate(raw) : null;
    if (iso)
      out.push(
        makeCandidate(ctx, iso, `${prop}: ${raw}`, isArticle ? 0.95 : 0.8, {
          method: 'structured_data',
          path: `json-ld ${type} › ${prop}`,
        }),
      );
  }
  const meta = metaByKey(metadata.meta);
  for (const key of META_DATES) {
    const raw = meta.get(key);
    const iso = raw ? toIsoDate(raw) : null;
    if (iso)
      out.push(makeCandidate(ctx, iso, `${key}: ${raw}`, 0.9, { method: 'metadata', path: `meta ${key}` }));
  }
  const firstTime = metadata.times[0];
  const timeIso = firstTime ? toIsoDate(firstTime) : null;
  if (timeIso)
    out.push(
      makeCandidate(ctx, timeIso, `time: ${firstTime}`, 0.8, { method: 'pattern', path: 'time datetime' }),
    );
  for (const p of passages.slice(0, 40)) {
    if (!/\b(published|posted|updated|veröffentlicht|publié|am|on)\b/i.test(p.text) && p.text.length > 80)
      continue;
    const found = findDate(p.text);
    if (found) {
      out.push(makeCandidate(ctx, found.iso, p.text, 0.6, { method: 'pattern' }));
      break;
    }
  }
  return out;
};
