import type { Anchor, PageAction, Passage, TableData } from './page-types';
import { chunkText, collapseWhitespace, tidyLines } from './text-utils';

// One pass over the body collects everything the extractors need: text blocks with their
// heading, links with their block, tables, JSON-LD scripts and <time> values. Walking
// firstChild/nextSibling avoids building childNodes arrays, which linkedom does on every access.

const ELEMENT = 1;
const TEXT = 3;
const SKIP = new Set([
  'SCRIPT',
  'STYLE',
  'NOSCRIPT',
  'TEMPLATE',
  'SVG',
  'IFRAME',
  'OBJECT',
  'CANVAS',
  'HEAD',
  'SELECT',
  'OPTION',
  'BUTTON',
  'INPUT',
  'TEXTAREA',
  'VIDEO',
  'AUDIO',
  'MAP',
  'DIALOG',
  'TITLE',
  'META',
  'LINK',
  'BASE',
]);
const BLOCK = new Set([
  'P',
  'DIV',
  'SECTION',
  'ARTICLE',
  'MAIN',
  'HEADER',
  'FOOTER',
  'NAV',
  'ASIDE',
  'LI',
  'DL',
  'DT',
  'DD',
  'BLOCKQUOTE',
  'PRE',
  'ADDRESS',
  'FIGURE',
  'FIGCAPTION',
  'FORM',
  'FIELDSET',
  'LEGEND',
  'DETAILS',
  'SUMMARY',
  'HR',
  'BODY',
  'CENTER',
  'TR',
  'TD',
  'TH',
  'CAPTION',
  'THEAD',
  'TBODY',
  'TFOOT',
]);
const HEADINGS = new Set(['H1', 'H2', 'H3', 'H4', 'H5', 'H6']);
const MAX_PASSAGE = 1200;

export interface WalkResult {
  passages: Passage[];
  anchors: Anchor[];
  tables: TableData[];
  jsonLd: string[];
  times: string[];
  h1: string | null;
  /** Buttons a reader can press ("Add to basket"): a shop's offer is often only said this way. */
  actions: PageAction[];
}

export function walkBody(body: Element, baseUrl: URL): WalkResult {
  const out: WalkResult = {
    passages: [],
    anchors: [],
    tables: [],
    jsonLd: [],
    times: [],
    h1: null,
    actions: [],
  };
  let buffer = '';
  let pending: { href: string; text: string }[] = [];
  let heading: string | null = null;
  let addressDepth = 0;
  let chromeDepth = 0;

  const flush = (kind: Passage['kind'] = addressDepth > 0 ? 'address' : 'text'): Passage | null => {
    const text = tidyLines(buffer);
    buffer = '';
    let passage: Passage | null = null;
    for (const chunk of text ? chunkText(text, MAX_PASSAGE) : []) {
      passage = { text: chunk, heading: kind === 'heading' ? null : heading, kind };
      if (chromeDepth > 0) passage.boilerplate = true;
      out.passages.push(passage);
    }
    const index = Math.max(0, out.passages.length - 1);
    for (const a of pending) out.anchors.push({ href: a.href, text: a.text, passage: index, heading });
    pending = [];
    return passage;
  };

  const visit = (node: Node): void => {
    for (let child = node.firstChild; child; child = child.nextSibling) {
      if (child.nodeType === TEXT) {
        // Source line breaks are just whitespace; only <br> makes a line.
        buffer += (child.nodeValue ?? '').replace(/\s+/g, ' ');
        continue;
      }
      if (child.nodeType !== ELEMENT) continue;
      const el = child as Element;
      const tag = el.tagName;
      if (tag === 'SCRIPT') {
        if (/ld\+json/i.test(el.getAttribute('type') ?? '')) out.jsonLd.push(el.textContent ?? '');
        continue;
      }
      if (isHidden(el)) continue;
      if (tag === 'BUTTON' || tag === 'INPUT') {
        const action = actionOf(el, heading);
        if (action && out.actions.length < MAX_ACTIONS) out.actions.push(action);
        continue;
      }
      if (SKIP.has(tag)) continue;
      if (tag === 'BR') {
        buffer += '\n';
      } else if (tag === 'A') {
        const before = buffer.length;
        visit(el);
        const href = absoluteHref(el.getAttribute('href'), baseUrl);
        const text =
          collapseWhitespace(buffer.slice(before)) ||
          el.getAttribute('aria-label') ||
          el.getAttribute('title') ||
          imageAlt(el);
        if (href) pending.push({ href, text });
      } else if (tag === 'TIME') {
        const datetime = el.getAttribute('datetime');
        if (datetime) out.times.push(datetime);
        visit(el);
      } else if (HEADINGS.has(tag)) {
        flush();
        visit(el);
        const passage = flush('heading');
        if (passage) {
          heading = passage.text.replace(/\n/g, ' ');
          if (tag === 'H1' && !out.h1) out.h1 = heading;
        }
      } else if (tag === 'TABLE' && !isLayoutTable(el)) {
        flush();
        readTable(el);
      } else if (tag === 'UL' || tag === 'OL') {
        flush();
        const items = listItems(el);
        if (items.length > 1) {
          out.passages.push({
            text: items.join('\n'),
            heading,
            kind: 'list',
            items,
            ...(chromeDepth > 0 ? { boilerplate: true } : {}),
          });
        }
        visit(el);
        flush();
      } else if (tag === 'DT') {
        // "Phone: 1-800…": a term and its definition make one passage.
        flush();
        visit(el);
        buffer = `${buffer.trimEnd()}: `;
      } else if (tag === 'DD' && /:\s*$/.test(buffer)) {
        visit(el);
        flush();
      } else if (BLOCK.has(tag)) {
        flush();
        const isAddress = tag === 'ADDRESS';
        const isChrome = isPageChrome(el);
        const outerHeading = heading;
        if (isAddress) addressDepth++;
        if (isChrome) {
          chromeDepth++;
          // A footer does not belong under the last heading of the main content.
          heading = null;
        }
        visit(el);
        flush();
        if (isAddress) addressDepth--;
        if (isChrome) {
          chromeDepth--;
          heading = outerHeading;
        }
      } else {
        visit(el);
      }
    }
  };

  const readTable = (table: Element): void => {
    const rows = tableRows(table);
    let headers: string[] = [];
    const body: string[][] = [];
    const rowLinks: (string | null)[] = [];
    const caption = table.querySelector('caption')?.textContent;
    for (const row of rows) {
      const cells: string[] = [];
      let allTh = true;
      let link: string | null = null;
      for (let cell = row.firstElementChild; cell; cell = cell.nextElementSibling) {
        if (cell.tagName !== 'TD' && cell.tagName !== 'TH') continue;
        if (cell.tagName === 'TD') allTh = false;
        const start = buffer.length;
        visit(cell);
        cells.push(collapseWhitespace(buffer.slice(start)));
        buffer = buffer.slice(0, start);
        link ??= pending[0]?.href ?? null;
      }
      if (cells.length === 0) continue;
      if (allTh && headers.length === 0 && body.length === 0) {
        headers = cells;
        pending = [];
        continue;
      }
      body.push(cells);
      rowLinks.push(link);
      buffer = cells.map((c, i) => (headers[i] ? `${headers[i]}: ${c}` : c)).join('; ');
      flush('row');
    }
    if (body.length > 0) {
      out.tables.push({
        caption: caption ? collapseWhitespace(caption) : null,
        headers,
        rows: body,
        rowLinks,
        heading,
      });
    }
  };

  visit(body);
  flush();
  return out;
}

const CHROME_TAGS = new Set(['NAV', 'HEADER', 'FOOTER', 'ASIDE']);

/** Navigation, header, footer and cookie banners: kept for contact facts, ranked down for passages. */
function isPageChrome(el: Element): boolean {
  if (CHROME_TAGS.has(el.tagName)) return true;
  const marker = `${el.getAttribute('class') ?? ''} ${el.getAttribute('id') ?? ''} ${el.getAttribute('role') ?? ''}`;
  return /cookie|consent|navigation|navbar|menu|breadcrumb/i.test(marker);
}

/** Hidden from the eye (not only from screen readers): shared with the byline reader. */
export function isHidden(el: Element): boolean {
  if (el.hasAttribute('hidden')) return true;
  // aria-hidden hides from screen readers, not from the eye: on a small element it marks a duplicate
  // or an icon, but pages also set it on their whole content while a dialog (a consent banner) is open.
  if (el.getAttribute('aria-hidden') === 'true' && !el.querySelector(CONTENT_BLOCKS)) return true;
  const style = el.getAttribute('style');
  return style !== null && /display\s*:\s*none|visibility\s*:\s*hidden/i.test(style);
}

const CONTENT_BLOCKS = 'div, p, section, article, main, table, h1, h2, h3';
const MAX_ACTIONS = 40;
const MAX_ACTION_CHARS = 60;

function actionOf(el: Element, heading: string | null): PageAction | null {
  const type = (el.getAttribute('type') ?? '').toLowerCase();
  if (el.tagName === 'INPUT' && type !== 'submit' && type !== 'button') return null;
  const text = collapseWhitespace(
    (el.tagName === 'INPUT' ? el.getAttribute('value') : el.textContent) ||
      el.getAttribute('aria-label') ||
      el.getAttribute('title') ||
      '',
  );
  if (!text || text.length > MAX_ACTION_CHARS) return null;
  const disabled = el.hasAttribute('disabled') || el.getAttribute('aria-disabled') === 'true';
  return { text, disabled, heading };
}

/** Tables used for page layout hold blocks or other tables; they are walked as ordinary blocks. */
function isLayoutTable(table: Element): boolean {
  return table.querySelector('table, div, p, ul, h1, h2, h3') !== null;
}

function tableRows(table: Element): Element[] {
  const rows: Element[] = [];
  for (let child = table.firstElementChild; child; child = child.nextElementSibling) {
    if (child.tagName === 'TR') rows.push(child);
    else if (child.tagName === 'THEAD' || child.tagName === 'TBODY' || child.tagName === 'TFOOT') {
      for (let row = child.firstElementChild; row; row = row.nextElementSibling)
        if (row.tagName === 'TR') rows.push(row);
    }
  }
  return rows;
}

function listItems(list: Element): string[] {
  const items: string[] = [];
  for (let li = list.firstElementChild; li; li = li.nextElementSibling) {
    if (li.tagName !== 'LI') continue;
    const text = collapseWhitespace(li.textContent ?? '');
    if (text) items.push(text);
  }
  return items;
}

function imageAlt(el: Element): string {
  return el.querySelector('img')?.getAttribute('alt') ?? '';
}

function absoluteHref(href: string | null, base: URL): string | null {
  if (!href) return null;
  const value = href.trim();
  if (!value || value.startsWith('#') || /^javascript:/i.test(value)) return null;
  if (/^(mailto|tel):/i.test(value)) return value;
  try {
    const url = new URL(value, base);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    url.hash = '';
    return url.href;
  } catch {
    return null;
  }
}
