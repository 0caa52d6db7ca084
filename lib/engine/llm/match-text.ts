import { fold } from '../research/text-utils';

// Text as quotes are compared: without case, accents or punctuation (evidence.ts, structured-evidence.ts).
export function normalizeForMatch(text: string): string {
  return fold(text)
    .replace(/[^\p{L}\p{N}@.+]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}
