import { parseHTML } from 'linkedom';
import { walkBody } from './dom-walk';
import { ensureSkeleton } from './html-skeleton';
import { readMainContent } from './markdown';
import { readHead } from './metadata';
import { parseMicrodata } from './microdata';
import { parseRdfa } from './rdfa';
import { findPrintedBylines } from './extract/printed-bylines';
import type { MainContent, PrintedByline, ReadPage } from './page-types';

interface Input {
  url: string;
  status: number;
  html: string;
  contentLanguage: string | null;
}

/**
 * Parses the HTML once with linkedom and reads everything from that one DOM: the body walk
 * (passages, links, tables, JSON-LD, times), then <head>. Markdown is made on first use only,
 * because Readability is the costliest step and the offline extractor does not need it.
 */
export function readHtml(input: Input): ReadPage {
  const { document } = parseHTML(ensureSkeleton(input.html));
  const pageUrl = new URL(input.url);
  const baseUrl = baseOf(document, pageUrl);
  const body = document.body ?? document.documentElement;
  const walk = body
    ? walkBody(body, baseUrl)
    : { passages: [], anchors: [], tables: [], jsonLd: [], times: [], h1: null, actions: [] };
  // Microdata and RDFa items join the JSON-LD entities, so extractors read one list of typed objects.
  const items = [...parseMicrodata(input.html, baseUrl.href), ...parseRdfa(input.html, baseUrl.href)];
  const jsonLd = items.length > 0 ? [...walk.jsonLd, JSON.stringify(items)] : walk.jsonLd;
  const metadata = readHead(document, baseUrl, jsonLd, walk.times, walk.h1);
  let bylines: PrintedByline[] | null = null;
  const readBylines = () => (bylines ??= body ? findPrintedBylines(body) : []);
  let main: { markdown: string; content: MainContent } | null = null;
  const readMain = () => {
    // Readability rewrites the document and removes the bylines it finds: read them first.
    readBylines();
    return (main ??= readMainContent(document, walk.passages, walk.anchors));
  };
  return {
    url: input.url,
    status: input.status,
    kind: 'html',
    metadata,
    passages: walk.passages,
    anchors: walk.anchors,
    tables: walk.tables,
    actions: walk.actions,
    fields: [],
    contentLanguage: input.contentLanguage,
    markdown: () => readMain().markdown,
    mainContent: () => readMain().content,
    bylines: readBylines,
  };
}

function baseOf(document: Document, pageUrl: URL): URL {
  const href = document.head?.querySelector('base[href]')?.getAttribute('href');
  if (!href) return pageUrl;
  try {
    return new URL(href, pageUrl);
  } catch {
    return pageUrl;
  }
}
