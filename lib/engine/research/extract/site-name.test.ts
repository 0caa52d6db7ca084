import { describe, expect, it } from 'vitest';
import type { PageMetadata } from '../page-types';
import { isSiteName, siteNameKeys, stripSiteName } from './site-name';
import { cutTitle } from './title';

function metadata(meta: Record<string, string>, extra: Partial<PageMetadata> = {}): PageMetadata {
  return {
    title: null,
    description: null,
    canonical: null,
    lang: null,
    meta,
    jsonLd: [],
    times: [],
    h1: null,
    ...extra,
  };
}

describe('site names', () => {
  it('gathers the names a page gives itself, and its host', () => {
    const keys = siteNameKeys(
      metadata(
        { 'og:site_name': 'Aktuálně.cz - Víte, co se právě děje', 'twitter:site': '@Aktualnecz' },
        { canonical: 'https://www1.zpravy.aktualne.co.uk/sport/x' },
      ),
      'http://127.0.0.1:3000/articles/x',
    );
    expect(keys).toEqual(expect.arrayContaining(['aktualnecz', 'zpravy', 'aktualne']));
    expect(keys).not.toContain('www1');
    expect(keys.some((k) => /^\d+$/.test(k))).toBe(false);
  });

  it('strips the site name at either end of a title, in any of its spellings', () => {
    const keys = ['spiceworksinc', 'booksamillion', 'vox', 'mozilla'];
    expect(stripSiteName('Rewriting Rules of Video - Spiceworks', keys)).toBe('Rewriting Rules of Video');
    expect(stripSiteName('Ford County by John Grisham (Hardcover): booksamillion.com', keys)).toBe(
      'Ford County by John Grisham (Hardcover)',
    );
    expect(stripSiteName('Vox | How to watch the best films', keys)).toBe('How to watch the best films');
    expect(stripSiteName('Minecraft 1.8 - The Bountiful Update', keys)).toBe(
      'Minecraft 1.8 - The Bountiful Update',
    );
  });

  it('does not take an article segment that merely mentions the site for its name', () => {
    expect(isSiteName('How Vox covers elections in ten long and careful steps', ['vox'])).toBe(false);
    expect(isSiteName('My Hero Academia [Archive of Our Own]', ['archiveofourown'])).toBe(true);
  });
});

describe('a <title> with no site name to confirm', () => {
  it('loses its last segment when enough is left, as reader modes read it', () => {
    expect(cutTitle('Lorem ipsum dolor sit amet – My website')).toBe('Lorem ipsum dolor sit amet');
    expect(cutTitle('A - B - C - four more words here | Fandom')).toBe('A - B - C - four more words here');
  });

  it('stays whole when the cut would leave four words or fewer', () => {
    expect(cutTitle('Google - Site Reliability Engineering')).toBe('Google - Site Reliability Engineering');
    expect(cutTitle('Minecraft 1.8 - The Bountiful Update')).toBe('Minecraft 1.8 - The Bountiful Update');
    expect(cutTitle('Base URL test')).toBe('Base URL test');
  });
});
