import { ARTICLE_TYPES, hasType, textOf } from '../json-ld';
import { authorCandidates } from './byline';
import { fold } from '../text-utils';
import { type Candidate, type Extractor, makeCandidate, type PageContext } from './candidate';
import { findLabelled } from './labelled-values';
import { declaredNames } from './person-name';
import { printedPairs } from './printed-pairs';
import { structuredFacts } from './structured-facts';
import { PROPERTIES } from '../vocabulary/vocabulary';
import { findDate, toIsoDate } from './dates';
import { metaByKey } from './meta-tags';

export const extractAuthor: Extractor = (_q, ctx) => [...authorCandidates(ctx), ...workAuthors(ctx)];

/** Works that are not articles (books, recordings, courses) name their author in markup or a label. */
const WORK_TYPES = new Set([
  'Book',
  'CreativeWork',
  'Product',
  'MusicAlbum',
  'Movie',
  'Course',
  'Thesis',
  'Chapter',
  'Audiobook',
]);
const AUTHOR_LABELS = [
  'author',
  'authors',
  'written by',
  'autor',
  'autoren',
  'auteur',
  'auteurs',
  'autore',
  'autori',
  'autora',
  'writer',
  'by',
];

function workAuthors(ctx: PageContext): Candidate[] {
  const out: Candidate[] = [];
  for (const fact of structuredFacts(ctx.page)) {
    if (!WORK_TYPES.has(fact.entity) || (fact.property !== 'author.name' && fact.property !== 'author'))
      continue;
    const names = declaredNames(fact.value);
    if (names.length > 0)
      out.push(
        makeCandidate(ctx, names.join(', '), `${fact.path}: ${fact.value}`, 0.9, {
          method: fact.method,
          path: fact.path,
        }),
      );
  }
  for (const pair of printedPairs(ctx.page)) {
    if (pair.boilerplate || !AUTHOR_LABELS.includes(fold(pair.label))) continue;
    const names = declaredNames(pair.value);
    if (names.length > 0 && names.length <= 4)
      out.push(
        makeCandidate(ctx, names.join(', '), pair.quote, 0.8, {
          method: 'label',
          path: `printed label "${pair.label}"`,
        }),
      );
  }
  return out;
}

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
  out.push(...workDates(ctx));
  return out;
};

const DATE_PUBLISHED = PROPERTIES.find((p) => p.name === 'datepublished');

/** A book's or a product's publication date, from its markup or a printed "Publication date:" label. */
function workDates(ctx: PageContext): Candidate[] {
  if (!DATE_PUBLISHED) return [];
  const out: Candidate[] = [];
  for (const fact of structuredFacts(ctx.page)) {
    if (!WORK_TYPES.has(fact.entity) || !DATE_PUBLISHED.schema.includes(fact.property)) continue;
    const iso = toIsoDate(fact.value) ?? (/^\d{4}$/.test(fact.value) ? fact.value : null);
    if (iso)
      out.push(
        makeCandidate(ctx, iso, `${fact.path}: ${fact.value}`, 0.9, { method: fact.method, path: fact.path }),
      );
  }
  for (const hit of findLabelled(ctx.page, DATE_PUBLISHED.labels)) {
    const found = findDate(hit.rest.slice(0, 40));
    if (!found || found.index > 3) continue;
    const confidence = (DATE_PUBLISHED.weak.has(hit.label) ? 0.7 : 0.84) - (hit.boilerplate ? 0.2 : 0);
    out.push(
      makeCandidate(ctx, found.iso, hit.quote, confidence, {
        method: 'label',
        path: `printed label "${hit.label}"`,
      }),
    );
  }
  return out;
}
