import { describe, expect, it } from 'vitest';
import { urlProblem } from './validate-url';

describe('urlProblem', () => {
  it('accepts http(s) URLs and bare domains as given', () => {
    for (const value of [
      'https://example.com',
      'http://www.example.co.uk/path?q=1#x',
      'HTTPS://EXAMPLE.COM:8443/a b',
      'example.com',
      'www.example.com/about',
      'example.com:8080',
      'localhost:3000/x',
      'http://localhost',
      'münchen.de',
      'https://xn--mnchen-3ya.de',
      '192.168.0.1',
      'http://[::1]:8080/',
      '//cdn.example.com/x',
    ]) {
      expect([value, urlProblem(value)]).toEqual([value, undefined]);
    }
  });

  it('names the scheme of non-http URLs', () => {
    expect(urlProblem('file:///etc/passwd')).toBe(
      'uses the file: scheme; only http and https URLs are accepted: "file:///etc/passwd"',
    );
    expect(urlProblem('javascript:alert(1)')).toBe(
      'uses the javascript: scheme; only http and https URLs are accepted: "javascript:alert(1)"',
    );
    expect(urlProblem('mailto:a@b.com')).toBe(
      'uses the mailto: scheme; only http and https URLs are accepted: "mailto:a@b.com"',
    );
    expect(urlProblem('data:text/html,hi')).toBe(
      'uses the data: scheme; only http and https URLs are accepted: "data:text/html,hi"',
    );
  });

  it('refuses what is not a URL or a domain, quoting a shortened value', () => {
    expect(urlProblem('Acme Inc')).toBe('is not a URL or domain: "Acme Inc"');
    expect(urlProblem('acme')).toBe('is not a URL or domain: "acme"');
    expect(urlProblem('http://exa mple.com')).toBe('is not a valid URL: "http://exa mple.com"');
    expect(urlProblem('https://')).toBe('is not a valid URL: "https://"');
    expect(urlProblem(`not a url ${'z'.repeat(100)}`)).toBe(
      `is not a URL or domain: "not a url ${'z'.repeat(70)}…"`,
    );
  });
});
