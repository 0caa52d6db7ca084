import type { LanguageModel, NoObjectGeneratedError } from 'ai';
import type { z } from 'zod';
import { estimateCostUsd } from './pricing';
import { addUsage, NO_USAGE, type LlmProvider, type LlmUsage } from './types';

export type StructuredResult<T> =
  | { ok: true; value: T; usage: LlmUsage; attempts: number }
  | { ok: false; error: string; transient: boolean; usage: LlmUsage; attempts: number };

export interface StructuredCall<T> {
  model: LanguageModel;
  provider: LlmProvider;
  modelId: string;
  schema: z.ZodType<T>;
  system: string;
  prompt: string;
  maxAttempts: number;
  /** The SDK's own retries of failed HTTP calls (429, 5xx), with backoff. */
  providerRetries: number;
  timeoutMs: number;
  signal?: AbortSignal;
}

const RETRY_NOTE =
  '\n\nYour previous reply was not valid JSON matching the required schema. Reply again with one JSON object that matches the schema exactly, and nothing else.';

/**
 * One structured-output call, retried when the reply is not valid JSON for the schema. Usage is
 * summed over every attempt, including the failed ones: they were paid for.
 */
export async function callStructured<T>(call: StructuredCall<T>): Promise<StructuredResult<T>> {
  // Loaded on first use, as the providers are (provider.ts).
  const { APICallError, generateText, NoObjectGeneratedError, Output, RetryError } = await import('ai');
  let usage = NO_USAGE;
  let lastError = 'the model returned no structured output';
  for (let attempt = 1; attempt <= call.maxAttempts; attempt++) {
    const signal = call.signal
      ? AbortSignal.any([call.signal, AbortSignal.timeout(call.timeoutMs)])
      : AbortSignal.timeout(call.timeoutMs);
    try {
      const result = await generateText({
        model: call.model,
        output: Output.object({ schema: call.schema }),
        system: call.system,
        prompt: attempt === 1 ? call.prompt : call.prompt + RETRY_NOTE,
        temperature: 0,
        maxRetries: call.providerRetries,
        abortSignal: signal,
      });
      usage = addUsage(usage, toUsage(call, result.usage));
      return { ok: true, value: result.output as T, usage, attempts: attempt };
    } catch (caught) {
      call.signal?.throwIfAborted();
      const err = RetryError.isInstance(caught) ? caught.lastError : caught;
      if (NoObjectGeneratedError.isInstance(err)) {
        usage = addUsage(usage, toUsage(call, err.usage));
        lastError = `the model's structured output was invalid (${shortReason(err)})`;
        continue;
      }
      if (APICallError.isInstance(err)) {
        return {
          ok: false,
          error: `the language model request failed: ${err.statusCode ? `HTTP ${err.statusCode} ` : ''}${err.message.slice(0, 200)}`,
          transient: err.isRetryable,
          usage,
          attempts: attempt,
        };
      }
      const timedOut = (err as Error).name === 'TimeoutError' || (err as Error).name === 'AbortError';
      return {
        ok: false,
        error: timedOut
          ? `the language model did not answer within ${Math.round(call.timeoutMs / 1000)} s`
          : `the language model call failed: ${(err as Error).message.slice(0, 200)}`,
        transient: timedOut,
        usage,
        attempts: attempt,
      };
    }
  }
  return {
    ok: false,
    error: `${lastError} after ${call.maxAttempts} attempts`,
    transient: false,
    usage,
    attempts: call.maxAttempts,
  };
}

function toUsage(
  call: StructuredCall<unknown>,
  raw: { inputTokens?: number | undefined; outputTokens?: number | undefined } | undefined,
): LlmUsage {
  const input = raw?.inputTokens ?? 0;
  const output = raw?.outputTokens ?? 0;
  return {
    input_tokens: input,
    output_tokens: output,
    cost_usd: estimateCostUsd(call.provider, call.modelId, input, output),
  };
}

function shortReason(err: NoObjectGeneratedError): string {
  const cause = err.cause instanceof Error ? err.cause.message : err.message;
  return cause.split('\n')[0]?.slice(0, 160) ?? 'unparseable';
}
