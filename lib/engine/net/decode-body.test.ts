import { describe, expect, it } from 'vitest';
import { decodeBody, detectCharset } from './decode-body';

const latin1 = (s: string) => Buffer.from(s, 'latin1');

describe('decodeBody', () => {
  it('honours the Content-Type charset', () => {
    expect(decodeBody(latin1('Café Étoile'), 'text/html; charset=ISO-8859-1')).toBe('Café Étoile');
  });

  it('finds <meta charset> and http-equiv declarations', () => {
    const page = '<html><head><meta charset="windows-1252"></head><body>Crêpe \x80 12</body></html>';
    expect(decodeBody(latin1(page), 'text/html')).toContain('Crêpe € 12');
    const equiv = '<meta http-equiv="Content-Type" content="text/html; charset=iso-8859-1"><p>Müller</p>';
    expect(decodeBody(latin1(equiv), null)).toContain('Müller');
  });

  it('prefers a byte-order mark, then the header, over <meta>', () => {
    const bom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('<meta charset="latin1">Zoë')]);
    expect(decodeBody(bom, 'text/html; charset=iso-8859-1')).toBe('<meta charset="latin1">Zoë');
    expect(detectCharset(Buffer.from('<meta charset="latin1">'), 'text/html; charset=utf-8')).toBe('utf-8');
  });

  it('guesses windows-1252 for undeclared bytes that are not UTF-8, and UTF-8 otherwise', () => {
    expect(decodeBody(latin1('<p>Gr\xfc\xdfe</p>'), 'text/html')).toBe('<p>Grüße</p>');
    expect(decodeBody(Buffer.from('<p>Grüße</p>'), 'text/html')).toBe('<p>Grüße</p>');
  });

  it('falls back when the declared charset is unknown', () => {
    expect(decodeBody(Buffer.from('ok ü'), 'text/plain; charset=x-bogus')).toBe('ok ü');
  });
});
