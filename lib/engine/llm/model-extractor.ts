import type { Source } from '@/lib/contract/task-definition';
import type { ClassifiedQuery } from '../research/extract/classify-query';
import type { ReadPage } from '../research/page-types';
import { clip } from '../research/text-utils';
import { extractionSchema, type ModelReply } from './extraction-schema';
import { languageModel } from './provider';
import { selectContent } from './select-content';
import { callStructured } from './structured-call';
import type { LlmSettings, LlmUsage } from './types';

export interface ModelExtractionInput {
  pages: ReadPage[];
  queries: ClassifiedQuery[];
  list: boolean;
  turbo: boolean;
  settings: LlmSettings;
  signal?: AbortSignal;
  /** The offline extractor's answers from the same reading, shown as hints to check. */
  offline?: { data: Record<string, unknown>; sources: Record<string, Source> };
}

export type ModelExtraction =
  | { ok: true; reply: ModelReply; usage: LlmUsage; model: string }
  | { ok: false; error: string; transient: boolean; usage: LlmUsage; model: string };

const SYSTEM = [
  'You extract facts from web pages for a research analyst.',
  'Answer every question only from the page content you are given; never use outside knowledge and never guess.',
  'Each page\'s content includes its metadata and its structured data (JSON-LD, microdata, meta tags) as "path: value" lines under "Structured data:"; these are facts of the page even when its text does not print them.',
  'For every answer copy, in "quote", a short exact passage (at most 200 characters) from the content that states it, and give the number of the page it is on; a quote may be a whole structured-data line copied verbatim, such as "Product › offers › price: 19.99".',
  'When the content does not state an answer, set its value, quote and page to null.',
  "Follow each question's type: numbers as plain numbers, dates as ISO 8601, booleans as true/false, lists as arrays of strings, URLs absolute.",
].join(' ');

export async function extractWithModel(input: ModelExtractionInput): Promise<ModelExtraction> {
  const { settings } = input;
  const modelId = input.turbo ? settings.turboModel || settings.model : settings.model;
  const content = await selectContent(input.pages, input.queries, settings.tokenBudget);
  const questions = input.queries
    .map((q) => {
      const once = input.list && q.scope === 'task' ? ', once for the page, not per row' : '';
      const format = q.format ? ` Format: ${q.format}.` : '';
      return `- ${q.keyword} (${q.type}${q.items ? ` of ${q.items}` : ''}${once}): ${q.query}${format}`;
    })
    .join('\n');
  const prompt = [
    input.list
      ? 'The task returns one row per item found (for example each product or plan): fill "rows" with every item, and "answers" with the first item; a question marked "once for the page" is answered in "answers" only.'
      : 'The task returns one answer per question.',
    `Questions (keyword, type, question):\n${questions}`,
    hintsOf(input),
    `Page content:\n${content.text}`,
  ]
    .filter(Boolean)
    .join('\n\n');
  const result = await callStructured({
    model: await languageModel(settings, input.turbo),
    provider: settings.provider,
    modelId,
    schema: extractionSchema(input.queries, input.list),
    system: SYSTEM,
    prompt,
    maxAttempts: settings.maxAttempts ?? 3,
    providerRetries: settings.providerRetries ?? 2,
    timeoutMs: settings.timeoutMs ?? 60_000,
    signal: input.signal,
  });
  if (!result.ok)
    return {
      ok: false,
      error: result.error,
      transient: result.transient,
      usage: result.usage,
      model: modelId,
    };
  return { ok: true, reply: result.value, usage: result.usage, model: modelId };
}

const HINT_MIN_CONFIDENCE = 0.5;

/** What the offline reading answered, with where it read it, for the model to confirm or correct. */
function hintsOf(input: ModelExtractionInput): string {
  if (!input.offline) return '';
  const lines: string[] = [];
  for (const q of input.queries) {
    const value = input.offline.data[q.keyword];
    const source = input.offline.sources[q.keyword];
    if (
      value === null ||
      value === undefined ||
      value === '' ||
      !source ||
      source.confidence < HINT_MIN_CONFIDENCE
    )
      continue;
    const shown = typeof value === 'string' ? value : JSON.stringify(value);
    const where = source.path ?? source.method ?? 'page text';
    lines.push(`- ${q.keyword} = ${clip(shown, 120)} (${where}: "${clip(source.snippet, 120)}")`);
  }
  if (lines.length === 0) return '';
  return `An offline reading of the same pages found these candidate answers; they may be wrong. Answer only what the content states, with its quote:\n${lines.join('\n')}`;
}
