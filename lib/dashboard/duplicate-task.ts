// The duplicate-create guard's comparison: two descriptions are the same task when they match after
// trimming, collapsing runs of whitespace and ignoring case ("Find the  email" = "find the email").

export const normalizeDescription = (text: string) => text.trim().replace(/\s+/g, ' ').toLowerCase();

export function findSameDescription<T extends { description: string; archived_at?: string | null }>(
  tasks: readonly T[],
  description: string,
): T | undefined {
  const wanted = normalizeDescription(description);
  if (!wanted) return undefined;
  return tasks.find((t) => !t.archived_at && normalizeDescription(t.description) === wanted);
}
