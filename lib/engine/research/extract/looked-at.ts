import type { ReadPage } from '../page-types';
import type { ClassifiedQuery } from './classify-query';
import { pageKind } from './page-kind';

// What a "not found" says was looked at: enough for an analyst to judge whether the page could have
// answered (no structured data, no such label, a page of 12 text blocks) without opening it.

const MAX_TYPES = 6;

export function describeReading(page: ReadPage): string {
  const kind = pageKind(page);
  const parts: string[] = [kind === 'page' ? 'a page' : `${indefinite(kind)} page`];
  const types = [...new Set(page.metadata.jsonLd.flatMap((e) => e.types))];
  parts.push(
    types.length > 0
      ? `structured data (${types.slice(0, MAX_TYPES).join(', ')}${types.length > MAX_TYPES ? ', …' : ''})`
      : 'no structured data',
  );
  const count = (n: number, what: string) => `${n} ${what}${n === 1 ? '' : 's'}`;
  const metas = Object.keys(page.metadata.meta).length;
  if (metas > 0) parts.push(count(metas, 'meta tag'));
  if (page.fields.length > 0) parts.push(count(page.fields.length, 'field'));
  if (page.tables.length > 0) parts.push(count(page.tables.length, 'table'));
  parts.push(count(page.passages.length, 'text block'));
  return parts.join(', ');
}

export function describeKind(q: ClassifiedQuery): string {
  if (q.property) {
    const labels = q.property.labels.slice(-8).reverse().join(', ');
    return `schema.org ${q.property.name} (structured data ${q.property.schema.join(', ')}; printed labels such as ${labels})`;
  }
  if (q.count) return `${q.count} counted in the main content`;
  if (q.topics)
    return `the page's keyword data for "${q.topics.word}" (JSON-LD keywords, about, articleSection; keyword, tag and section meta tags)`;
  return q.kind === 'passage'
    ? `a printed "${q.keyword.replace(/[_-]+/g, ' ')}" label, or a passage about it`
    : q.kind.replace(/_/g, ' ');
}

function indefinite(word: string): string {
  return `${/^[aeiou]/.test(word) ? 'an' : 'a'} ${word}`;
}
