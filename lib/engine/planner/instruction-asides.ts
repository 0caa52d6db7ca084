// What stands beside a request in an edit: a scope repeated as "not per X", a reason ("it is not
// needed"), a pointer back ("get rid of it"), the new name of a rename without its reason, a wish that
// restates the request, a type said after an addition, a sentence that goes on with "and".
// Split from instruction-parse.ts, which reads each clause with these.

import type { EditOp } from './instruction-ops';

/** "date_posted (has to match our other sheet)", "product_name, it is clearer": the new name alone. */
export function newName(to: string): string {
  return (
    to
      .replace(/\s*\(.*$/, '')
      .replace(/\s*[,;].*$/, '')
      .replace(/\s+[-\u2013\u2014]\s+.*$/, '')
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

// "…. We just want the plain company name so we can dedupe": after a request, a wish with its purpose
// and no word of adding restates why.
const RESTATED_WISH =
  /^(?:we|i)\s+(?:just\s+|only\s+|really\s+|simply\s+)?(?:want|need|would\s+like|'d\s+like)\b(?!.*\b(?:also|too|as\s+well|add|plus|another|extra)\b).*\b(?:so\s+(?:that\s+)?(?:we|i|you|they|it|the|our|this)|in\s+order\s+to|to\s+be\s+able\s+to)\b/i;

export function restatesWish(clause: string, before: readonly EditOp[]): boolean {
  return before.length > 0 && RESTATED_WISH.test(clause.trim());
}

const TYPE_NOTE =
  /^(?:(?:just|only|simply)\s+)?(?:as\s+)?(?:an?\s+)?(yes\s*\/\s*no|yes\s+or\s+no|true\s*\/\s*false|boolean|number|date|list|url|link)(?:[\s,]+(?:like|as|same\s+as|just\s+like)\b.*)?$/i;

/**
 * "… whether they're ISO certified. Just yes/no like the SOC 2 one": the type of what was just added,
 * given to that addition. True when the clause was that.
 */
export function addTypeToLastAddition(text: string, before: readonly EditOp[]): boolean {
  const note = TYPE_NOTE.exec(text);
  const last = before.at(-1);
  const item = last?.kind === 'add' ? last.items.at(-1) : undefined;
  if (!note?.[1] || !item) return false;
  const yesNo = /yes|true|boolean/i.test(note[1]);
  item.phrase = yesNo ? `${item.phrase} (yes/no)` : `${item.phrase} as a ${note[1].toLowerCase()}`;
  return true;
}

const CONTINUES = /^\s*(?:and|plus|&|as\s+well\s+as)\s+/i;

/** "Can you add their address? And opening hours": a sentence that only goes on with "and" adds too. */
export function continuesAddition(clause: string, before: readonly EditOp[]): boolean {
  return before.at(-1)?.kind === 'add' && CONTINUES.test(clause);
}

const ONCE_PER =
  /^.+?\s+(?:only\s+|just\s+)?once\s+(?:per|for\s+each|for\s+every|for\s+the(?:\s+whole)?)\s+[a-z]+(?:\s+of\s+course)?$/i;

/** "… one row per plan. Email and phone only once per site of course": making rows already asks those once. */
export function restatesOnce(text: string, before: readonly EditOp[]): boolean {
  return before.some((op) => op.kind === 'list') && ONCE_PER.test(text.trim());
}
