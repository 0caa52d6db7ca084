import { ARTICLE_TYPES, ORGANIZATION_TYPES, PRODUCT_TYPES } from '../json-ld';
import type { ReadPage } from '../page-types';
import { offersToBuy } from './availability';

// What a page is about, from its own declarations first (JSON-LD types, og:type), then its shape
// (a buy button, many item links in a list). Said in "looked at" and used to know whose price to read.

export type PageKind =
  | 'article'
  | 'product'
  | 'book'
  | 'organization'
  | 'person'
  | 'event'
  | 'job posting'
  | 'recipe'
  | 'local business'
  | 'listing'
  | 'page';

const BY_TYPE: [PageKind, (t: string) => boolean][] = [
  ['book', (t) => t === 'Book'],
  [
    'product',
    (t) => PRODUCT_TYPES.has(t) || t === 'Offer' || t === 'AggregateOffer' || t === 'Car' || t === 'Vehicle',
  ],
  ['job posting', (t) => t === 'JobPosting'],
  ['recipe', (t) => t === 'Recipe'],
  ['event', (t) => t.endsWith('Event')],
  ['article', (t) => ARTICLE_TYPES.has(t)],
  [
    'listing',
    (t) => t === 'ItemList' || t === 'CollectionPage' || t === 'SearchResultsPage' || t === 'OfferCatalog',
  ],
  ['person', (t) => t === 'Person' || t === 'ProfilePage'],
  [
    'local business',
    (t) =>
      t === 'LocalBusiness' ||
      (ORGANIZATION_TYPES.has(t) && t !== 'Organization' && t !== 'Corporation' && t !== 'NGO'),
  ],
  ['organization', (t) => ORGANIZATION_TYPES.has(t)],
];
const OG_TYPES: Record<string, PageKind> = {
  article: 'article',
  'og:article': 'article',
  product: 'product',
  'product.item': 'product',
  'og:product': 'product',
  book: 'book',
  'books.book': 'book',
  profile: 'person',
  'business.business': 'local business',
};

const cache = new WeakMap<ReadPage, PageKind>();

export function pageKind(page: ReadPage): PageKind {
  let kind = cache.get(page);
  if (kind) return kind;
  kind = declaredKind(page) ?? (offersToBuy(page) ? 'product' : 'page');
  cache.set(page, kind);
  return kind;
}

function declaredKind(page: ReadPage): PageKind | null {
  // The page's main entity is its first one that is not the site or its navigation.
  const types = page.metadata.jsonLd
    .flatMap((e) => e.types)
    .filter(
      (t) => t !== 'WebSite' && t !== 'BreadcrumbList' && t !== 'SiteNavigationElement' && t !== 'WebPage',
    );
  for (const [kind, test] of BY_TYPE) if (types.some(test)) return kind;
  const og = page.metadata.meta['og:type']?.toLowerCase();
  return (og && OG_TYPES[og]) || null;
}
