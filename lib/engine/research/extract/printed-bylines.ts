import type { PrintedByline } from '../page-types';
import { isHidden } from '../dom-walk';

// Bylines as pages mark them up: rel="author" links, itemprop="author", and elements whose class
// or id names a byline or an author (the signals Mozilla Readability uses). Walked in document
// order, skipping navigation, asides, footers, comments and recommendation blocks, whose author
// names belong to other articles or other people.

const ELEMENT = 1;
const SKIP_TAGS = new Set([
  'SCRIPT',
  'STYLE',
  'NOSCRIPT',
  'TEMPLATE',
  'SVG',
  'IFRAME',
  'HEAD',
  'SELECT',
  'BUTTON',
  'TEXTAREA',
  'NAV',
  'FOOTER',
  'ASIDE',
  'FORM',
  'DIALOG',
]);
const BYLINE_PARTS = new Set([
  'byline',
  'bylines',
  'author',
  'authors',
  'byl',
  'writer',
  'writtenby',
  'autor',
  'auteur',
  'autore',
]);
/** Parts of an author block that are not the names: pictures, biographies, dates, follow buttons. */
const BESIDE_NAME_PARTS = new Set([
  'avatar',
  'image',
  'img',
  'photo',
  'picture',
  'pic',
  'bio',
  'hovercard',
  'follow',
  'date',
  'time',
  'title',
  'role',
  'job',
  'description',
  'desc',
  'about',
  'more',
  'label',
  'prefix',
]);
/** Blocks whose bylines are other articles' or other people's. */
const SKIP_PARTS = new Set([
  'comment',
  'comments',
  'reply',
  'replies',
  'related',
  'recommended',
  'recommendations',
  'sidebar',
  'widget',
  'promo',
  'newsletter',
  'share',
  'sharing',
  'social',
  'popup',
  'modal',
  'menu',
  'nav',
  'navbar',
  'navigation',
  'footer',
  'breadcrumb',
  'breadcrumbs',
  'cookie',
  'consent',
  'outbrain',
  'taboola',
  'ad',
  'ads',
  'advert',
  'sponsored',
  'trending',
  'popular',
  'teaser',
  'teasers',
]);
const NAME_PARTS = new Set(['name', 'fn', 'author', 'authors', 'byline']);
const MAX_TEXT = 150;
const MAX_FOUND = 6;
const BLOCK = /^(?:P|DIV|LI|UL|OL|H[1-6]|SECTION|HEADER|ARTICLE|DD|DT|TR|TD|BLOCKQUOTE|ADDRESS)$/;

export function findPrintedBylines(root: Element): PrintedByline[] {
  const found: PrintedByline[] = [];
  const visit = (parent: Element): void => {
    for (let el = parent.firstElementChild; el && found.length < MAX_FOUND; el = el.nextElementSibling) {
      if (SKIP_TAGS.has(el.tagName) || isHidden(el)) continue;
      const parts = markerParts(el);
      if (parts.some((p) => SKIP_PARTS.has(p))) continue;
      const marker = bylineMarker(el, parts);
      if (marker) {
        const text = textWithBreaks(el);
        const length = text.replace(/\s+/g, ' ').trim().length;
        if (length > 0 && length < MAX_TEXT) {
          found.push({ marker, text, names: nameTexts(el) });
          continue;
        }
      }
      visit(el);
    }
  };
  visit(root);
  return found;
}

/** Class and id split into lowercase words: "c-byline__item authorInfo" → c, byline, item, author, info. */
function markerParts(el: Element): string[] {
  const raw = `${el.getAttribute('class') ?? ''} ${el.getAttribute('id') ?? ''}`;
  if (!raw.trim()) return [];
  return raw
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[\s_-]+/)
    .filter(Boolean);
}

function bylineMarker(el: Element, parts: string[]): string | null {
  if (tokens(el.getAttribute('rel')).includes('author')) return 'rel=author';
  const itemprop = tokens(el.getAttribute('itemprop'));
  if (itemprop.includes('author') || itemprop.includes('creator')) return 'itemprop=author';
  const part = parts.find((p) => BYLINE_PARTS.has(p));
  if (part && !parts.some((p) => BESIDE_NAME_PARTS.has(p))) return `class ${part}`;
  return null;
}

/**
 * The name-holding parts inside a byline: marked ones (itemprop=name, rel=author, a name or author
 * class) or, failing those, its links. "By <a>Jane Doe</a>, Senior Editor" gives "Jane Doe".
 */
function nameTexts(byline: Element): string[] {
  const marked: Element[] = [];
  const links: Element[] = [];
  for (const el of byline.querySelectorAll('*')) {
    if (isHidden(el)) continue;
    const parts = markerParts(el);
    if (parts.some((p) => BESIDE_NAME_PARTS.has(p))) continue;
    const isMarked =
      tokens(el.getAttribute('itemprop')).some((t) => t === 'name' || t === 'author') ||
      tokens(el.getAttribute('rel')).includes('author') ||
      parts.some((p) => NAME_PARTS.has(p));
    if (isMarked) marked.push(el);
    else if (el.tagName === 'A') links.push(el);
  }
  const chosen = marked.length > 0 ? marked : links;
  const outermost = chosen.filter((el) => !chosen.some((other) => other !== el && other.contains(el)));
  return outermost.map((el) => (el.textContent ?? '').replace(/\s+/g, ' ').trim()).filter(Boolean);
}

function tokens(value: string | null): string[] {
  return value ? value.toLowerCase().split(/\s+/) : [];
}

/** Text with a line break for <br> and around blocks, so a byline's first line can be told apart. */
function textWithBreaks(el: Element): string {
  let out = '';
  for (let child = el.firstChild; child; child = child.nextSibling) {
    if (child.nodeType !== ELEMENT) {
      // Source line breaks are layout; only <br> and blocks break the printed line.
      out += child.nodeType === 3 ? (child.nodeValue ?? '').replace(/\s+/g, ' ') : '';
      continue;
    }
    const element = child as Element;
    if (element.tagName === 'BR') out += '\n';
    else if (SKIP_TAGS.has(element.tagName) || isHidden(element)) continue;
    else if (BLOCK.test(element.tagName)) out += `\n${textWithBreaks(element)}\n`;
    else out += textWithBreaks(element);
  }
  return out;
}
