import type { LlmProvider } from './types';

// Estimated list prices in USD per million tokens [input, output]; the longest matching prefix
// wins. Self-hosted (openai-compatible) models cost nothing unless they carry a known name.
const PRICES: [string, number, number][] = [
  ['gpt-4o-mini', 0.15, 0.6],
  ['gpt-4o', 2.5, 10],
  ['gpt-4.1-nano', 0.1, 0.4],
  ['gpt-4.1-mini', 0.4, 1.6],
  ['gpt-4.1', 2, 8],
  ['gpt-5-nano', 0.05, 0.4],
  ['gpt-5-mini', 0.25, 2],
  ['gpt-5', 1.25, 10],
  ['o4-mini', 1.1, 4.4],
  ['o3-mini', 1.1, 4.4],
  ['o3', 2, 8],
  ['claude-3-5-haiku', 0.8, 4],
  ['claude-haiku-4', 1, 5],
  ['claude-3-haiku', 0.25, 1.25],
  ['claude-3-5-sonnet', 3, 15],
  ['claude-3-7-sonnet', 3, 15],
  ['claude-sonnet-4', 3, 15],
  ['claude-opus-4', 15, 75],
];

export function estimateCostUsd(
  provider: LlmProvider,
  model: string,
  inputTokens: number,
  outputTokens: number,
): number {
  const id = model.toLowerCase().replace(/^.*\//, '');
  let best: [string, number, number] | undefined;
  for (const entry of PRICES) {
    if (id.startsWith(entry[0]) && (!best || entry[0].length > best[0].length)) best = entry;
  }
  if (!best) return 0;
  if (provider === 'openai-compatible' && !id.startsWith(best[0])) return 0;
  const cost = (inputTokens * best[1] + outputTokens * best[2]) / 1_000_000;
  return Math.round(cost * 1e6) / 1e6;
}
