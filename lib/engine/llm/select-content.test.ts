import { countTokens } from 'gpt-tokenizer';
import { describe, expect, it } from 'vitest';
import { classifyQuery } from '../research/extract/classify-query';
import { readHtml } from '../research/read-html';
import { selectContent } from './select-content';

const filler = Array.from(
  { length: 300 },
  (_, i) =>
    `<p>Paragraph ${i} talks about our history of craftsmanship, values and the weather in spring.</p>`,
).join('');
const page = readHtml({
  url: 'https://example.com/',
  status: 200,
  contentLanguage: null,
  html: `<html lang="en"><head><title>Example Co</title></head><body>${filler}<p>Our refund policy: unused items can be returned within 45 days for a full refund.</p>${filler}</body></html>`,
});

describe('selectContent', () => {
  it('keeps the passage that answers the query even when it sits past the budget in page order', async () => {
    const queries = [
      classifyQuery({ keyword: 'refund_policy', query: 'What is the refund policy?', type: 'string' }),
    ];
    const selected = await selectContent([page], queries, 800);
    expect(selected.text).toContain('within 45 days for a full refund');
    expect(selected.tokens).toBeLessThanOrEqual(800);
    expect(countTokens(selected.text)).toBeLessThan(900);
    expect(selected.text).toContain('[…]');
    expect(selected.text).toContain('Title: Example Co');
  });

  it('takes the whole page when it fits', async () => {
    const small = readHtml({
      url: 'https://example.com/a',
      status: 200,
      contentLanguage: null,
      html: '<html><body><p>One.</p><p>Two.</p></body></html>',
    });
    const selected = await selectContent(
      [small],
      [classifyQuery({ keyword: 'x', query: 'anything', type: 'string' })],
      500,
    );
    expect(selected.text).toContain('One.');
    expect(selected.text).toContain('Two.');
    expect(selected.text).not.toContain('[…]');
  });
});
