import { parseHTML } from 'linkedom';
import { describe, expect, it } from 'vitest';
import { findPrintedBylines } from './printed-bylines';

function bylinesOf(body: string) {
  const { document } = parseHTML(`<!DOCTYPE html><html><head></head><body>${body}</body></html>`);
  return findPrintedBylines(document.body);
}

describe('byline elements', () => {
  it('finds rel=author, itemprop=author and byline classes in document order', () => {
    const found = bylinesOf(
      '<div class="c-byline">By <a href="/p/jane">Jane Doe</a></div>' +
        '<span itemprop="author" itemscope><span itemprop="name">John Roe</span></span>' +
        '<a rel="author" href="/p/ann">Ann Poe</a>',
    );
    expect(found.map((b) => b.marker)).toEqual(['class byline', 'itemprop=author', 'rel=author']);
    expect(found.map((b) => b.names)).toEqual([['Jane Doe'], ['John Roe'], []]);
  });

  it('prefers marked name parts over other links inside a byline', () => {
    const [b] = bylinesOf(
      '<div class="authorInfo"><a href="/tech">Tech Industry</a> by <a class="author" rel="author" href="/p/sm">Steven Musil</a> ' +
        '<time>January 18, 2017</time></div>',
    );
    expect(b?.names).toEqual(['Steven Musil']);
  });

  it('skips navigation, comments, hidden blocks and look-alike classes', () => {
    const found = bylinesOf(
      '<nav><span class="byline">Menu Writer</span></nav>' +
        '<div class="authorization">Sign In</div>' +
        '<div style="display:none"><span class="author">Hidden Person</span></div>' +
        '<ol class="comment-list"><li><span class="comment-author">Commenter Name</span></li></ol>' +
        '<p class="byline">By <a href="/p/real">Real Author</a></p>',
    );
    expect(found).toHaveLength(1);
    expect(found[0]?.names).toEqual(['Real Author']);
  });

  it("keeps the byline's own line breaks and ignores the source's", () => {
    const [b] = bylinesOf(
      '<p class="byline author">\n  Written by Rob\n  Ewaschuk<br/>\n Edited by Betsy Beyer\n</p>',
    );
    expect(b?.text.split('\n').map((l) => l.trim())).toEqual([
      'Written by Rob Ewaschuk',
      'Edited by Betsy Beyer',
    ]);
  });

  it('passes over long blocks and looks inside them', () => {
    const long = 'Lorem ipsum dolor sit amet. '.repeat(10);
    const found = bylinesOf(
      `<div class="author-box"><p>${long}</p><span class="byline">Inner Name</span></div>`,
    );
    expect(found.map((b) => b.text)).toEqual(['Inner Name']);
  });
});
