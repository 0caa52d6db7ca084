import type { JsonLdEntity } from './page-types';

// JSON-LD arrives as one object, an array, or an @graph; typed objects can also hide inside
// others (WebPage.mainEntity, Article.publisher). All typed objects are flattened into one list.

const MAX_DEPTH = 6;

export function parseJsonLd(scripts: string[]): JsonLdEntity[] {
  const entities: JsonLdEntity[] = [];
  for (const raw of scripts) {
    const parsed = parseLenient(raw);
    if (parsed !== undefined) collect(parsed, entities, 0);
  }
  return entities;
}

function parseLenient(raw: string): unknown {
  // Wrappers for old XHTML parsers: <!-- -->, and CDATA bare or behind // or /* */ comments.
  const text = raw
    .trim()
    .replace(/^<!--|-->$/g, '')
    .replace(/^(?:\/\/|\/\*)?\s*<!\[CDATA\[(?:\s*\*\/)?|(?:\/\/|\/\*)?\s*\]\]>(?:\s*\*\/)?$/g, '')
    .trim();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    // Hand-edited JSON-LD often has trailing commas or raw newlines inside strings.
    try {
      return JSON.parse(text.replace(/,\s*([}\]])/g, '$1').replace(/[\r\n\t]+/g, ' '));
    } catch {
      return undefined;
    }
  }
}

function collect(value: unknown, out: JsonLdEntity[], depth: number): void {
  if (depth > MAX_DEPTH || value === null || typeof value !== 'object') return;
  if (Array.isArray(value)) {
    for (const item of value) collect(item, out, depth + 1);
    return;
  }
  const obj = value as Record<string, unknown>;
  const types = typesOf(obj['@type']);
  if (types.length > 0) out.push({ types, data: obj });
  for (const [key, child] of Object.entries(obj)) {
    if (key === '@context') continue;
    if (child !== null && typeof child === 'object') collect(child, out, depth + 1);
  }
}

export function typesOf(raw: unknown): string[] {
  const list = Array.isArray(raw) ? raw : [raw];
  const out: string[] = [];
  for (const t of list) {
    if (typeof t === 'string' && t) out.push(t.replace(/^.*[/#:]/, ''));
  }
  return out;
}

export function hasType(entity: JsonLdEntity, wanted: ReadonlySet<string>): boolean {
  return entity.types.some((t) => wanted.has(t));
}

/** A JSON-LD value as text: strings, numbers, {name}, {@value}, or the first of an array. */
export function textOf(value: unknown): string | null {
  if (typeof value === 'string') return value.trim() || null;
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) {
    for (const item of value) {
      const text = textOf(item);
      if (text) return text;
    }
    return null;
  }
  if (value && typeof value === 'object') {
    const obj = value as Record<string, unknown>;
    return textOf(obj['@value'] ?? obj.name ?? obj.value);
  }
  return null;
}

/** Every text value of a possibly-array property. */
export function textsOf(value: unknown): string[] {
  const list = Array.isArray(value) ? value : [value];
  const out: string[] = [];
  for (const item of list) {
    const text = textOf(item);
    if (text) out.push(text);
  }
  return out;
}

export const ORGANIZATION_TYPES: ReadonlySet<string> = new Set([
  'Organization',
  'NewsMediaOrganization',
  'Corporation',
  'LocalBusiness',
  'NGO',
  'EducationalOrganization',
  'GovernmentOrganization',
  'MedicalOrganization',
  'SportsOrganization',
  'OnlineBusiness',
  'OnlineStore',
  'Store',
  'Restaurant',
  'CafeOrCoffeeShop',
  'FoodEstablishment',
  'ProfessionalService',
  'LegalService',
  'FinancialService',
  'HomeAndConstructionBusiness',
  'AutomotiveBusiness',
  'HealthAndBeautyBusiness',
  'LodgingBusiness',
  'Hotel',
  'Dentist',
  'Physician',
  'RealEstateAgent',
  'TravelAgency',
  'AccountingService',
  'Attorney',
  'Bakery',
  'BarOrPub',
]);
export const ARTICLE_TYPES: ReadonlySet<string> = new Set([
  'Article',
  'NewsArticle',
  'BlogPosting',
  'TechArticle',
  'ScholarlyArticle',
  'Report',
  'OpinionNewsArticle',
  'AnalysisNewsArticle',
  'ReportageNewsArticle',
  'LiveBlogPosting',
  'SocialMediaPosting',
  'AdvertiserContentArticle',
  'AskPublicQuestionArticle',
  'BackgroundNewsArticle',
  'ReviewNewsArticle',
  'SatiricalArticle',
  'MedicalScholarlyArticle',
  'DiscussionForumPosting',
  'APIReference',
]);
export const PRODUCT_TYPES: ReadonlySet<string> = new Set([
  'Product',
  'ProductGroup',
  'IndividualProduct',
  'SoftwareApplication',
]);
