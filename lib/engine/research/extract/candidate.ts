import type { SourceMethod } from '@/lib/contract/task-definition';
import type { ReadPage } from '../page-types';
import { clip } from '../text-utils';
import type { ClassifiedQuery } from './classify-query';

export interface Candidate {
  value: unknown;
  /** Supporting text from the page, ≤ 300 chars. */
  snippet: string;
  confidence: number;
  url: string;
  /** How the value was read (structured data, a printed label, a pattern…); shown with the answer. */
  method: SourceMethod;
  /** Where in the structured data or meta tags, when it came from there. */
  path?: string;
}

export interface How {
  method: SourceMethod;
  path?: string;
}

export interface PageContext {
  page: ReadPage;
  /** The page the task named; page-level facts (title, language…) come only from it. */
  isStartPage: boolean;
  /** ISO country used to read national phone numbers. */
  country: string;
}

export type Extractor = (q: ClassifiedQuery, ctx: PageContext) => Candidate[];

export const SNIPPET_MAX = 300;

export function makeCandidate(
  ctx: PageContext,
  value: unknown,
  snippet: string,
  confidence: number,
  how: How = { method: 'pattern' },
): Candidate {
  return {
    value,
    snippet: clip(snippet, SNIPPET_MAX),
    confidence: Math.max(0, Math.min(1, confidence)),
    url: ctx.page.url,
    method: how.method,
    ...(how.path ? { path: how.path } : {}),
  };
}

/** Department words: a query naming one prefers matching contacts; a plain query avoids them. */
const DEPARTMENTS = [
  'sales',
  'support',
  'help',
  'press',
  'media',
  'careers',
  'jobs',
  'billing',
  'invoice',
  'accounting',
  'privacy',
  'legal',
  'security',
  'marketing',
  'partners',
  'investor',
  'hr',
  'recruiting',
  'service',
  'fax',
  'telefax',
];

/** Adjustment for a contact found in `context` given what the query asked for. */
export function departmentFit(q: ClassifiedQuery, context: string): number {
  const asked = DEPARTMENTS.filter((d) => q.terms.includes(d));
  const lower = context.toLowerCase();
  const present = DEPARTMENTS.filter((d) => new RegExp(`\\b${d}\\b`).test(lower));
  if (asked.length > 0) return asked.some((d) => present.includes(d)) ? 0.15 : -0.1;
  return present.length > 0 ? -0.15 : 0;
}
