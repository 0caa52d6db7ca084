// What stands beside a request in an edit: a scope repeated as "not per X", a reason ("it is not
// needed"), a pointer back ("get rid of it"), and the new name of a rename without its reason.
// Split from instruction-parse.ts, which reads each clause with these.

import type { EditOp } from './instruction-ops';

/** "date_posted (has to match our other sheet)", "product_name, it is clearer": the new name alone. */
export function newName(to: string): string {
  return (
    to
      .replace(/\s*\(.*$/, '')
      .replace(/\s*[,;].*$/, '')
      // "x_url since it's called X now": the reason after the new name.
      .replace(/\s+(?:since|because|so\s+that|so|to\s+match|which)\s+.*$/i, '')
      .replace(/\s+(?:instead|please|pls|thanks)$/i, '')
      .trim()
  );
}

// "remove the department, (it) is not needed": the reason for the change beside it.
export const NOT_NEEDED_REASON =
  /^(?:it\s+|they\s+|that\s+)?(?:is|are|'s)\s+(?:not|no\s+longer)\s+(?:needed|necessary|interesting|relevant|useful)$/i;

const POINTER = /^(?:it|them|that|this|those|these|(?:that|this|the)\s+(?:one|field|column|output))$/i;

/**
 * "The description column is useless, pls get rid of it": a pointer names what the clause before
 * it named; a removal said twice is one removal.
 */
export function pointBack(parsed: EditOp[], before: readonly EditOp[]): EditOp[] {
  const last = before.at(-1);
  const named =
    last?.kind === 'remove'
      ? last.targets
      : last?.kind === 'retype' || last?.kind === 'format'
        ? [last.target]
        : [];
  return parsed.flatMap((op): EditOp[] => {
    if (op.kind !== 'remove' || !op.targets.every((t) => POINTER.test(t.trim())) || named.length === 0)
      return [op];
    // The clause before already removes them.
    return last?.kind === 'remove' ? [] : [{ kind: 'remove', targets: [...named] }];
  });
}

export const NOT_PER =
  /^(?:and\s+|but\s+)?(?:not|never)\s+(?:per|for\s+each|for\s+every|once\s+per|on\s+each)\s+[a-z' -]+\)?$/i;
