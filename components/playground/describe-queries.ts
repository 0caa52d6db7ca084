// "Save as task": the create endpoint takes a plain-language description, so the playground's queries
// are phrased as one ("Find the contact email address and phone number of a website"), which the
// planner turns back into outputs.
export function describeQueries(rows: { query: string }[]): string {
  const parts = rows.map((r) => r.query.trim().replace(/[.?!]+$/, '')).filter(Boolean);
  const list =
    parts.length <= 1 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
  return `Find the ${list} of a company website`;
}
