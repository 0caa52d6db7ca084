// A short human name for a planned task: "Company contact details", "Product list: name and price".

import type { TaskDefinition } from '@/lib/contract/task-definition';
import type { PlannedOutput } from './planned-output';
import { detectListShape } from './list-shape';
import { capitalise, joinWords } from './names';
import { detectSubject, makeSubject, type Subject } from './subject';
import { lookupField } from './vocabulary';

const MAX_NAME = 200;

export function nameTask(planned: readonly PlannedOutput[], subject: Subject): string {
  const noun = capitalise(subject.noun);
  const labels = planned.map((p) => p.label);
  let name: string;
  if (subject.list) {
    name = labels.length <= 3 ? `${noun} list: ${joinWords(labels)}` : `${noun} list`;
  } else if (planned.length > 0 && planned.every((p) => p.group === 'contact')) {
    name = `${noun} contact details`;
  } else if (planned.length > 0 && planned.every((p) => p.group === 'social')) {
    name = `${noun} social media profiles`;
  } else if (labels.length <= 3) {
    const joined = joinWords(labels);
    // "Company company name and email" reads badly: let a label that starts with the noun lead.
    name = joined.toLowerCase().startsWith(subject.noun) ? capitalise(joined) : `${noun} ${joined}`;
  } else {
    name = `${noun} profile: ${labels.slice(0, 2).join(', ')} and ${labels.length - 2} more`;
  }
  return name.length <= MAX_NAME ? name : `${name.slice(0, MAX_NAME - 1).trimEnd()}…`;
}

/**
 * The name a task's current fields suggest, for tasks the user has not renamed: after every edit the
 * name follows the fields ("Company contact details" becomes "Company email, phone and CEO name").
 */
export function nameForDefinition(def: TaskDefinition): string {
  const subject = def.list
    ? makeSubject(detectListShape(def.description)?.item ?? 'item', true)
    : detectSubject(def.description, def.inputs);
  const planned: PlannedOutput[] = def.outputs.map((output) => {
    const known = lookupField(output.name, subject.noun);
    const label = known?.name === output.name ? known.label : output.name.replace(/_/g, ' ');
    return known?.group && known.name === output.name
      ? { output, label, group: known.group, explicitType: false }
      : { output, label, explicitType: false };
  });
  return nameTask(planned, subject);
}
