import type { PageRead } from '@/lib/contract/task-definition';
import type { FetchedResponse } from '../net/guarded-fetch';
import type { BrowserPool } from './browser/browser-pool';
import { needsBrowser, type BrowserMode } from './browser/needs-browser';
import type { ReadPage } from './page-types';
import { readPage } from './read-page';
import { decodeBody } from '../net/decode-body';

export type Rendered = ({ ok: true; page: ReadPage } | { ok: false; error: string }) & { read: PageRead };

/**
 * Renders a statically read page in Chromium when it needs JavaScript; null when it does not.
 * The rendered DOM is read by the same reader, so extraction does not care how a page was read.
 */
export async function renderIfNeeded(
  pool: BrowserPool,
  mode: BrowserMode,
  response: FetchedResponse,
  page: ReadPage,
  signal?: AbortSignal,
): Promise<Rendered | null> {
  if (mode === 'off' || page.kind !== 'html') return null;
  if (!needsBrowser(page, () => decodeBody(response.body, response.contentType), mode)) return null;
  const started = performance.now();
  try {
    const rendered = await pool.render(response.url, signal);
    const read: PageRead = {
      url: rendered.url,
      status: rendered.status,
      via: 'browser',
      ms: Math.round(performance.now() - started),
    };
    const out = readPage({
      url: rendered.url,
      status: rendered.status,
      contentType: 'text/html; charset=utf-8',
      body: Buffer.from(rendered.html),
      headers: response.headers,
    });
    return out.ok ? { ...out, read } : { ok: false, error: out.error, read };
  } catch (err) {
    signal?.throwIfAborted();
    return {
      ok: false,
      error: (err as Error).message,
      read: { url: response.url, status: 0, via: 'browser', ms: Math.round(performance.now() - started) },
    };
  }
}
