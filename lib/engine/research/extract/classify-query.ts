import type { ListItemType, OutputType, ResearchQuery } from '@/lib/contract/task-definition';
import { contentWords, fold } from '../text-utils';
import { type CountUnit, countAsked, type TopicsAsked, topicsAsked } from '../vocabulary/derived-fields';
import { type PropertyTerm, propertyAsked } from '../vocabulary/vocabulary';

export type SocialNetwork = 'linkedin' | 'x' | 'facebook' | 'instagram' | 'youtube' | 'github';

export type QueryKind =
  | 'company_name'
  | 'product_name'
  | 'person'
  | 'title'
  | 'description'
  | 'email'
  | 'phone'
  | 'address'
  | 'social'
  | 'founded'
  | 'employees'
  | 'price'
  | 'author'
  | 'published'
  | 'language'
  | 'website'
  | 'link'
  | 'property'
  | 'count'
  | 'topics'
  | 'passage';

export interface ClassifiedQuery {
  keyword: string;
  query: string;
  type: OutputType;
  kind: QueryKind;
  /** Set for 'social' when one network was asked for. */
  network?: SocialNetwork;
  /** Set for 'property': the schema.org property of the vocabulary the field asks for. */
  property?: PropertyTerm;
  /** Set for 'count': what to count in the main content. */
  count?: CountUnit;
  /** Set for 'topics': what of the page's keyword data was asked for. */
  topics?: TopicsAsked;
  /** Content words of keyword + query, folded; used for passage search, link ranking and table headers. */
  terms: string[];
  /** In a list run: 'task' is asked once for the page, not per row. */
  scope?: 'row' | 'task';
  /** The analyst's formatting guidance, applied to the answer where it is understood (format-answer.ts). */
  format?: string;
  /** For list answers: the type of each element. */
  items?: ListItemType;
}

/** The queries whose answers are the columns of a list run's rows: all but those asked once per page. */
export function rowQueries<Q extends { scope?: 'row' | 'task' }>(queries: readonly Q[], list: boolean): Q[] {
  return list ? queries.filter((q) => q.scope !== 'task') : [...queries];
}

const NETWORKS: [SocialNetwork, RegExp][] = [
  ['linkedin', /\blinked ?in\b/],
  ['x', /\btwitter\b|\bx\.com\b|\bx (handle|url|profile|account|link)\b|^x\b/],
  ['facebook', /\bfacebook\b|\bfb\b/],
  ['instagram', /\binstagram\b|\binsta\b/],
  ['youtube', /\byoutube\b/],
  ['github', /\bgithub\b/],
];

// Order matters: "email address" is an email, "company founding year" a founding year,
// "LinkedIn URL" a social profile, before the broader name/address/url rules see them.
const RULES: [QueryKind, RegExp][] = [
  ['social', /\bsocial\b|\bsame ?as\b/],
  ['email', /\be ?mail\b/],
  ['phone', /\b(phone|telephone|tel|mobile|cell|hotline|telefon|telefonnummer)\b|\bcall (us|them)\b/],
  ['language', /\b(language|lang|locale|sprache)\b/],
  ['author', /\b(author|written by|byline|writer|journalist)\b/],
  ['website', /\b(website url|website address|homepage|home page|web address|domain|site url)\b|^website\b/],
  [
    'founded',
    /\b(found(ed|ing)|established|inception|incorporat(ed|ion)|year started|gegrundet|grundung|fonde)\b/,
  ],
  [
    'employees',
    /\b(employees?|employ|headcount|staff|team size|workforce|how many people|number of people|mitarbeiter)\b/,
  ],
  ['published', /\b(publish(ed|ing)?|publication|posted|release date|article date)\b/],
  ['address', /\b(address|headquarters?|hq|located|location|street|postal|mailing|anschrift|adresse)\b/],
  [
    'product_name',
    /\b(product|plan|tier|package|item|model|service)s? (name|title)s?\b|\bname of the (product|plan|item)\b|^products?$/,
  ],
  [
    'price',
    /\b(price|prices|pricing|cost|costs|fee|fees|plan|plans|subscription|tier|tiers|preis|preise|prix)\b/,
  ],
  [
    'person',
    /\b(ceo|chief executive|founder|co ?founder|cto|cfo|coo|owner|president|managing director|geschaftsfuhrer|director|chair(man|woman|person)?)\b/,
  ],
  [
    'description',
    /\b(description|describe|summary|summari[sz]e|overview|tagline|slogan|mission|what (does|do) .* (do|offer|sell|make)|what is .* about)\b|^about\b/,
  ],
  [
    'company_name',
    /\b(company|organi[sz]ation|business|brand|firm|legal|employer|vendor|manufacturer) name\b|\bname of the (company|business|organi[sz]ation|firm|brand)\b|^name\b|\bcalled\b|^(company|organi[sz]ation|business|brand|firm)\b( .*)?\bname\b|^(company|organi[sz]ation|business|brand|firm)$/,
  ],
  ['title', /\b(title|headline|heading)\b/],
];

export function classifyQuery(q: ResearchQuery): ClassifiedQuery {
  const text = fold(`${q.keyword.replace(/[_-]+/g, ' ')} ${q.query}`).replace(/\{[^}]*\}/g, ' ');
  const keywordText = fold(q.keyword.replace(/[_-]+/g, ' '));
  const base = {
    keyword: q.keyword,
    query: q.query,
    type: q.type,
    terms: unique(contentWords(text)),
    ...(q.scope ? { scope: q.scope } : {}),
    ...(q.format ? { format: q.format } : {}),
    ...(q.items ? { items: q.items } : {}),
  };
  if (q.type === 'email') return { ...base, kind: 'email' };
  if (q.type === 'phone') return { ...base, kind: 'phone' };
  if (/^(company|organi[sz]ation|business|brand|firm)$/.test(keywordText.trim()))
    return { ...base, kind: 'company_name' };
  // Computed over the page, never read from a number or a passage in it: "number of words",
  // "main topic". Before the broader rules, which would take "how many images" for a passage.
  const count = q.type === 'string' || q.type === 'number' ? countAsked(text) : null;
  if (count) return { ...base, kind: 'count', count };
  const topics = q.type === 'string' || q.type === 'list' ? topicsAsked(text, base.terms) : null;
  if (topics) return { ...base, kind: 'topics', topics };
  // A property of the vocabulary (SKU, availability, ISBN, publisher…) named in the field's name or
  // question, in any of the words analysts use for it.
  const property = propertyAsked(text);
  if (property) return { ...base, kind: 'property', property };
  for (const [network, pattern] of NETWORKS) {
    if (pattern.test(keywordText) || pattern.test(text)) return { ...base, kind: 'social', network };
  }
  for (const [kind, pattern] of RULES) {
    if (!pattern.test(text)) continue;
    if (kind === 'company_name' && /\b(ceo|founder|person|contact|author|owner|product)\b/.test(text))
      continue;
    if (kind === 'website' && q.type !== 'url' && q.type !== 'string') continue;
    if (kind === 'title' && /\b(job|position|role)\b/.test(text)) continue;
    if (kind === 'published' && /\b(found|establish)/.test(text)) continue;
    if (kind === 'person' && !isPersonQuestion(text, q.type)) continue;
    if (kind === 'price' && !asksForPrice(fold(q.query).trim(), q.type)) continue;
    return { ...base, kind };
  }
  if (q.type === 'date' && /\bdate\b/.test(text)) return { ...base, kind: 'published' };
  if (q.type === 'url') return { ...base, kind: 'link' };
  return { ...base, kind: 'passage' };
}

/**
 * "Monthly price" and "How much is the Pro plan?" ask for a price; "Do prices include VAT?" and
 * "How can plans be cancelled?" ask about pricing terms, which a passage answers.
 */
function asksForPrice(text: string, type: OutputType): boolean {
  const question =
    /^(how|what|which|when|why|where|who|do|does|is|are|can|could|will|would|has|have|should)\b/.test(text);
  if (!question || type === 'number' || type === 'money') return true;
  if (/^(do|does|is|are|can|could|will|would|has|have|should)\b/.test(text)) return false;
  return /\b(how much|price|prices|pricing|cost|costs|fee|fees|preis|preise|prix)\b/.test(text);
}

/** "Who is the CEO?" asks for a person; "Does the CEO blog?" does not. */
function isPersonQuestion(text: string, type: OutputType): boolean {
  if (type !== 'string' && type !== 'list') return false;
  return /\b(who|name|names|person|people)\b/.test(text) || text.split(' ').length <= 4;
}

function unique(words: string[]): string[] {
  return [...new Set(words)];
}
