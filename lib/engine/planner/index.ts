// The offline, rule-based planner: task definitions from plain-language descriptions and edits
// from plain-language instructions. A model-backed planner can later sit behind the same functions.
// German, French and Spanish texts are first rewritten into the English the rules read
// (./languages); the definition keeps the analyst's own words as its description.

import type { TaskDefinition } from '@/lib/contract/task-definition';
import { planFromDescription as planDescription } from './describe';
import { applyInstruction as applyEdit, type EditResult } from './instruction-apply';
import { LANGUAGE_NAMES, toEnglish, type EnglishText } from './languages';

export type PlanResult = { ok: true; definition: TaskDefinition } | { ok: false; message: string };
export type { EditResult };

/** A refusal of a rewritten text says how it was read, so the analyst can see what went wrong. */
function readAs(english: EnglishText, message: string): string {
  return `${message} (Read from ${LANGUAGE_NAMES[english.language]} as "${english.text}".)`;
}

/** A new task definition from a description such as "Find the contact email and phone number". */
export function planFromDescription(description: string): PlanResult {
  if (typeof description !== 'string') return planDescription(description);
  const english = toEnglish(description);
  if (english.language === 'en') return planDescription(description);
  // Noun-phrase descriptions ("Das Hauptthema des Artikels, als kurze Phrase") are the usual form in
  // these languages: one made only of glossary words that the rules refuse is read as a request to
  // find what it names. Unknown words ("améliore ça") never get this second reading.
  let result = planDescription(english.text);
  if (!result.ok && english.knownNounPhrase) {
    const retry = planDescription(`find ${english.text}`);
    if (retry.ok) result = retry;
  }
  if (!result.ok) return { ok: false, message: readAs(english, result.message) };
  return { ok: true, definition: { ...result.definition, description: description.trim() } };
}

/** A new version of `current` edited by an instruction such as "also extract the CEO name"; never mutates it. */
export function applyInstruction(current: TaskDefinition, instruction: string): EditResult {
  if (typeof instruction !== 'string' || typeof current?.description !== 'string') {
    return applyEdit(current, instruction);
  }
  // The editor reads the task's description for its subject and list item: a German description
  // is read in English too, and the analyst's own description is put back afterwards.
  const description = toEnglish(current.description);
  const base = description.language === 'en' ? current : { ...current, description: description.text };
  // The task's own one-word names ("location", "department") typed in another language name the field.
  const names = [...current.outputs, ...(current.inputs ?? [])]
    .map((o) => o.name)
    .filter((n) => /^[a-z]+$/.test(n));
  const english = toEnglish(instruction, new Set(names));
  const result = applyEdit(base, english.text);
  if (!result.ok) {
    return english.language === 'en' ? result : { ok: false, message: readAs(english, result.message) };
  }
  return { ...result, definition: { ...result.definition, description: current.description } };
}

export { nameForDefinition } from './task-name';
