import type { LanguageModel } from 'ai';
import type { LlmSettings } from './types';

// Clients are built from plain settings on first use and kept per settings, so every job of a
// process (or worker thread) shares one HTTP client per provider. The provider packages are loaded
// then too: without a model configured, nothing of theirs sits in the heap.

const DEFAULT_COMPATIBLE_URL = 'http://127.0.0.1:11434/v1';
// Promises, so jobs that start together before the first client exists still share one.
const models = new Map<string, Promise<LanguageModel>>();

export function languageModel(settings: LlmSettings, turbo: boolean): Promise<LanguageModel> {
  const id = turbo ? settings.turboModel || settings.model : settings.model;
  const key = `${settings.provider}|${settings.baseUrl ?? ''}|${settings.apiKey ?? ''}|${id}`;
  let model = models.get(key);
  if (!model) {
    model = build(settings, id);
    models.set(key, model);
    // A package that failed to load is tried again by the next call.
    model.catch(() => models.delete(key));
  }
  return model;
}

async function build(settings: LlmSettings, id: string): Promise<LanguageModel> {
  switch (settings.provider) {
    case 'openai': {
      const { createOpenAI } = await import('@ai-sdk/openai');
      return createOpenAI({
        ...(settings.apiKey ? { apiKey: settings.apiKey } : {}),
        ...(settings.baseUrl ? { baseURL: settings.baseUrl } : {}),
      })(id);
    }
    case 'anthropic': {
      const { createAnthropic } = await import('@ai-sdk/anthropic');
      return createAnthropic({ ...(settings.apiKey ? { apiKey: settings.apiKey } : {}) })(id);
    }
    case 'openai-compatible': {
      const { createOpenAICompatible } = await import('@ai-sdk/openai-compatible');
      return createOpenAICompatible({
        name: 'openai-compatible',
        baseURL: settings.baseUrl ?? DEFAULT_COMPATIBLE_URL,
        ...(settings.apiKey ? { apiKey: settings.apiKey } : {}),
        // Ollama, vLLM and LM Studio accept response_format json_schema: the schema goes to the server.
        supportsStructuredOutputs: true,
      }).chatModel(id);
    }
  }
}
