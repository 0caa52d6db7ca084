import { passagesToMarkdown } from './markdown';
import type { Anchor, PageMetadata, Passage, ReadPage } from './page-types';
import { tidyLines } from './text-utils';

interface Input {
  url: string;
  status: number;
  text: string;
  contentLanguage: string | null;
}

const URL_IN_TEXT = /https?:\/\/[^\s<>"')\]]+/g;

/** text/plain: paragraphs become passages; bare URLs become links so social profiles are found. */
export function readPlainText(input: Input): ReadPage {
  const passages: Passage[] = [];
  for (const block of input.text.split(/\n\s*\n/)) {
    const text = tidyLines(block);
    if (text) passages.push({ text, heading: null, kind: 'text' });
  }
  return textPage(input, 'text', passages, firstLine(passages), []);
}

/**
 * JSON: every leaf becomes a "key path: value" passage and a field, so a query named like a key
 * ("founded", "email") can be answered from it directly.
 */
export function readJson(input: Input): ReadPage | null {
  let value: unknown;
  try {
    value = JSON.parse(input.text);
  } catch {
    return null;
  }
  const fields: { key: string; value: string }[] = [];
  flatten(value, [], fields, 0);
  const passages: Passage[] = fields.map((f) => ({
    text: `${f.key}: ${f.value}`,
    heading: null,
    kind: 'text',
  }));
  const title = fields.find((f) => /^(name|title)$/.test(f.key))?.value ?? null;
  return textPage(input, 'json', passages, title, fields);
}

function flatten(value: unknown, path: string[], out: { key: string; value: string }[], depth: number): void {
  if (depth > 8 || out.length > 2000 || value === null || value === undefined) return;
  if (Array.isArray(value)) {
    if (value.every((v) => typeof v !== 'object' || v === null)) {
      if (value.length > 0) out.push({ key: keyName(path), value: value.map(String).join(', ') });
      return;
    }
    for (const item of value) flatten(item, path, out, depth + 1);
    return;
  }
  if (typeof value === 'object') {
    for (const [key, child] of Object.entries(value as Record<string, unknown>))
      flatten(child, [...path, key], out, depth + 1);
    return;
  }
  out.push({ key: keyName(path), value: String(value) });
}

function keyName(path: string[]): string {
  return path
    .join(' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/[_@.-]+/g, ' ')
    .trim()
    .toLowerCase();
}

function firstLine(passages: Passage[]): string | null {
  return passages[0]?.text.split('\n')[0] ?? null;
}

function textPage(
  input: Input,
  kind: 'text' | 'json',
  passages: Passage[],
  title: string | null,
  fields: { key: string; value: string }[],
): ReadPage {
  const anchors: Anchor[] = [];
  passages.forEach((p, index) => {
    for (const match of p.text.matchAll(URL_IN_TEXT)) {
      anchors.push({ href: match[0].replace(/[.,;]+$/, ''), text: match[0], passage: index, heading: null });
    }
  });
  const metadata: PageMetadata = {
    title,
    description: null,
    canonical: null,
    lang: null,
    meta: {},
    jsonLd: [],
    times: [],
    h1: null,
  };
  const markdown = passagesToMarkdown(passages);
  return {
    url: input.url,
    status: input.status,
    kind,
    metadata,
    passages,
    anchors,
    tables: [],
    actions: [],
    fields,
    contentLanguage: input.contentLanguage,
    markdown: () => markdown,
  };
}
