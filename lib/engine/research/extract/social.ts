import { textsOf } from '../json-ld';
import type { SocialNetwork } from './classify-query';
import { type Extractor, makeCandidate } from './candidate';

// Profile URLs only: share buttons, intents, posts and login pages are not the company's profile.
const NOT_PROFILE =
  /\/(sharer|share|intent|dialog|plugins|tr|login|signup|home|search|hashtag|explore|watch|embed|p|reel|reels|status|i|settings|features|about|pricing|marketplace|sponsors|topics|collections|trending)(\/|\.php|$|\?)/i;

export function socialNetworkOf(href: string): SocialNetwork | null {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return null;
  }
  const host = url.hostname.toLowerCase().replace(/^(www|m|mobile|de|uk|fr)\./, '');
  const path = url.pathname;
  if (path === '/' || path === '' || NOT_PROFILE.test(path)) return null;
  if (host === 'linkedin.com') return /^\/(company|in|school|showcase)\/[^/]+/.test(path) ? 'linkedin' : null;
  if (host === 'twitter.com' || host === 'x.com') return /^\/[A-Za-z0-9_]{1,15}\/?$/.test(path) ? 'x' : null;
  if (host === 'facebook.com' || host === 'fb.com') return 'facebook';
  if (host === 'instagram.com') return /^\/[A-Za-z0-9_.]+\/?$/.test(path) ? 'instagram' : null;
  if (host === 'youtube.com') return /^\/(@[^/]+|channel\/|c\/|user\/)/.test(path) ? 'youtube' : null;
  if (host === 'github.com') return /^\/[A-Za-z0-9-]+\/?$/.test(path) ? 'github' : null;
  return null;
}

/** One candidate per network; generic queries get every profile as one list candidate. */
export const extractSocial: Extractor = (q, ctx) => {
  const found = new Map<SocialNetwork, { url: string; snippet: string; confidence: number }>();
  const consider = (href: string, snippet: string, confidence: number) => {
    const network = socialNetworkOf(href);
    if (!network || found.has(network)) return;
    found.set(network, { url: href, snippet, confidence });
  };
  for (const entity of ctx.page.metadata.jsonLd) {
    for (const href of textsOf(entity.data.sameAs)) consider(href, `sameAs: ${href}`, 0.95);
  }
  for (const a of ctx.page.anchors) consider(a.href, `${a.text ? `${a.text}: ` : ''}${a.href}`, 0.9);
  if (q.network) {
    const hit = found.get(q.network);
    return hit ? [makeCandidate(ctx, hit.url, hit.snippet, hit.confidence)] : [];
  }
  if (found.size === 0) return [];
  const all = [...found.values()];
  const urls = all.map((s) => s.url);
  return [makeCandidate(ctx, urls, urls.join(' '), Math.min(...all.map((s) => s.confidence)) - 0.05)];
};
