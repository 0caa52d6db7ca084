import { z } from 'zod';
import {
  InputTypeSchema,
  OutputTypeSchema,
  type TaskDefinition,
} from '@/lib/contract/task-definition';
import { applyInstruction, planFromDescription, type EditResult, type PlanResult } from '../planner';
import { finalise } from '../planner/finalise';
import { MAX_TEXT } from '../planner/messages';
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

const Identifier = z.string().describe('snake_case: lowercase letters, digits and underscores, starting with a letter');
const DefinitionShape = z.object({
  name: z.string().describe('short task name, e.g. "Company contact details"'),
  list: z.boolean().describe('true when the task returns one row per item found (products, plans, people…)'),
  inputs: z.array(z.object({ name: Identifier, type: InputTypeSchema, description: z.string() })),
  outputs: z.array(
    z.object({
      name: Identifier,
      description: z.string(),
      type: OutputTypeSchema,
      query: z.string().describe('the question the researcher answers on the website; may reference inputs as {input_name}'),
    }),
  ),
});
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
  'and outputs each with a snake_case name, a description, a type (string, number, boolean, date, url, email, list) and a concrete question (query) the researcher can answer from the website.',
  'Set list to true only when the user wants one row per item (each product, each plan, each person).',
  'If the description does not say what to extract, set understood to false and explain in message.',
].join(' ');
const EDIT_SYSTEM = [
  'You edit research task definitions. Apply the user\'s instruction to the current definition: add, remove, rename or retype outputs, change inputs, rewrite queries, or change the list shape.',
  'Keep everything the instruction does not mention exactly as it is.',
  'If the instruction names something that does not exist, is ambiguous, or cannot be applied, set applied to false, say what you understood and why in reason, and return definition null.',
].join(' ');

export function createPlanner(llm?: LlmSettings): Planner {
  if (!llm) {
    return {
      planFromDescription: async (description) => ({ ...planFromDescription(description), planner: 'offline' }),
      applyInstruction: async (current, instruction) => ({ ...applyInstruction(current, instruction), planner: 'offline' }),
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
        return { ok: false, message: reply.message || fallback.message, planner: 'model', usage: result.usage };
      }
      const planned = finalise({ ...reply.definition, description: description.trim() });
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
      const edited = finalise({ ...reply.definition, description });
      if (!edited.ok) return { ...offline(), planner: 'offline', usage };
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
      d.outputs.map((o) => [o.name, o.type, o.description, o.query]),
    ]);
  return canonical(a) === canonical(b);
}
