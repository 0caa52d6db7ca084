import { describe, expect, it } from 'vitest';
import { readPage } from '../read-page';
import { AnswerSheet } from './answer';
import { classifyQuery } from './classify-query';

/** Asks who wrote the article on one page, the way the runner does. */
function askAuthor(head: string, body: string) {
  const read = readPage({
    url: 'https://news.example.org/2024/story',
    status: 200,
    contentType: 'text/html',
    body: Buffer.from(`<!DOCTYPE html><html lang="en"><head>${head}</head><body>${body}</body></html>`),
  });
  if (!read.ok) throw new Error(read.error);
  const sheet = new AnswerSheet([
    classifyQuery({ keyword: 'author', query: 'Who wrote the article?', type: 'string' }),
  ]);
  sheet.addPage(read.page);
  const answer = sheet.answer(0);
  return { value: answer.value, confidence: answer.source?.confidence ?? 0, source: answer.source };
}

const ld = (data: object) => `<script type="application/ld+json">${JSON.stringify(data)}</script>`;

describe('article author', () => {
  it('reads the printed byline under the headline, not the names in the menu', () => {
    const a = askAuthor(
      '',
      '<nav><a href="/author/grace-dent">Grace Dent</a> <span class="byline">Grace Dent</span></nav>' +
        '<h1>Seven secrets</h1><p class="byline">By <a href="/author/hazel">Hazel Sheffield</a> · 5 min read</p>',
    );
    expect(a.value).toBe('Hazel Sheffield');
    expect(a.confidence).toBeLessThan(0.8);
    expect(a.source).toMatchObject({ method: 'pattern', path: 'byline (class byline)' });
  });

  it('reads a capitalised "By" line with the date glued on', () => {
    expect(askAuthor('', '<h1>T</h1><p>By Steven Musil January 18, 2017 11:00 PM PST</p>').value).toBe(
      'Steven Musil',
    );
  });

  it('is sure when structured data, meta tags and the printed byline agree', () => {
    const a = askAuthor(
      `<meta name="author" content="Jane Doe">${ld({ '@context': 'https://schema.org', '@type': 'NewsArticle', author: { '@type': 'Person', name: 'Jane Doe' } })}`,
      '<div class="byline">By Jane Doe</div>',
    );
    expect(a.value).toBe('Jane Doe');
    expect(a.confidence).toBeGreaterThanOrEqual(0.95);
    expect(a.source).toMatchObject({
      method: 'structured_data',
      path: 'json-ld NewsArticle › author › name',
    });
  });

  it('resolves authors given by @id in a JSON-LD graph, and lists co-authors once', () => {
    const graph = {
      '@context': 'https://schema.org',
      '@graph': [
        { '@type': 'Article', author: [{ '@id': '#a' }, { '@id': '#b' }, { '@id': '#a' }] },
        { '@type': 'Person', '@id': '#a', name: 'Stella Kim' },
        { '@type': 'Person', '@id': '#b', name: 'Jennifer Jett' },
      ],
    };
    expect(askAuthor(ld(graph), '').value).toBe('Stella Kim, Jennifer Jett');
  });

  it('never answers a URL, a login or the publisher over a person', () => {
    expect(
      askAuthor('<meta property="article:author" content="https://www.nytimes.com/by/jeffrey-gettleman">', '')
        .value,
    ).toBeNull();
    expect(askAuthor(ld({ '@type': 'SocialMediaPosting', author: 'mcupdate' }), '').value).toBeNull();
    const folha = askAuthor(
      ld({ '@type': 'NewsArticle', author: { '@type': 'Organization', name: 'Folha de S.Paulo' } }) +
        ld({ '@type': 'ReportageNewsArticle', author: [{ '@type': 'Person', name: 'Bruno Rodrigues' }] }),
      '',
    );
    expect(folha.value).toBe('Bruno Rodrigues');
  });

  it('gives an organisation or the site itself as author only with low confidence', () => {
    const org = askAuthor(
      ld({
        '@type': 'Article',
        author: { '@type': 'Organization', name: 'Contributors to Wikimedia projects' },
      }),
      '',
    );
    expect(org.value).toBe('Contributors to Wikimedia projects');
    expect(org.confidence).toBeLessThan(0.8);
    const site = askAuthor(
      '<meta property="og:site_name" content="Mac & i"><meta name="DC.creator" content="Mac & i">',
      '',
    );
    expect(site.value).toBe('Mac & i');
    expect(site.confidence).toBeLessThan(0.8);
  });

  it('doubts a meta author the printed byline contradicts', () => {
    const a = askAuthor(
      '<meta name="author" content="Laurie Oakes">',
      '<p class="byline">Joe Hildebrand</p>',
    );
    expect(a.value).toBe('Laurie Oakes');
    expect(a.confidence).toBeLessThan(0.8);
  });
});
