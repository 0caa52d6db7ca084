// Renames in an edit: "rename a to b and c to d", "a -> b", "X should be called Y", and a rename by
// pointer ("The dpo_name header is cryptic. Make it data_protection_officer"). Split from
// instruction-parse.ts.

import { newName } from './instruction-asides';
import type { ClauseParser, EditOp } from './instruction-ops';

export const parseRename: ClauseParser = (text) => {
  const single =
    /^change\s+the\s+name\s+of\s+(.+?)\s+to\s+(.+)$/i.exec(text) ??
    /^(.+?)\s+should\s+be\s+(?:called|named|renamed(?:\s+to)?)\s+(.+)$/i.exec(text);
  if (single?.[1] && single[2]) return [{ kind: 'rename', from: single[1], to: single[2] }];
  // "ceo_name -> ceo, founders -> founder_names": arrows alone say rename.
  const arrows = text
    .replace(/\s*\([^)]*\)\s*$/, '')
    .split(/\s*(?:,|;|\band\b)\s*/i)
    .map((p) => /^(\S+(?:\s+\S+){0,3}?)\s*(?:->|→|=>)\s*(\S+(?:\s+\S+){0,3})$/.exec(p.trim()));
  if (arrows.length > 0 && arrows.every((a) => a?.[1] && a[2]))
    return arrows.map((a) => ({ kind: 'rename', from: a?.[1] ?? '', to: newName(a?.[2] ?? '') }));
  const m = /^(?:rename|relabel)\s+(.+)$/i.exec(text);
  if (!m?.[1]) return undefined;
  // "rename a to b and c to d"
  const pairs = m[1].split(/\s*(?:,|;|\band\b)\s*(?=[^,;]+\s(?:to|as|into)\s)/i);
  const ops: EditOp[] = [];
  for (const pair of pairs) {
    const p = /^(.+?)\s+(?:to|as|into|->|→)\s+(.+)$/i.exec(pair.trim());
    if (!p?.[1] || !p[2]) return undefined;
    ops.push({ kind: 'rename', from: p[1], to: newName(p[2]) });
  }
  return ops;
};

const POINTER_RENAME =
  /^(?:make|call|name|rename|change)\s+(?:it|that|this|them)(?:\s+(?:one|column|field|header))?\s+(?:to\s+|into\s+|as\s+)?(?:([a-z][a-z0-9]*(?:_[a-z0-9]+)+)|[`'"‘“]([a-z][a-z0-9_]*)[`'"’”])$/i;

/**
 * "The dpo_name header is cryptic. Make it data_protection_officer": a rename whose field is the one the
 * text before it named (as its column name), or undefined.
 */
export function renameByPointer(text: string, before: string, names: readonly string[]): EditOp | undefined {
  // The new name is a column name (snake_case) or quoted: "make it bigger" is not a rename.
  const m = POINTER_RENAME.exec(text.trim());
  const to = m?.[1] ?? m?.[2];
  if (!to) return undefined;
  const named = names
    .map((n) => ({ n, at: before.search(new RegExp(`(?<![a-z0-9_])${n}(?![a-z0-9_])`, 'i')) }))
    .filter((x) => x.at >= 0);
  if (named.length !== 1 || !named[0]) return undefined;
  return { kind: 'rename', from: named[0].n, to };
}
