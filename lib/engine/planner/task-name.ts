// A short human name for a planned task: "Company contact details", "Product list: name and price".

import type { PlannedOutput } from './fields';
import { capitalise, joinWords } from './names';
import type { Subject } from './subject';

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
