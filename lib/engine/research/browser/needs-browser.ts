import type { ReadPage } from '../page-types';

export type BrowserMode = 'auto' | 'always' | 'off';

/** Readable main-content characters below which a page that ships scripts is rendered. */
const MIN_TEXT = 250;
const APP_ROOT = /<div\s+id=["'](?:root|app|__next|__nuxt|svelte|main-app)["'][^>]*>\s*<\/div>/i;
// Scripts that run: data blocks (JSON-LD, templates) do not make a page need a browser.
const RUNNABLE_SCRIPT =
  /<script(?![^>]*\btype\s*=\s*["']?(?:application\/(?:ld\+)?json|text\/(?:template|x-template|html))\b)[^>]*>/i;
const NOSCRIPT_HINT = /<noscript[^>]*>[^<]*(?:enable|requires?|need)[^<]*javascript/i;

/**
 * Whether a statically read HTML page should be rendered in a browser: it carries scripts and
 * either too little readable text or the markers of an app shell (an empty mount point, a
 * "please enable JavaScript" notice). Pages without scripts gain nothing from rendering.
 */
export function needsBrowser(page: ReadPage, htmlOf: () => string, mode: BrowserMode): boolean {
  if (mode === 'off' || page.kind !== 'html') return false;
  if (mode === 'always') return true;
  // Most pages have plenty of text: decided without looking at the HTML again.
  const text = readableChars(page);
  if (text >= MIN_TEXT * 4) return false;
  const html = htmlOf();
  if (!RUNNABLE_SCRIPT.test(html)) return false;
  return text < MIN_TEXT || APP_ROOT.test(html) || NOSCRIPT_HINT.test(html);
}

function readableChars(page: ReadPage): number {
  let n = 0;
  for (const p of page.passages) if (!p.boilerplate) n += p.text.length;
  return n;
}
