import { describe, expect, it } from 'vitest';
import { readPage } from '../read-page';
import { AnswerSheet } from './answer';
import { classifyQuery } from './classify-query';

/** Asks for the article's title on one page, the way the runner does. */
function askTitle(head: string, body: string, query = 'What is the title of the article?') {
  const read = readPage({
    url: 'https://news.example.org/2024/story',
    status: 200,
    contentType: 'text/html',
    body: Buffer.from(`<!DOCTYPE html><html lang="en"><head>${head}</head><body>${body}</body></html>`),
  });
  if (!read.ok) throw new Error(read.error);
  const sheet = new AnswerSheet([classifyQuery({ keyword: 'title', query, type: 'string' })]);
  sheet.addPage(read.page);
  const answer = sheet.answer(0);
  return { value: answer.value, confidence: answer.source?.confidence ?? 0, source: answer.source };
}

describe('article title', () => {
  it('prefers the <title> of a small document over its first heading, without certainty', () => {
    const a = askTitle('<title>Base URL test</title>', '<h1>Lorem</h1><p>Lorem ipsum dolor sit amet.</p>');
    expect(a.value).toBe('Base URL test');
    expect(a.confidence).toBeGreaterThanOrEqual(0.5);
    expect(a.confidence).toBeLessThan(0.8);
  });

  it('strips the site name the page gives itself, and is sure when sources agree', () => {
    const a = askTitle(
      '<title>Council approves budget | Riverton Daily</title><meta property="og:site_name" content="Riverton Daily">' +
        '<meta property="og:title" content="Council approves budget">',
      '<h1>Council approves budget</h1>',
    );
    expect(a.value).toBe('Council approves budget');
    expect(a.confidence).toBeGreaterThanOrEqual(0.9);
    expect(a.source).toMatchObject({ method: 'metadata', path: 'meta og:title' });
  });

  it('does not take a section heading for the title', () => {
    const a = askTitle(
      '<title>Babies Who Eat Peanuts Early May Avoid Allergy</title>',
      '<h1>Allergies Health Center</h1><h2>Babies Who Eat Peanuts Early May Avoid Allergy</h2>',
    );
    expect(a.value).toBe('Babies Who Eat Peanuts Early May Avoid Allergy');
  });

  it('reads JSON-LD wrapped in a bare CDATA section, and names its path', () => {
    const ld =
      '<script type="application/ld+json">\n<![CDATA[\n{"@context":"http://schema.org","@type":"NewsArticle",' +
      '"headline":"How to watch the 21 best films of 2017"}\n]]>\n</script>';
    const a = askTitle(
      `<title>How to watch the 21 best films of 2017 - Vox</title><meta property="og:site_name" content="Vox">${ld}`,
      '<h1>The 21 best movies of 2017</h1>',
    );
    expect(a.value).toBe('How to watch the 21 best films of 2017');
    expect(a.source).toMatchObject({ method: 'structured_data', path: 'json-ld NewsArticle › headline' });
  });

  it('takes the JSON-LD name over its headline when the page title confirms it', () => {
    const ld =
      '<script type="application/ld+json">{"@context":"https://schema.org","@type":"Article","name":"Mozilla",' +
      '"headline":"free software community"}</script>';
    expect(askTitle(`<title>Mozilla - Wikipedia</title>${ld}`, '<h1>Mozilla</h1>').value).toBe('Mozilla');
  });

  it('reads a meta tag that names several properties at once', () => {
    const head =
      '<title>Title Element</title><meta property="x:title dc:title" content="My title"><meta name="author" content="X">';
    expect(askTitle(head, '<h1>Test document title</h1>').value).toBe('My title');
  });

  it('keeps a tag title whole when cutting the site would leave several segments', () => {
    const head =
      '<title>Friday Facts #282 - 0.17 in sight | Factorio</title><meta property="og:site_name" content="Factorio.com">' +
      '<meta property="og:title" content="Friday Facts #282 - 0.17 in sight | Factorio">';
    expect(askTitle(head, '<h1>Friday Facts</h1>').value).toBe(
      'Friday Facts #282 - 0.17 in sight | Factorio',
    );
  });

  it('answers the <title> element itself when the page title is asked', () => {
    const a = askTitle('<title>Acme | Robots</title>', '<h1>Robots</h1>', 'Title of the page');
    expect(a.value).toBe('Acme | Robots');
  });
});
