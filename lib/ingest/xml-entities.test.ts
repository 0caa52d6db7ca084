import { describe, expect, it } from 'vitest';
import { decodeXmlEntities } from './xml-entities';

describe('decodeXmlEntities', () => {
  it('decodes the five named references and numeric ones, once', () => {
    expect(decodeXmlEntities('a &amp; b &lt;c&gt; &quot;d&quot; &apos;e&apos;')).toBe(`a & b <c> "d" 'e'`);
    expect(decodeXmlEntities('&#252;&#xFC;&#x1F600;')).toBe('üü😀');
    expect(decodeXmlEntities('&amp;amp; &amp;#38;')).toBe('&amp; &#38;');
  });

  it('leaves what is not a reference as it is', () => {
    expect(decodeXmlEntities('q=1&r=2 &nbsp; &#x110000; & ;')).toBe('q=1&r=2 &nbsp; &#x110000; & ;');
  });
});
