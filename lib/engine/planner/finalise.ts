// Every definition leaves the planner through the contract schema, so a planner bug surfaces as a
// clear refusal rather than a stored definition the runner cannot use.

import { TaskDefinitionSchema, type TaskDefinition } from '@/lib/contract/task-definition';

export type Finalised = { ok: true; definition: TaskDefinition } | { ok: false; message: string };

export function finalise(candidate: TaskDefinition): Finalised {
  const parsed = TaskDefinitionSchema.safeParse(candidate);
  if (parsed.success) return { ok: true, definition: parsed.data };
  const issue = parsed.error.issues[0];
  const where = issue ? issue.path.join('.') : '';
  return {
    ok: false,
    message: `Could not build a valid task definition (${where}: ${issue?.message ?? 'invalid'}).`,
  };
}
