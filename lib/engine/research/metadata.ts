import { parseJsonLd } from './json-ld';
import type { PageMetadata } from './page-types';
import { collapseWhitespace } from './text-utils';

/** Reads <head>: title, meta tags, canonical and language; body-level JSON-LD comes from the walk. */
export function readHead(
  document: Document,
  baseUrl: URL,
  bodyJsonLd: string[],
  times: string[],
  h1: string | null,
): PageMetadata {
  const meta: Record<string, string> = {};
  const scripts: string[] = [];
  let title: string | null = null;
  let canonical: string | null = null;
  // Head tags written outside <head> (sloppy pages, rebuilt skeletons) are searched for everywhere.
  const headElements: Iterable<Element> =
    document.head && document.head.firstElementChild
      ? childrenOf(document.head)
      : document.querySelectorAll('title, meta, link');
  for (const el of headElements) {
    const tag = el.tagName;
    if (tag === 'META') {
      const key = (
        el.getAttribute('property') ??
        el.getAttribute('name') ??
        el.getAttribute('http-equiv') ??
        el.getAttribute('itemprop')
      )?.toLowerCase();
      const content = el.getAttribute('content');
      if (key && content && !(key in meta)) meta[key] = collapseWhitespace(content);
      // OpenGraph repeats article:tag once per tag; the page's topics are all of them.
      else if (key && content && key.endsWith(':tag')) meta[key] += `, ${collapseWhitespace(content)}`;
    } else if (tag === 'TITLE' && title === null) {
      title = collapseWhitespace(el.textContent ?? '') || null;
    } else if (
      tag === 'LINK' &&
      canonical === null &&
      /(^|\s)canonical(\s|$)/i.test(el.getAttribute('rel') ?? '')
    ) {
      canonical = absolute(el.getAttribute('href'), baseUrl);
    } else if (tag === 'SCRIPT' && /ld\+json/i.test(el.getAttribute('type') ?? '')) {
      scripts.push(el.textContent ?? '');
    }
  }
  const lang = document.documentElement?.getAttribute('lang')?.trim() || meta['content-language'] || null;
  return {
    title,
    description: meta.description ?? meta['og:description'] ?? meta['twitter:description'] ?? null,
    canonical,
    lang,
    meta,
    jsonLd: parseJsonLd([...scripts, ...bodyJsonLd]),
    times,
    h1,
  };
}

function* childrenOf(parent: Element): Generator<Element> {
  for (let el = parent.firstElementChild; el; el = el.nextElementSibling) yield el;
}

function absolute(href: string | null, base: URL): string | null {
  if (!href) return null;
  try {
    return new URL(href, base).href;
  } catch {
    return null;
  }
}
