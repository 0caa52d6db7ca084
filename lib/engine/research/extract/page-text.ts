import type { ReadPage } from '../page-types';
import { fold } from '../text-utils';

// The page's visible text, folded, made once per page: whether a structured-data value is also
// printed is the best check that hidden markup describes what the reader sees.

const cache = new WeakMap<ReadPage, string>();

export function visibleText(page: ReadPage): string {
  let text = cache.get(page);
  if (text === undefined) {
    text = fold(page.passages.map((p) => p.text).join('\n'));
    cache.set(page, text);
  }
  return text;
}

export function isPrinted(page: ReadPage, value: string): boolean {
  const needle = fold(value.trim());
  return needle.length > 0 && visibleText(page).includes(needle);
}
