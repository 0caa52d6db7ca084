import { z } from 'zod';
import type { OutputType } from '@/lib/contract/task-definition';
import type { ClassifiedQuery } from '../research/extract/classify-query';

// The schema the model answers in, built from the task's outputs: one entry per keyword with the
// value in the output's type, the exact quote that supports it and the page it is on.

export function valueSchema(type: OutputType): z.ZodType {
  switch (type) {
    case 'number':
      return z.number();
    case 'boolean':
      return z.boolean();
    case 'date':
      return z.string().describe('ISO 8601 date: YYYY-MM-DD, YYYY-MM or YYYY');
    case 'url':
      return z.string().describe('absolute URL');
    case 'email':
      return z.string().describe('email address');
    case 'money':
      return z.string().describe('amount and ISO 4217 currency code, e.g. "49.00 EUR"');
    case 'phone':
      return z.string().describe('phone number in international format, e.g. "+41 44 668 18 00"');
    case 'list':
      return z.array(z.string());
    default:
      return z.string();
  }
}

const quote = z
  .string()
  .nullable()
  .describe('exact text copied from the page content that states the value; null when not found');
const page = z.number().int().nullable().describe('number of the page the quote is on');

export interface ModelAnswer {
  value: unknown;
  quote: string | null;
  page: number | null;
}

export interface ModelReply {
  answers: Record<string, ModelAnswer>;
  rows?: { values: Record<string, unknown>; quote: string | null; page: number | null }[];
}

export function extractionSchema(queries: ClassifiedQuery[], list: boolean): z.ZodType<ModelReply> {
  const answers: Record<string, z.ZodType> = {};
  const rowValues: Record<string, z.ZodType> = {};
  for (const q of queries) {
    const value = valueSchema(q.type)
      .nullable()
      .describe(q.format ? `${q.query} (format: ${q.format})` : q.query);
    answers[q.keyword] = z.object({ value, quote, page });
    // Fields asked once for the page (scope 'task') are answers only, never row columns.
    if (!list || q.scope !== 'task') rowValues[q.keyword] = value;
  }
  const shape: Record<string, z.ZodType> = { answers: z.object(answers) };
  if (list) {
    shape.rows = z
      .array(z.object({ values: z.object(rowValues), quote, page }))
      .describe('one entry per item found on the pages, in page order');
  }
  return z.object(shape) as unknown as z.ZodType<ModelReply>;
}
