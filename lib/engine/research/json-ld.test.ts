import { describe, expect, it } from 'vitest';
import { parseJsonLd } from './json-ld';

describe('JSON-LD wrappers', () => {
  it('reads JSON-LD inside a CDATA section, bare or behind // or /* */ comments', () => {
    const json = '{"@context":"https://schema.org","@type":"NewsArticle","headline":"H"}';
    for (const raw of [
      `\n  <![CDATA[\n  ${json}\n  ]]>\n`,
      `//<![CDATA[\n${json}\n//]]>`,
      `/*<![CDATA[*/\n${json}\n/*]]>*/`,
      `<!--\n${json}\n-->`,
    ]) {
      expect(parseJsonLd([raw]), raw).toEqual([{ types: ['NewsArticle'], data: JSON.parse(json) }]);
    }
  });
});
