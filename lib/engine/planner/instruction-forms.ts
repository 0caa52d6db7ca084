// Instruction forms that replace, keep, move, rename by "call", or ask per input, and the phrases of an
// addition (with formatting said alongside). Split from instruction-parse.ts, which tries them in order.

import { isFormatTail, targetOutputs } from './instruction-format';
import type { AddItem, ClauseParser, EditOp, ParseContext } from './instruction-ops';
import { canonical } from './names';
import { splitEnumeration } from './phrases';
import { parseOutputType } from './type-words';

const ONCE = /\b(?:once|not\s+(?:per|for\s+each)|whole\s+(?:page|site|list)|page[-\s]level|overall)\b/i;
const PER_ROW = /\b(?:per|for\s+(?:each|every)|each|every)\b/i;

// "replace phone with fax": drop one output, add another.
export const parseReplace: ClauseParser = (text) => {
  const m = /^(?:replace|swap|substitute)\s+(?:the\s+)?(.+?)\s+(?:with|for|by)\s+(.+)$/i.exec(text);
  const items = m?.[2] ? addItems(m[2]) : [];
  return m?.[1] && items.length > 0
    ? [
        { kind: 'add', items, replacing: m[1] },
        { kind: 'remove', targets: [m[1]] },
      ]
    : undefined;
};

/** "instead of tags, give me the main topic": a replacement said the other way round. */
export const parseInsteadOf: ClauseParser = (text, ctx) => {
  const m =
    /^(?:instead\s+of|rather\s+than|in\s+place\s+of)\s+(?:the\s+)?(.+?)\s*,\s*(?:(?:please\s+)?(?:give|return|get|extract|find|add|use|show|provide|include|want|need)(?:\s+(?:me|us))?\s+)?(.+)$/i.exec(
      text,
    ) ??
    insteadWithoutComma(text, ctx) ??
    /^(?:(?:please\s+)?(?:give|return|get|extract|find|add|use|show|provide|include)(?:\s+(?:me|us))?\s+)?(?:the\s+)?(.+?)\s+(?:instead\s+of|rather\s+than|in\s+place\s+of)\s+(?:the\s+)?(.+)$/i.exec(
      text,
    );
  if (!m?.[1] || !m[2]) return undefined;
  const insteadFirst = /^(?:instead|rather|in\s+place)/i.test(text);
  const [old, added] = insteadFirst ? [m[1], m[2]] : [m[2], m[1]];
  // "Instead of just the list of plan names, one row per plan with …": the shape changes (parseShape).
  if (/\b(?:one|a)\s+row\s+(?:per|for\s+each|for\s+every)\b/i.test(text)) return undefined;
  // "founders as text instead of a list" changes a type; the retype and format readers take it.
  if (targetOutputs(ctx.outputs, old).length === 0 && parseOutputType(old)) return undefined;
  const items = addItems(added);
  return items.length > 0
    ? [
        { kind: 'add', items, replacing: old },
        { kind: 'remove', targets: [old] },
      ]
    : undefined;
};

/** "instead of the founders the founded year": the replaced part is the longest start naming an output. */
function insteadWithoutComma(text: string, ctx: ParseContext): [string, string, string] | undefined {
  const m = /^(?:instead\s+of|rather\s+than|in\s+place\s+of)\s+(.+)$/i.exec(text);
  if (!m?.[1]) return undefined;
  const tokens = m[1].split(/\s+/);
  for (let i = tokens.length - 1; i >= 1; i -= 1) {
    // "instead of the phone number the fax number": the replaced part never ends on an article.
    if (/^(?:the|a|an|its|their)$/i.test(tokens[i - 1] ?? '')) continue;
    const old = tokens.slice(0, i).join(' ');
    // "instead of the phone number we need the address": the speaker starts the added part.
    if (/\b(?:we|i|you)\b/i.test(old)) continue;
    const added = tokens
      .slice(i)
      .join(' ')
      .replace(
        /^(?:(?:please\s+)?(?:give|return|get|extract|find|add|use|show|provide|include|(?:i|we)\s+(?:would\s+)?(?:want|need|prefer|like)(?:\s+to\s+have)?)(?:\s+(?:me|us))?\s+)/i,
        '',
      );
    if (added && targetOutputs(ctx.outputs, old).length > 0) return [text, old, added];
  }
  return undefined;
}

/** "keep only email and phone": every other output goes. */
export const parseKeep: ClauseParser = (text, ctx) => {
  const m =
    /^(?:keep|retain|leave)\s+(?:only|just)\s+(?:the\s+)?(.+)$/i.exec(text) ??
    /^only\s+(?:keep|retain)\s+(?:the\s+)?(.+)$/i.exec(text) ??
    /^(?:i|we)\s+only\s+(?:want|need)\s+(?:the\s+)?(.+)$/i.exec(text);
  const targets = m?.[1] ? splitEnumeration(m[1]) : [];
  if (targets.length > 0) return [{ kind: 'keep', targets }];
  // "keep the email and the phone" beside a change says what must survive it: every named field
  // is already kept unless the instruction removes it, so this asks for nothing more.
  const plain = /^(?:keep|retain|leave)\s+(?:the\s+)?(.+?)(?:\s+as\s+(?:they\s+are|it\s+is|is))?$/i.exec(
    text,
  );
  const kept = plain?.[1] ? splitEnumeration(plain[1]) : [];
  const named = (t: string) =>
    ctx.outputs.some((o) => canonical(o.name) === canonical(t.replace(/^the\s+/i, '')));
  return kept.length > 0 && kept.every(named) ? [] : undefined;
};

/** "give the phone number for that country", "only list products in that category": ask per input. */
export const parseUseInput: ClauseParser = (text, ctx) => {
  const m =
    /^(?:(?:only\s+)?(?:give|return|get|find|list|extract|look\s+up|show|use|ask\s+for)(?:\s+(?:me|us))?\s+(?:only\s+)?)?(?:the\s+)?(.+?)\s+(?:for|in|of|from|within|matching|based\s+on)\s+(?:the\s+(?:given|chosen|selected|input)\s+|[a-zà-ÿ]+\s+)?([a-z][a-z ]{0,40}?)(?:\s+input)?$/i.exec(
      text,
    );
  if (!m?.[1] || !m[2]) return undefined;
  // Only an input the task has, or one this instruction adds: "for each plan" is not an input.
  const input = canonical(m[2]);
  if (!ctx.inputs?.some((i) => canonical(i) === input)) return undefined;
  const target = m[1].trim();
  const names = targetOutputs(ctx.outputs, target).length > 0;
  const rows = ctx.item !== undefined && namesItemNoun(target, ctx.item);
  return names || rows ? [{ kind: 'use-input', target, input: m[2].trim() }] : undefined;
};

/** "products", "the plans" for rows of "product", "pricing plan". */
export function namesItemNoun(text: string, item: string): boolean {
  const have = canonical(text)
    .replace(/^(?:all|every|each)\s+/, '')
    .split(' ');
  const want = canonical(item).split(' ');
  return have.join(' ') === want.join(' ') || (have.length === 1 && have[0] === want[want.length - 1]);
}

/** "call the email column contact_email": the target is the longest start that names an output. */
export const parseCall: ClauseParser = (text, ctx) => {
  const m = /^(?:call|name|label|retitle)\s+(?!and\b)(.+)$/i.exec(text);
  if (!m?.[1]) return undefined;
  // "call the name column product_name instead, 'name' is too vague": the new name ends at the comma.
  const said = m[1].replace(/\s*,\s.*$/, '').replace(/\s+(?:instead|from\s+now\s+on|please)$/i, '');
  const tokens = said.split(/\s+/);
  for (let i = tokens.length - 1; i >= 1; i -= 1) {
    const from = tokens.slice(0, i).join(' ');
    const to = tokens
      .slice(i)
      .join(' ')
      .replace(/^(?:as|to|instead|now)\s+/i, '');
    if (to && targetOutputs(ctx.outputs, from).length === 1) return [{ kind: 'rename', from, to }];
  }
  return undefined;
};

/** "move phone before email", "put the email first", "move price to the end". */
export const parseMove: ClauseParser = (text) => {
  const m =
    /^(?:move|put|place|show)\s+(?:the\s+)?(.+?)\s+(first|last|(?:to|at)\s+the\s+(?:top|start|beginning|front|end|bottom)|before|after|above|below|ahead\s+of|in\s+front\s+of|behind)(?:\s+(?:the\s+)?(.+))?$/i.exec(
      text,
    ) ??
    /^(?:the\s+)?(.+?)\s+should\s+(?:come|be|go)\s+(first|last|before|after)(?:\s+(?:the\s+)?(.+))?$/i.exec(
      text,
    );
  if (!m?.[1] || !m[2]) return undefined;
  const where = m[2].toLowerCase();
  if (/^(?:before|above|ahead|in\s+front)/.test(where))
    return m[3] ? [{ kind: 'move', target: m[1], to: { before: m[3] } }] : undefined;
  if (/^(?:after|below|behind)/.test(where))
    return m[3] ? [{ kind: 'move', target: m[1], to: { after: m[3] } }] : undefined;
  if (m[3]) return undefined;
  return [
    { kind: 'move', target: m[1], to: /first|top|start|beginning|front/.test(where) ? 'first' : 'last' },
  ];
};

/**
 * The enumerated phrases of an addition. A piece that is only formatting ("…, as one short phrase")
 * belongs to the phrase before it, and so does a formatting tail ("the price in EUR").
 */
// "…, just once for the whole site, not per product", "… - once per page": a scope said after the item.
const SCOPE_ASIDE =
  /^(?:(?:just|only)\s+)?(?:(?:once|one\s+time)(?:\s+(?:per|for)\s+(?:the\s+)?(?:whole\s+)?(?:page|site|website|list|task|store|shop))?|not\s+(?:per|for\s+(?:each|every))\s+[a-z' -]+|(?:for\s+the\s+)?whole\s+(?:page|site|list))$/i;

export function addItems(text: string): AddItem[] {
  const items: AddItem[] = [];
  const pieces = splitEnumeration(text).flatMap((p) => p.split(/\s+[-\u2013\u2014]\s+/));
  for (const piece of pieces) {
    const previous = items[items.length - 1];
    const bare = piece.replace(/\s*\(([^()]*)\)/g, (m, aside: string) => (ONCE.test(aside) ? '' : m)).trim();
    if (previous && (SCOPE_ASIDE.test(bare) || (bare !== piece.trim() && bare === ''))) {
      previous.scope = 'task';
      continue;
    }
    if (isFormatTail(piece) && previous) {
      previous.format = previous.format ? `${previous.format}, ${piece}` : piece;
      continue;
    }
    items.push(splitFormatTail(piece));
  }
  return items;
}

function splitFormatTail(raw: string): AddItem {
  let scope: AddItem['scope'];
  const piece = raw.replace(/\s*\(([^()]*)\)/g, (m, aside: string) => {
    if (ONCE.test(aside)) scope = 'task';
    else if (PER_ROW.test(aside)) scope = 'row';
    else return m;
    return '';
  });
  const item = splitTail(piece);
  return scope ? { ...item, scope } : item;
}

function splitTail(piece: string): AddItem {
  const tokens = piece.trim().split(/\s+/);
  for (let i = 1; i < tokens.length; i += 1) {
    const tail = tokens.slice(i).join(' ');
    // A type ("as a number") is the planner's to read; formatting is everything else.
    // "whether each product is in stock": after a copula the phrase is what is asked, not a format.
    if (/^(?:is|are|was|were|be|being)$/i.test(tokens[i - 1] ?? '')) continue;
    // Never inside an aside: "(three sentences at most)" is read whole, as the phrase's own guidance.
    const head = tokens.slice(0, i).join(' ');
    if ((head.match(/\(/g) ?? []).length !== (head.match(/\)/g) ?? []).length) continue;
    if (
      isFormatTail(tail) &&
      !/^as\s+(?:an?\s+)?(?:number|list|date|url|email|boolean|string|text)\b/i.test(tail)
    )
      return { phrase: tokens.slice(0, i).join(' '), format: tail };
  }
  return { phrase: piece };
}
