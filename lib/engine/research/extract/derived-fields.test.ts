import { describe, expect, it } from 'vitest';
import type { OutputType } from '@/lib/contract/task-definition';
import { readHtml } from '../read-html';
import { AnswerSheet } from './answer';
import { classifyQuery } from './classify-query';

// Fields computed over the page ("number of words", "main topic") on real HTML read as the runner
// reads it: counted from the main content, topics from the page's own keyword data.

const jsonLd = (data: object) => `<script type="application/ld+json">${JSON.stringify(data)}</script>`;

function ask(html: string, keyword: string, query: string, type: OutputType = 'string') {
  const page = readHtml({ url: 'https://news.test/2024/story', status: 200, html, contentLanguage: null });
  const sheet = new AnswerSheet([classifyQuery({ keyword, query, type })]);
  sheet.addPage(page);
  return { ...sheet.answer(0), lookedAt: sheet.lookedAt(0) };
}

const kind = (keyword: string, query: string, type: OutputType = 'string') =>
  classifyQuery({ keyword, query, type }).kind;

/** An article of `words` words ("w1 w2 …") in paragraphs of ten, with numbers in its text. */
function article(words: number, head = '', lang = 'en'): string {
  const all = Array.from({ length: words }, (_, i) => `w${i + 1}`);
  const paragraphs: string[] = [];
  for (let i = 0; i < all.length; i += 10) paragraphs.push(`<p>${all.slice(i, i + 10).join(' ')}.</p>`);
  return `<!DOCTYPE html><html lang="${lang}"><head><title>Story</title>${head}</head><body>
    <nav><a href="/">Home</a> <a href="/world">World</a> <a href="/sport">Sport</a></nav>
    <article><h1>Council votes on the budget</h1>${paragraphs.join('\n')}
      <h2>What comes next</h2><p>About 55 people came; 1 vote decided it. <a href="/more">More</a></p>
      <img src="/a.jpg" alt="The council"></article>
    <section class="comments"><h3>Comments</h3><p>Comments are moderated and may take 1 day to appear.</p></section>
    <footer>© 2024 News Test. 12 Main Street.</footer></body></html>`;
}

describe('count fields', () => {
  it.each([
    ['word_count', 'Number of words in the article', 'count'],
    ['words', 'How many words does the article have?', 'count'],
    ['wortanzahl', 'Wortanzahl des Artikels', 'count'],
    ['mots', "Nombre de mots de l'article", 'count'],
    ['imagenes', '¿Cuántas imágenes tiene el artículo?', 'count'],
    ['images', 'How many images are in the main content?', 'count'],
    ['headcount', 'How many employees does the company have?', 'employees'],
    ['products', 'How many products does the shop sell?', 'passage'],
    ['title_words', 'How many words are in the title?', 'title'],
    ['long', 'Does the article have more than 500 words?', 'passage'],
  ])('%s: %s → %s', (keyword, query, expected) => {
    const type: OutputType = query.startsWith('Does') ? 'boolean' : 'string';
    expect(kind(keyword, query, type)).toBe(expected);
  });

  it('counts the words of the main content, not a number printed in it', () => {
    // 200 words in paragraphs, the subheading (3) and the closing paragraph (9); the headline,
    // navigation, comments and footer are not the article.
    const answer = ask(article(200), 'word_count', 'Number of words in the article', 'number');
    expect(answer.value).toBe(212);
    expect(answer.source).toMatchObject({ method: 'computed', confidence: 0.85 });
    expect(answer.source?.snippet).toMatch(
      /^computed from the main content \(first words: "w1 w2 .*…"\): 212 words$/,
    );
  });

  it('answers a string field with the number as text', () => {
    expect(ask(article(200), 'words', 'How many words does the article have?').value).toBe('212');
  });

  it('counts paragraphs, headings, links and images of the article', () => {
    const html = article(200);
    expect(ask(html, 'paragraphs', 'Number of paragraphs', 'number').value).toBe(21);
    expect(ask(html, 'images', 'How many images are in the article?', 'number').value).toBe(1);
    expect(ask(html, 'links', 'Number of links in the article', 'number').value).toBe(1);
    expect(ask(html, 'headings', 'Number of headings', 'number').value).toBe(1);
  });

  it('segments words of text written without spaces', () => {
    const text = '<p>我们今天去公园散步。天气很好，我们很高兴。</p>'.repeat(12);
    const html = `<html lang="zh"><head><title>散步</title></head><body><article>${text}</article></body></html>`;
    const answer = ask(html, 'word_count', 'Word count', 'number');
    // Characters alone would be 19 a paragraph; words are fewer, and more than one a sentence.
    expect(answer.value).toBeGreaterThan(12 * 6);
    expect(answer.value).toBeLessThan(12 * 19);
  });

  it('falls back to the page text outside its chrome with lower confidence', () => {
    const html =
      '<html><head><title>t</title></head><body><nav>Home About</nav><p>One two three.</p><footer>Four five</footer></body></html>';
    const answer = ask(html, 'word_count', 'Word count', 'number');
    expect(answer.value).toBe(3);
    expect(answer.source?.confidence).toBeGreaterThanOrEqual(0.5);
    expect(answer.source?.confidence).toBeLessThan(0.85);
    // Text blocks keep no images: that count is not known, so not given.
    expect(ask(html, 'images', 'Number of images', 'number').value).toBeNull();
  });
});

describe('topics fields', () => {
  it.each([
    ['main_topic', 'What is the main topic of the article?', 'topics'],
    ['keywords', 'Keywords', 'topics'],
    ['tags', 'What tags, keywords or topics are given for {the}? List them.', 'topics'],
    ['category', 'Product category', 'topics'],
    ['thema', 'Hauptthema des Artikels', 'topics'],
    ['section', 'Which section covers returns?', 'passage'],
    ['price_tag', 'Price tag', 'price'],
  ])('%s: %s → %s', (keyword, query, expected) => {
    expect(kind(keyword, query, query.includes('List') ? 'list' : 'string')).toBe(expected);
  });

  const KEYWORDS =
    '<meta name="keywords" content="Budget, City council, budget, https://news.test/tags, Taxes">';

  it('answers "main topic" from the keywords meta, never from comment text', () => {
    const answer = ask(article(60, KEYWORDS), 'main_topic', 'What is the main topic of the article?');
    expect(answer.value).toBe('Budget');
    expect(answer.source).toMatchObject({ method: 'metadata', path: 'meta keywords' });
  });

  it('answers keywords as a list, or joined for a string field, deduplicated and without URLs', () => {
    const html = article(60, KEYWORDS);
    expect(ask(html, 'keywords', 'Keywords of the article', 'list').value).toEqual([
      'Budget',
      'City council',
      'Taxes',
    ]);
    expect(ask(html, 'tags', 'Tags').value).toBe('Budget, City council, Taxes');
  });

  it('reads JSON-LD keywords, about and articleSection, and every article:tag', () => {
    const head =
      jsonLd({
        '@context': 'https://schema.org',
        '@graph': [
          { '@type': 'Organization', name: 'News Test', keywords: 'news, local' },
          {
            '@type': 'NewsArticle',
            headline: 'Council votes on the budget',
            keywords: ['Budget', 'Riverton'],
            articleSection: 'Local politics',
            about: [{ '@type': 'Thing', name: 'Municipal budgets' }],
          },
        ],
      }) + '<meta property="article:tag" content="Budget"><meta property="article:tag" content="Elections">';
    const html = article(60, head);
    const topic = ask(html, 'main_topic', 'What is the main topic of the article?');
    expect(topic.value).toBe('Municipal budgets');
    expect(topic.source).toMatchObject({
      method: 'structured_data',
      path: 'structured data NewsArticle › about › name',
    });
    expect(ask(html, 'section', 'Section of the article').value).toBe('Local politics');
    expect(ask(html, 'keywords', 'Keywords', 'list').value).toEqual(['Budget', 'Riverton']);
    const tags = ask(html.replace(/<script[^]*?<\/script>/, ''), 'tags', 'Tags', 'list');
    expect(tags.value).toEqual(['Budget', 'Elections']);
    expect(tags.source?.path).toBe('meta article:tag');
  });

  it("decodes escaped keywords and drops the site's own name", () => {
    const head =
      '<meta property="og:site_name" content="News Test">' +
      '<meta name="news_keywords" content="News Test, Privacy &amp; Technology, Budget">';
    expect(ask(article(60, head), 'tags', 'Tags', 'list').value).toEqual(['Privacy & Technology', 'Budget']);
  });

  it('gives no topics answer on a page without keyword data, and says what it looked at', () => {
    const answer = ask(article(60), 'main_topic', 'What is the main topic of the article?');
    expect(answer.value).toBeNull();
    expect(answer.lookedAt[0]).toMatch(/keyword data/);
  });
});
