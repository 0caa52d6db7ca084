import { toJson } from 'microdata-node';

// Microdata (itemscope/itemprop) items, converted to the JSON-LD shape so the same extractors read
// both: {type: [...], properties: {name: ['x']}} → {'@type': 'Product', name: 'x'}.
// Parsing costs a second pass over the HTML, so it runs only on pages that use itemscope.

interface MicrodataItem {
  type?: string[];
  properties?: Record<string, unknown[]>;
}

export function parseMicrodata(html: string, baseUrl: string): Record<string, unknown>[] {
  if (!/\bitemscope\b/i.test(html)) return [];
  try {
    const items = (toJson(html, { base: baseUrl }) as { items?: MicrodataItem[] }).items ?? [];
    return items.map((item) => convert(item, 0));
  } catch {
    return [];
  }
}

function convert(item: MicrodataItem, depth: number): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const types = (item.type ?? []).map((t) => t.replace(/^.*[/#]/, ''));
  if (types.length > 0) out['@type'] = types.length === 1 ? types[0] : types;
  for (const [name, values] of Object.entries(item.properties ?? {})) {
    const converted = values.map((v) =>
      v && typeof v === 'object' && depth < 5 ? convert(v as MicrodataItem, depth + 1) : v,
    );
    out[name] = converted.length === 1 ? converted[0] : converted;
  }
  return out;
}
