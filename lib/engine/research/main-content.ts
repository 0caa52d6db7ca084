import type { Anchor, MainContent, Passage } from './page-types';

// The main content as countable text and elements, for fields computed over it ("number of words",
// "how many images"). Read from Readability's article when it found one, otherwise from the page's
// own text blocks outside navigation and footers.

const BLOCKS = new Set(
  (
    'P DIV SECTION ARTICLE HEADER FOOTER ASIDE MAIN BLOCKQUOTE PRE FIGURE FIGCAPTION UL OL LI DL DT DD ' +
    'TABLE TR TD TH CAPTION BR HR H1 H2 H3 H4 H5 H6'
  ).split(' '),
);

/** Counts of Readability's article element (its text is block-aware: "end.</p><p>Next" is two words). */
export function articleContent(root: Element): MainContent {
  const parts: string[] = [];
  collectText(root, parts);
  const text = tidy(parts.join(''));
  const withText = (selector: string) =>
    [...root.querySelectorAll(selector)].filter((el) => (el.textContent ?? '').trim() !== '').length;
  const paragraphs = withText('p');
  return {
    text,
    isArticle: true,
    paragraphs: paragraphs > 0 ? paragraphs : text.split('\n').length,
    headings: withText('h1, h2, h3, h4, h5, h6'),
    links: root.querySelectorAll('a[href]').length,
    images: root.querySelectorAll('img').length,
  };
}

/** The page's text blocks outside its chrome stand in when no article was found. */
export function passagesContent(passages: Passage[], anchors: Anchor[]): MainContent {
  const kept = new Set<number>();
  const seen = new Set<string>();
  passages.forEach((p, i) => {
    // A list's items are also blocks of their own: those carry its text.
    if (p.boilerplate || p.kind === 'list' || seen.has(p.text)) return;
    seen.add(p.text);
    kept.add(i);
  });
  const blocks = [...kept].map((i) => passages[i]!);
  return {
    text: tidy(blocks.map((p) => p.text).join('\n')),
    isArticle: false,
    paragraphs: blocks.filter((p) => p.kind === 'text').length,
    headings: blocks.filter((p) => p.kind === 'heading').length,
    links: anchors.filter((a) => !passages[a.passage]?.boilerplate).length,
    images: null,
  };
}

function collectText(node: Node, parts: string[]): void {
  for (let child = node.firstChild; child; child = child.nextSibling) {
    if (child.nodeType === 3) parts.push(child.nodeValue ?? '');
    else if (child.nodeType === 1) {
      const isBlock = BLOCKS.has((child as Element).tagName);
      if (isBlock) parts.push('\n');
      collectText(child, parts);
      if (isBlock) parts.push('\n');
    }
  }
}

function tidy(text: string): string {
  return text
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .join('\n');
}
