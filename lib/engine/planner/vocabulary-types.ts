// The shape of one known field. Kept apart from the tables so both vocabulary files and the lookup
// can import it without a cycle.

import type { ListItemType, OutputType } from '@/lib/contract/task-definition';

/** Families of fields; used to name tasks ("Company contact details") and to remove them together. */
export type FieldGroup =
  'contact' | 'social' | 'company' | 'people' | 'finance' | 'content' | 'product' | 'jobs';

export interface FieldSpec {
  name: string;
  type: OutputType;
  /** Short words for task names and messages: "email", "CEO name". */
  label: string;
  group?: FieldGroup;
  /** Phrasings analysts use; matched after canonicalisation (lowercase, singular). */
  aliases: readonly string[];
  /** Templates with {the}/{poss}/{offering}, rendered against the task's subject. */
  description: string;
  query: string;
  /** For list fields whose elements have a clear type (profile URLs). */
  items?: ListItemType;
  /** The header for some subjects, by the subject's last word: a job ad is posted, an article published. */
  subjectNames?: Readonly<Record<string, string>>;
}

export function field(
  name: string,
  type: OutputType,
  label: string,
  group: FieldGroup | undefined,
  aliases: readonly string[],
  description: string,
  query: string,
  items?: ListItemType,
  subjectNames?: Readonly<Record<string, string>>,
): FieldSpec {
  const spec: FieldSpec = group
    ? { name, type, label, group, aliases, description, query }
    : { name, type, label, aliases, description, query };
  return { ...spec, ...(items ? { items } : {}), ...(subjectNames ? { subjectNames } : {}) };
}
