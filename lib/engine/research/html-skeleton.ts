// linkedom builds the tree as written and does not repair it the way browsers do: without
// explicit <html>, <head> and <body> (all optional in HTML5) `document.body` comes out empty.
// Pages that lack them are rebuilt into that shape before parsing.

const HEAD_CLOSE = /<\/head\s*>/i;
const ONLY_SPACE_OR_COMMENTS = /^\s*(?:<!--[\s\S]*?-->\s*)*$/;

export function ensureSkeleton(html: string): string {
  const htmlOpen = /<html[\s>]/i.exec(html);
  const headOpen = /<head[\s>]/i.exec(html);
  const bodyOpen = /<body[\s>]/i.exec(html);
  if (htmlOpen && headOpen && bodyOpen) {
    const headClose = HEAD_CLOSE.exec(html);
    if (
      headClose &&
      ONLY_SPACE_OR_COMMENTS.test(html.slice(headClose.index + headClose[0].length, bodyOpen.index))
    )
      return html;
  }
  const htmlAttributes = /<html(\s[^>]*)?>/i.exec(html)?.[1] ?? '';
  let rest = html.replace(/<!doctype[^>]*>/i, '').replace(/<\/?html(?:\s[^>]*)?>/gi, '');
  let head = '';
  const headMatch = /<head(?:\s[^>]*)?>([\s\S]*?)<\/head\s*>/i.exec(rest);
  if (headMatch) {
    head = headMatch[1] ?? '';
    rest = rest.slice(0, headMatch.index) + rest.slice(headMatch.index + headMatch[0].length);
  }
  rest = rest.replace(/<\/?body(?:\s[^>]*)?>/gi, '');
  return `<!DOCTYPE html><html${htmlAttributes}><head>${head}</head><body>${rest}</body></html>`;
}
