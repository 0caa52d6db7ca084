import { decodeBody } from '../net/decode-body';
import type { ReadPage } from './page-types';
import { readHtml } from './read-html';
import { readJson, readPlainText } from './read-text';

export interface RawPage {
  url: string;
  status: number;
  contentType: string | null;
  body: Buffer;
  headers?: Record<string, string>;
}

export type ReadOutcome = { ok: true; page: ReadPage } | { ok: false; error: string };

/** Turns a fetched body into a ReadPage, or explains why it cannot be read (binary, empty). */
export function readPage(raw: RawPage): ReadOutcome {
  const type = (raw.contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  if (raw.body.length === 0) return { ok: false, error: `${raw.url} returned an empty page` };
  const contentLanguage = raw.headers?.['content-language'] ?? null;
  const kind = pageKind(type, raw.body);
  if (!kind) return { ok: false, error: `${raw.url} is not a web page (content type ${type || 'unknown'})` };
  const text = decodeBody(raw.body, raw.contentType);
  const input = { url: raw.url, status: raw.status, contentLanguage };
  if (kind === 'json') {
    const page = readJson({ ...input, text });
    if (page) return { ok: true, page };
    return { ok: true, page: readPlainText({ ...input, text }) };
  }
  if (kind === 'text') return { ok: true, page: readPlainText({ ...input, text }) };
  return { ok: true, page: readHtml({ ...input, html: text }) };
}

function pageKind(type: string, body: Buffer): 'html' | 'text' | 'json' | null {
  if (type === 'text/html' || type === 'application/xhtml+xml') return 'html';
  if (type === 'application/json' || type.endsWith('+json')) return 'json';
  if (type === 'text/plain' || type === 'text/markdown' || type === 'text/csv') return 'text';
  if (type.endsWith('/xml') || type.endsWith('+xml')) return 'html';
  // Missing or generic types: sniff the first bytes the way browsers do for HTML.
  if (!type || type === 'application/octet-stream' || type === 'text/x-unknown') {
    const head = body.subarray(0, 512).toString('latin1').trimStart().toLowerCase();
    if (
      head.startsWith('<!doctype html') ||
      head.startsWith('<html') ||
      /^<(head|body|meta|title)\b/.test(head)
    )
      return 'html';
    if (!type && (head.startsWith('{') || head.startsWith('['))) return 'json';
    if (!type && !hasBinaryBytes(body)) return 'text';
  }
  return null;
}

function hasBinaryBytes(body: Buffer): boolean {
  const sample = body.subarray(0, 1024);
  // NUL and other low control bytes never occur in text.
  for (const byte of sample) if (byte < 9) return true;
  return false;
}
