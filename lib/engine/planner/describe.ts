// Description → task definition, by rules: inputs, list shape, subject, then every enumerated
// thing the text asks for becomes an output with a concrete question.

import type { TaskDefinition, TaskInput } from '@/lib/contract/task-definition';
import { extractionObjects } from './extraction-clauses';
import { planPhrase, type PhraseContext, type PlannedOutput } from './fields';
import { finalise, type Finalised } from './finalise';
import { contextSuffix, detectInputs } from './inputs';
import { detectListShape, planColumns } from './list-shape';
import { DESCRIBE_HINT, MAX_TEXT, tooLong } from './messages';
import { splitEnumeration, splitSentenceLines } from './phrases';
import { detectSubject, makeSubject } from './subject';
import { nameTask } from './task-name';
import { lookupField } from './vocabulary';

const MAX_OUTPUTS = 100;
const SOCIAL_WORDS = /\b(?:linkedin|facebook|instagram|youtube|twitter|tiktok|github|pinterest|social)\b/i;

export function planFromDescription(description: string): Finalised {
  if (typeof description !== 'string' || description.trim().length === 0) {
    return { ok: false, message: `The description is empty. ${DESCRIBE_HINT}` };
  }
  if (description.length > MAX_TEXT)
    return { ok: false, message: tooLong('description', description.length) };
  const text = description.trim();

  const { inputs, rest } = detectInputs(text);
  const shape = detectListShape(rest);
  const subject = shape ? makeSubject(shape.item, true) : detectSubject(text, inputs);
  const ctx: PhraseContext = { subject, allowCustom: false, allowBareX: SOCIAL_WORDS.test(text) };

  const planned: PlannedOutput[] = [];
  if (shape) {
    planned.push(...planColumns(shape.columns, shape.addName, ctx));
  }
  for (const sentence of splitSentenceLines(shape ? shape.rest : rest)) {
    for (const object of extractionObjects(sentence.text)) {
      const items = splitEnumeration(object.text);
      // A verb-less line ("Company name, refund policy") counts as a field list when it names at
      // least one known field; "For each, if missing, leave empty" names none and is skipped.
      const explicit =
        object.explicit || sentence.bullet || items.some((item) => planPhrase(item, ctx).length > 0);
      for (const item of items) planned.push(...planPhrase(item, { ...ctx, allowCustom: explicit }));
    }
  }
  if (shape && planned.length === 0) {
    // "List all products on the page": rows with at least a name.
    planned.push(...planPhrase('name', ctx));
  }

  const outputs = keepUseful(planned, inputs, Boolean(shape));
  if (outputs.length === 0) {
    return { ok: false, message: `Nothing to extract was found in the description. ${DESCRIBE_HINT}` };
  }
  if (outputs.length > MAX_OUTPUTS) {
    return {
      ok: false,
      message: `The description asks for ${outputs.length} outputs; the limit is ${MAX_OUTPUTS}.`,
    };
  }
  const suffix = contextSuffix(inputs);
  const definition: TaskDefinition = {
    name: nameTask(outputs, subject),
    description: text,
    inputs,
    outputs: outputs.map((p) => ({ ...p.output, query: `${p.output.query}${suffix}` })),
    list: Boolean(shape),
  };
  return finalise(definition);
}

/** Drops duplicates and outputs that would only echo an input ("the company's website" of a website). */
function keepUseful(
  planned: readonly PlannedOutput[],
  inputs: readonly TaskInput[],
  list: boolean,
): PlannedOutput[] {
  const hasUrlInput = inputs.some((i) => i.type === 'url');
  const seen = new Set<string>();
  const out: PlannedOutput[] = [];
  for (const p of planned) {
    const name = p.output.name;
    if (seen.has(name)) continue;
    if (inputs.some((i) => i.name === name)) continue;
    if (!list && hasUrlInput && (name === 'url' || lookupField(name)?.name === 'website')) continue;
    seen.add(name);
    out.push(p);
  }
  return out;
}
