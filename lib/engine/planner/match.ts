// Loose matching of what an instruction names to existing outputs and inputs: case, spaces vs
// underscores, plural/singular, and synonyms via the vocabulary (phone ↔ phone_number ↔ telephone).

import type { TaskInput, TaskOutput } from '@/lib/contract/task-definition';
import { canonical, humanise, toIdentifier, words } from './names';
import { cleanItem, unquote } from './phrases';
import { lookupField, lookupGroup } from './vocabulary';

export type MatchResult<T> =
  | { kind: 'one'; item: T }
  | { kind: 'group'; items: T[] }
  | { kind: 'ambiguous'; items: T[] }
  | { kind: 'none' };

// Words that say "this is an output/input", not which one.
const POINTER_WORDS = new Set([
  'output',
  'field',
  'column',
  'value',
  'property',
  'input',
  'parameter',
  'the',
  'a',
  'an',
  'their',
  'its',
  'company',
]);

/** Strips quotes, backticks and "the … output/field" around a reference. */
export function referenceText(raw: string): string {
  let text = unquote(raw.trim()).replace(/`/g, '');
  text = text.replace(
    /^(?:the\s+)?(?:outputs?|fields?|columns?|inputs?|parameters?)\s+(?:called\s+|named\s+|(?:of|for)\s+(?:the\s+)?)?/i,
    '',
  );
  text = text.replace(/\s+(?:outputs?|fields?|columns?|inputs?|parameters?)$/i, '');
  // "the column of the department" once "the column" is read as a pointer word.
  text = text.replace(/^(?:of|for)\s+(?:the\s+)?(?=\S)/i, '');
  return cleanItem(unquote(text)).text || text.trim();
}

function keyTokens(text: string): string[] {
  return canonical(text)
    .split(' ')
    .filter((t) => t.length > 0 && !POINTER_WORDS.has(t));
}

function sameTokens(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((t, i) => t === b[i]);
}

/** Finds the output(s) a phrase refers to. `allowGroup` lets "social links" mean every social output. */
export function matchOutput(
  outputs: readonly TaskOutput[],
  raw: string,
  allowGroup = false,
): MatchResult<TaskOutput> {
  const text = referenceText(raw);
  if (!text) return { kind: 'none' };
  const id = toIdentifier(text);
  const exact = outputs.find((o) => o.name === id || o.name === raw.trim());
  if (exact) return { kind: 'one', item: exact };

  const tokens = keyTokens(text);
  const byTokens = outputs.filter((o) => sameTokens(keyTokens(humanise(o.name)), tokens));
  if (byTokens.length === 1 && byTokens[0]) return { kind: 'one', item: byTokens[0] };

  // Synonyms: both sides resolve to the same known field.
  const spec = lookupField(text);
  if (spec) {
    const same = outputs.filter(
      (o) => o.name === spec.name || lookupField(humanise(o.name))?.name === spec.name,
    );
    if (same.length === 1 && same[0]) return { kind: 'one', item: same[0] };
    if (same.length > 1) return { kind: 'ambiguous', items: same };
  }

  if (allowGroup) {
    const group = lookupGroup(text);
    if (group) {
      const members = outputs.filter((o) => lookupField(humanise(o.name))?.group === group);
      if (members.length > 0) return { kind: 'group', items: members };
    }
  }

  if (tokens.length === 0) return { kind: 'none' };
  // "remove trial" → offers_free_trial: every named word appears in exactly one output's name.
  const containing = outputs.filter((o) => {
    const have = new Set(keyTokens(humanise(o.name)));
    return tokens.every((t) => have.has(t));
  });
  if (containing.length === 1 && containing[0]) return { kind: 'one', item: containing[0] };
  if (containing.length > 1) return { kind: 'ambiguous', items: containing };

  // "the free trial flag" → offers_free_trial: a clear majority of words shared with one output only.
  const scored = outputs
    .map((o) => {
      const have = new Set(keyTokens(humanise(o.name)));
      return { o, shared: tokens.filter((t) => have.has(t)).length };
    })
    .filter((s) => s.shared >= 2 && s.shared * 3 >= tokens.length * 2)
    .sort((a, b) => b.shared - a.shared);
  const best = scored[0];
  if (best && (scored[1] === undefined || scored[1].shared < best.shared))
    return { kind: 'one', item: best.o };
  return { kind: 'none' };
}

const WEBSITE_REFERENCES = new Set([
  'website',
  'site',
  'url',
  'domain',
  'homepage',
  'web address',
  'website url',
  'link',
]);

/** Finds the input a phrase refers to. */
export function matchInput(inputs: readonly TaskInput[], raw: string): MatchResult<TaskInput> {
  const text = referenceText(raw);
  if (!text) return { kind: 'none' };
  const id = toIdentifier(text);
  const exact = inputs.find((i) => i.name === id);
  if (exact) return { kind: 'one', item: exact };
  const tokens = keyTokens(text);
  const same = inputs.filter((i) => sameTokens(keyTokens(humanise(i.name)), tokens));
  if (same.length === 1 && same[0]) return { kind: 'one', item: same[0] };
  if (WEBSITE_REFERENCES.has(canonical(text))) {
    const urls = inputs.filter((i) => i.type === 'url');
    if (urls.length === 1 && urls[0]) return { kind: 'one', item: urls[0] };
  }
  if (tokens.length === 0) return { kind: 'none' };
  const containing = inputs.filter((i) =>
    tokens.every((t) =>
      words(humanise(i.name))
        .map((w) => canonical(w))
        .includes(t),
    ),
  );
  if (containing.length === 1 && containing[0]) return { kind: 'one', item: containing[0] };
  if (containing.length > 1) return { kind: 'ambiguous', items: containing };
  return { kind: 'none' };
}
