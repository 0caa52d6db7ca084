import { z } from 'zod';

// A task's stored definition. The spec shows only inputs {name,type,description} and outputs {name};
// the rest (output type, description, query) is what the planner produces and the research runner answers.

export const InputTypeSchema = z.enum(['url', 'string', 'number', 'email']);
export type InputType = z.infer<typeof InputTypeSchema>;

// money answers "49.00 EUR" (the amount with the currency's decimals, then its ISO 4217 code; an
// amount printed without a currency stays a bare amount); phone answers the number in international
// form when it can be read as one. Both are additive to the spec, which shows outputs by name only.
export const OutputTypeSchema = z.enum([
  'string',
  'number',
  'money',
  'boolean',
  'date',
  'url',
  'email',
  'phone',
  'list',
]);
export type OutputType = z.infer<typeof OutputTypeSchema>;

/** What a `list` output holds, one value per element (the field editor's "list of …"). */
export const ListItemTypeSchema = z.enum(['string', 'number', 'money', 'date', 'url', 'email', 'phone']);
export type ListItemType = z.infer<typeof ListItemTypeSchema>;

/**
 * In a list task (`list: true`) an output is a column of the rows (`row`, the default) or asked once
 * for the whole page (`task`: its answer goes to data_json, next to the rows in list_data_json), so
 * one task returns a company's email and phone and its pricing plans with their prices. Outside a
 * list task every output is asked once and scope is ignored.
 */
export const OutputScopeSchema = z.enum(['row', 'task']);
export type OutputScope = z.infer<typeof OutputScopeSchema>;

const IdentifierSchema = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[a-z][a-z0-9_]*$/, 'must be snake_case: lowercase letters, digits and underscores');

export const TaskInputSchema = z.object({
  name: IdentifierSchema,
  type: InputTypeSchema,
  description: z.string().max(2000),
});
export type TaskInput = z.infer<typeof TaskInputSchema>;

export const TaskOutputSchema = z.object({
  name: IdentifierSchema,
  description: z.string().max(2000),
  type: OutputTypeSchema,
  /** The question the research runner answers for this output; may reference inputs as {input_name}. */
  query: z.string().min(1).max(2000),
  /** Formatting guidance in the analyst's words ("international format", "as one short phrase"). */
  format: z.string().max(500).optional(),
  /** For `list` outputs: the type of each element. */
  items: ListItemTypeSchema.optional(),
  scope: OutputScopeSchema.optional(),
});
export type TaskOutput = z.infer<typeof TaskOutputSchema>;

export const TaskDefinitionSchema = z.object({
  name: z.string().min(1).max(200),
  description: z.string().max(10_000),
  inputs: z.array(TaskInputSchema).min(1).max(20),
  outputs: z.array(TaskOutputSchema).min(1).max(100),
  /** When true the task returns rows (list_data_json), one per item found, with the outputs as columns. */
  list: z.boolean(),
});
export type TaskDefinition = z.infer<typeof TaskDefinitionSchema>;

/** One question put to a website: what dynamic runs send and what task outputs become. */
export const ResearchQuerySchema = z.object({
  keyword: z.string().min(1).max(100),
  query: z.string().min(1).max(2000),
  type: OutputTypeSchema,
  description: z.string().max(2000).optional(),
  format: z.string().max(500).optional(),
  items: ListItemTypeSchema.optional(),
  /** In a list run: `task` asks once for the page instead of once per row (see OutputScopeSchema). */
  scope: OutputScopeSchema.optional(),
});
export type ResearchQuery = z.infer<typeof ResearchQuerySchema>;

/**
 * How an answer was read off the page: structured data (JSON-LD, microdata, RDFa), the page's meta
 * tags, a printed label/value pair, a table, a pattern in the text, a matching passage, the language
 * model; `not_found` marks a field with no answer, whose source says what was looked at.
 */
export const SourceMethodSchema = z.enum([
  'structured_data',
  'metadata',
  'label',
  'table',
  'pattern',
  'passage',
  'computed',
  'model',
  'not_found',
]);
export type SourceMethod = z.infer<typeof SourceMethodSchema>;

/** Where an answer came from: every non-empty value carries one; a field not found may carry one too. */
export const SourceSchema = z.object({
  url: z.string(),
  /** The quote from the page, or the structured-data fact, the answer rests on. */
  snippet: z.string(),
  confidence: z.number().min(0).max(1),
  method: SourceMethodSchema.optional(),
  /** For structured data and meta tags: where in it ("json-ld Product › offers › price", "meta og:title"). */
  path: z.string().optional(),
  /** For a field not found (method `not_found`): what was looked at, in a few words each. */
  looked_at: z.array(z.string()).optional(),
  /** Model answers only: whether the quoted evidence was found on the page. */
  quote_verified: z.boolean().optional(),
});
export type Source = z.infer<typeof SourceSchema>;

export const PageReadSchema = z.object({
  url: z.string(),
  status: z.number().int(),
  via: z.enum(['static', 'browser']),
  ms: z.number(),
});
export type PageRead = z.infer<typeof PageReadSchema>;
