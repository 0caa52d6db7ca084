import type { TaskOutput } from '@/lib/contract/task-definition';
import type { Subject } from './subject';
import type { FieldGroup } from './vocabulary';

// What planning one phrase yields, and what it is planned against: the types the phrase planners
// (fields.ts and the boolean, money and custom planners it calls) share.

export interface PlannedOutput {
  output: TaskOutput;
  /** Short words for task names: "email", "CEO name". */
  label: string;
  group?: FieldGroup;
  /** The phrase named its type ("(number)", "as a list"): edits treat that as a type change. */
  explicitType: boolean;
}

export interface PhraseContext {
  subject: Subject;
  /** Unknown noun phrases become custom outputs only when the text clearly asks for something. */
  allowCustom: boolean;
  /** A bare "X" means Twitter/X only next to other social networks. */
  allowBareX: boolean;
}
