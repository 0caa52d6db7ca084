import { z } from 'zod';
import {
  InputTypeSchema,
  ListItemTypeSchema,
  OutputScopeSchema,
  OutputTypeSchema,
  type TaskDefinition,
  type TaskOutput,
} from '@/lib/contract/task-definition';
import { applyInstruction, planFromDescription, type EditResult, type PlanResult } from '../planner';
import { finalise } from '../planner/finalise';
import { MAX_TEXT } from '../planner/messages';
import { unaskedChanges } from './edit-check';
import { languageModel } from './provider';
import { callStructured } from './structured-call';
import type { LlmSettings, LlmUsage } from './types';

// The planner behind the same two operations as the offline one. With a model configured the
// model writes the definition; whenever the model fails (unreachable, invalid output, a definition
// the contract rejects) the offline planner answers instead, so planning never depends on it.
// An instruction the model says it cannot apply, or one that changes nothing, is refused.

export type PlannedBy = { planner: 'model' | 'offline'; usage?: LlmUsage };
export type PlanOutcome = PlanResult & PlannedBy;
export type EditOutcome = EditResult & PlannedBy;

export interface Planner {
  planFromDescription(description: string, signal?: AbortSignal): Promise<PlanOutcome>;
  applyInstruction(current: TaskDefinition, instruction: string, signal?: AbortSignal): Promise<EditOutcome>;
}

const Identifier = z
  .string()
  .describe('snake_case: lowercase letters, digits and underscores, starting with a letter');
const DefinitionShape = z.object({
  name: z.string().describe('short task name, e.g. "Company contact details"'),
  list: z.boolean().describe('true when the task returns one row per item found (products, plans, people…)'),
  inputs: z.array(z.object({ name: Identifier, type: InputTypeSchema, description: z.string() })),
  outputs: z.array(
    z.object({
      name: Identifier,
      description: z.string(),
      type: OutputTypeSchema,
      query: z
        .string()
        .describe('the question the researcher answers on the website; may reference inputs as {input_name}'),
      // Nullable rather than optional: strict structured-output modes require every key.
      format: z
        .string()
        .nullable()
        .describe(
          'formatting guidance in the user\'s words ("in international format", "as YYYY-MM-DD"), or null',
        ),
      items: ListItemTypeSchema.nullable().describe('for type list: the type of each element, else null'),
      scope: OutputScopeSchema.nullable().describe(
        'in a list task: "row" for a column of each row, "task" for a value asked once for the whole page; null outside list tasks',
      ),
    }),
  ),
});
type ShapedDefinition = z.infer<typeof DefinitionShape>;

/** The model's definition in contract form: null fields are left out, scope only in list tasks. */
function toDefinition(shape: ShapedDefinition, description: string): TaskDefinition {
  const outputs = shape.outputs.map(({ format, items, scope, ...rest }) => {
    const output: TaskOutput = { ...rest };
    if (format?.trim()) output.format = format.trim();
    if (items && rest.type === 'list') output.items = items;
    if (scope && shape.list) output.scope = scope;
    return output;
  });
  return { name: shape.name, list: shape.list, inputs: shape.inputs, outputs, description };
}
const PlanReply = z.object({
  understood: z.boolean().describe('false when the text does not say what to extract'),
  message: z.string().nullable().describe('when not understood: what is missing'),
  definition: DefinitionShape.nullable(),
});
const EditReply = z.object({
  applied: z.boolean().describe('false when the instruction cannot be applied to this definition'),
  understood: z.string().describe('one sentence: what the instruction asks for, as you understood it'),
  reason: z.string().nullable().describe('when not applied: why'),
  changes: z.array(z.string()).describe('each change made, e.g. "added output ceo_name (string)"'),
  definition: DefinitionShape.nullable(),
});

const PLAN_SYSTEM = [
  'You design research tasks that a web researcher runs on one website per row of input.',
  'From the user\'s description produce a task definition: inputs (usually one "website" input of type url),',
  'and outputs each with a snake_case name written like a column header (at most four words: founded_year, page_count, ceo_name), a description, a type (string, number, money for prices and fees, boolean, date, url, email, phone, list with items for the element type), a concrete question (query) the researcher can answer from the website, and format when the user says how a value should be written.',
  'Set list to true only when the user wants one row per item (each product, each plan, each person); then the item columns have scope "row" and values asked once for the whole page (the company email next to its plans) have scope "task".',
  'If the description does not say what to extract, set understood to false and explain in message.',
].join(' ');
const EDIT_SYSTEM = [
  "You edit research task definitions. Apply the user's instruction to the current definition: add, remove, rename, reorder or retype outputs, set their format, change inputs, rewrite queries, or change the list shape.",
  'Do exactly what the instruction says. Keep every output the instruction does not mention exactly as it is: same name, type, query, format and items. Keep the task name unless the instruction renames the task.',
  'A formatting request ("phone in international format", "dates as YYYY-MM-DD", "as one short phrase") sets that output\'s format and never adds or removes outputs.',
  '"For each plan also return its price" on a task that is not a list makes it a list: the other outputs stay with scope "task", a list output of the plans becomes the row column plan_name, and the price is a row column.',
  'If the instruction names something that does not exist, is ambiguous, or cannot be applied, set applied to false, say what you understood and why in reason, and return definition null.',
].join(' ');

export function createPlanner(llm?: LlmSettings): Planner {
  if (!llm) {
    return {
      planFromDescription: async (description) => ({
        ...planFromDescription(description),
        planner: 'offline',
      }),
      applyInstruction: async (current, instruction) => ({
        ...applyInstruction(current, instruction),
        planner: 'offline',
      }),
    };
  }
  const call = async <T>(schema: z.ZodType<T>, system: string, prompt: string, signal?: AbortSignal) =>
    callStructured({
      model: await languageModel(llm, false),
      provider: llm.provider,
      modelId: llm.model,
      schema,
      system,
      prompt,
      maxAttempts: llm.maxAttempts ?? 3,
      providerRetries: llm.providerRetries ?? 2,
      timeoutMs: llm.timeoutMs ?? 60_000,
      signal,
    });

  return {
    async planFromDescription(description, signal) {
      const offline = () => planFromDescription(description);
      if (!description?.trim() || description.length > MAX_TEXT) return { ...offline(), planner: 'offline' };
      const result = await call(PlanReply, PLAN_SYSTEM, `Description:\n${description.trim()}`, signal);
      if (!result.ok) return { ...offline(), planner: 'offline', usage: result.usage };
      const reply = result.value;
      if (!reply.understood || !reply.definition) {
        const fallback = offline();
        if (fallback.ok) return { ...fallback, planner: 'offline', usage: result.usage };
        return {
          ok: false,
          message: reply.message || fallback.message,
          planner: 'model',
          usage: result.usage,
        };
      }
      const planned = finalise(toDefinition(reply.definition, description.trim()));
      if (!planned.ok) return { ...offline(), planner: 'offline', usage: result.usage };
      return { ...planned, planner: 'model', usage: result.usage };
    },

    async applyInstruction(current, instruction, signal) {
      const offline = () => applyInstruction(current, instruction);
      if (!instruction?.trim() || instruction.length > MAX_TEXT) return { ...offline(), planner: 'offline' };
      const { description, ...shown } = current;
      const prompt = `Current definition:\n${JSON.stringify(shown, null, 2)}\n\nInstruction:\n${instruction.trim()}`;
      const result = await call(EditReply, EDIT_SYSTEM, prompt, signal);
      if (!result.ok) return { ...offline(), planner: 'offline', usage: result.usage };
      const reply = result.value;
      const usage = result.usage;
      if (!reply.applied || !reply.definition) {
        return {
          ok: false,
          message: `Understood: ${reply.understood} — but it cannot be applied${reply.reason ? `: ${reply.reason}` : '.'}`,
          planner: 'model',
          usage,
        };
      }
      const edited = finalise(toDefinition(reply.definition, description));
      if (!edited.ok) return { ...offline(), planner: 'offline', usage };
      // An edit that dropped or changed outputs the instruction does not mention (or renamed the task
      // unasked) is not used: the offline planner answers instead, and its refusal stands if it has one.
      // Refusing outright would lose instructions the offline rules read correctly.
      if (unaskedChanges(current, edited.definition, instruction).length > 0) {
        return { ...offline(), planner: 'offline', usage };
      }
      if (sameDefinition(edited.definition, current)) {
        return {
          ok: false,
          message: `Understood: ${reply.understood} — but this changes nothing in the task, so no new version was made.`,
          planner: 'model',
          usage,
        };
      }
      const changes = reply.changes.filter((c) => c.trim()).slice(0, 50);
      return {
        ok: true,
        definition: edited.definition,
        changes: changes.length > 0 ? changes : [reply.understood],
        planner: 'model',
        usage,
      };
    },
  };
}

function sameDefinition(a: TaskDefinition, b: TaskDefinition): boolean {
  const canonical = (d: TaskDefinition) =>
    JSON.stringify([
      d.name,
      d.list,
      d.inputs.map((i) => [i.name, i.type, i.description]),
      d.outputs.map((o) => [o.name, o.type, o.description, o.query, o.format, o.items, o.scope]),
    ]);
  return canonical(a) === canonical(b);
}
