import { Readability } from '@mozilla/readability';
import TurndownService from 'turndown';
import { articleContent, passagesContent } from './main-content';
import type { Anchor, MainContent, Passage } from './page-types';

// Built once: Turndown compiles its rules in the constructor.
const turndown = new TurndownService({
  headingStyle: 'atx',
  codeBlockStyle: 'fenced',
  bulletListMarker: '-',
  emDelimiter: '_',
});
turndown.remove(['script', 'style', 'noscript', 'iframe', 'form', 'button', 'select']);

const MIN_ARTICLE_CHARS = 140;

/**
 * Main content as markdown, and as countable text. Readability rewrites the document it is given,
 * so this must run after everything else has read the DOM.
 */
export function readMainContent(
  document: Document,
  passages: Passage[],
  anchors: Anchor[],
): { markdown: string; content: MainContent } {
  try {
    const article = new Readability<Node>(document, {
      serializer: (node) => node,
      charThreshold: 300,
    }).parse();
    if (article?.content && (article.textContent?.trim().length ?? 0) >= MIN_ARTICLE_CHARS) {
      const node = article.content as unknown as HTMLElement;
      // Counted before Turndown reads the node; Turndown accepts a DOM node, which skips
      // serialising and re-parsing HTML.
      const content = articleContent(node);
      return { markdown: turndown.turndown(node).trim(), content };
    }
  } catch {
    // Readability throws on some malformed documents; the whole-page text is still useful.
  }
  return { markdown: passagesToMarkdown(passages), content: passagesContent(passages, anchors) };
}

export function passagesToMarkdown(passages: Passage[]): string {
  const blocks: string[] = [];
  for (const p of passages) {
    if (p.kind === 'heading') blocks.push(`## ${p.text.replace(/\n/g, ' ')}`);
    else if (p.kind === 'list') blocks.push((p.items ?? []).map((item) => `- ${item}`).join('\n'));
    else if (p.kind === 'address') blocks.push(p.text.replace(/\n/g, '  \n'));
    else blocks.push(p.text);
  }
  // List items also appear as their own blocks; drop those repeats.
  const seen = new Set<string>();
  const listed = new Set(passages.flatMap((p) => p.items ?? []));
  return blocks.filter((b) => !listed.has(b) && !seen.has(b) && seen.add(b)).join('\n\n');
}
