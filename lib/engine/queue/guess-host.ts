import { normalizeUrlInput } from '../net/url-guard';

/** The host a job will fetch from, for per-host politeness caps: the first input that reads as an address. */
export function guessHost(inputs: string[]): string {
  for (const raw of inputs) {
    if (!/[.:/]/.test(raw)) continue;
    try {
      return new URL(normalizeUrlInput(raw.trim())).hostname;
    } catch {
      /* not an address */
    }
  }
  return '';
}
