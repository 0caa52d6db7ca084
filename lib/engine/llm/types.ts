// Language-model settings travel as plain data (worker threads receive them by structured clone);
// clients are built from them where they are used.

export type LlmProvider = 'openai' | 'anthropic' | 'openai-compatible';

export interface LlmSettings {
  provider: LlmProvider;
  model: string;
  /** Used by turbo runs; defaults to `model`. */
  turboModel: string;
  apiKey?: string;
  /** OpenAI-compatible servers (Ollama, vLLM, LM Studio), or a proxy in front of OpenAI. */
  baseUrl?: string;
  /** Page tokens given to the model per job. */
  tokenBudget: number;
  /** Attempts when the model's structured output is invalid (default 3). */
  maxAttempts?: number;
  /** Retries of a failed provider request (429, 5xx) with backoff (default 2). */
  providerRetries?: number;
  /** Request timeout (ms, default 60 s). */
  timeoutMs?: number;
}

/** Tokens and estimated cost of the model calls one job made. */
export interface LlmUsage {
  input_tokens: number;
  output_tokens: number;
  cost_usd: number;
}

export const NO_USAGE: LlmUsage = { input_tokens: 0, output_tokens: 0, cost_usd: 0 };

export function addUsage(a: LlmUsage, b: LlmUsage): LlmUsage {
  return {
    input_tokens: a.input_tokens + b.input_tokens,
    output_tokens: a.output_tokens + b.output_tokens,
    cost_usd: Math.round((a.cost_usd + b.cost_usd) * 1e6) / 1e6,
  };
}
