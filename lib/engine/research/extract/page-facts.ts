import { textOf } from '../json-ld';
import { type Candidate, type Extractor, makeCandidate } from './candidate';
import { titleCandidates } from './title';

// Facts about the page itself. They are taken from the page the task named only (see answer.ts).

export const extractTitle: Extractor = (q, ctx) => {
  const out: Candidate[] = [];
  const { metadata } = ctx.page;
  // "Title of the page", "page title", "SEO title": the <title> element itself.
  if (
    metadata.title &&
    /\b(page title|title of the (web ?)?page|html title|seo title|meta title|title tag)\b/.test(
      q.query.toLowerCase(),
    )
  )
    out.push(
      makeCandidate(ctx, metadata.title, `title: ${metadata.title}`, 0.97, {
        method: 'metadata',
        path: 'title element',
      }),
    );
  out.push(...titleCandidates(ctx));
  return out;
};

export const extractDescription: Extractor = (_q, ctx) => {
  const out: Candidate[] = [];
  const { metadata, passages } = ctx.page;
  if (metadata.meta.description)
    out.push(
      makeCandidate(ctx, metadata.meta.description, `meta description: ${metadata.meta.description}`, 0.9, {
        method: 'metadata',
        path: 'meta description',
      }),
    );
  for (const entity of metadata.jsonLd) {
    const description = textOf(entity.data.description);
    if (description)
      out.push(
        makeCandidate(ctx, description, `${entity.types[0]} description: ${description}`, 0.85, {
          method: 'structured_data',
          path: `json-ld ${entity.types[0]} › description`,
        }),
      );
  }
  const og = metadata.meta['og:description'] ?? metadata.meta['twitter:description'];
  if (og)
    out.push(
      makeCandidate(ctx, og, `og:description: ${og}`, 0.82, {
        method: 'metadata',
        path: 'meta og:description',
      }),
    );
  // The first real paragraph of the main content, when the page has no description markup.
  const lead = passages.find((p) => p.kind === 'text' && !p.boilerplate && p.text.length >= 80);
  if (lead)
    out.push(makeCandidate(ctx, lead.text.replace(/\n/g, ' '), lead.text, 0.6, { method: 'passage' }));
  return out;
};

export const extractLanguage: Extractor = (_q, ctx) => {
  const out: Candidate[] = [];
  const { metadata, contentLanguage } = ctx.page;
  const sources: [string | null | undefined, string, number][] = [
    [metadata.lang, 'html lang', 0.95],
    [metadata.meta['og:locale'], 'og:locale', 0.85],
    [contentLanguage, 'Content-Language', 0.8],
  ];
  for (const entity of metadata.jsonLd) sources.push([textOf(entity.data.inLanguage), 'inLanguage', 0.85]);
  for (const [raw, label, confidence] of sources) {
    const primary = raw?.split(/[-_,\s]/)[0]?.toLowerCase();
    if (primary && /^[a-z]{2,3}$/.test(primary))
      out.push(
        makeCandidate(ctx, primary, `${label}: ${raw}`, confidence, { method: 'metadata', path: label }),
      );
  }
  return out;
};

export const extractWebsite: Extractor = (_q, ctx) => {
  const { metadata, url } = ctx.page;
  const site = metadata.canonical ?? url;
  try {
    const home = new URL('/', site).href;
    return [
      makeCandidate(
        ctx,
        home,
        `${metadata.canonical ? 'canonical' : 'page'}: ${site}`,
        metadata.canonical ? 0.85 : 0.75,
        metadata.canonical
          ? { method: 'metadata', path: 'link rel=canonical' }
          : { method: 'pattern', path: 'page address' },
      ),
    ];
  } catch {
    return [];
  }
};
