/** Meta tags by name; a tag naming several properties ("dc:title og:title") answers for each. */
export function metaByKey(meta: Record<string, string>): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(meta)) {
    for (const k of key.split(/\s+/)) if (k && !out.has(k)) out.set(k, value);
  }
  return out;
}
