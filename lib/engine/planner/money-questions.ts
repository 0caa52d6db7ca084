// "How much" questions ask for an amount of money: "how much does the basic plan cost per month"
// is the basic plan's monthly price, "what does it cost" the price.

import type { PlannedOutput } from './planned-output';
import { MONEY_HEADS } from './custom-fields';
import { singular, words } from './names';
import { retypeQuery } from './query-text';

const PERIODS: Record<string, string> = {
  month: 'monthly',
  year: 'annual',
  week: 'weekly',
  day: 'daily',
  hour: 'hourly',
  night: 'nightly',
};
const HOW_MUCH_COST =
  /^how\s+much\s+(?:does|do|did|is|are|will|would)\s+(.+?)\s+(?:cost|charge|costs)(?:\s+(?:per|a|an|each|every)\s+(month|year|week|day|hour|night))?$/i;
// "what does it cost", "how much shipping costs".
const WHAT_COST =
  /^(?:what|how\s+much)\s+(?:does|do|did|will|would\s+)?\s*(.*?)\s*(?:cost|costs|charge|charges)(?:\s+(?:per|a|an|each|every)\s+(month|year|week|day|hour|night))?$/i;
const HOW_MUCH_IS = /^how\s+much\s+(?:is|are)\s+(.+)$/i;
const HOW_MUCH_OF = /^how\s+much\s+([a-z]+(?:\s+[a-z]+)?)\s+(?:has|have|had|does|do|did|is|are|was|were)\b/i;

/** "how much does the basic plan cost per month" → "basic plan monthly price". */
export function howMuchPhrase(text: string): string | undefined {
  const cost = HOW_MUCH_COST.exec(text);
  if (cost?.[1]) {
    const period = cost[2] ? `${PERIODS[cost[2].toLowerCase()] ?? ''} ` : '';
    return `${cost[1]} ${period}price`;
  }
  const what = WHAT_COST.exec(text);
  if (what) {
    const thing = words(what[1] ?? '').filter(
      (w) => !['it', 'they', 'this', 'that', 'the', 'their', 'its'].includes(w),
    );
    const period = what[2] ? `${PERIODS[what[2].toLowerCase()] ?? ''} ` : '';
    return thing.length > 0 ? `${thing.join(' ')} ${period}cost` : `${period}price`;
  }
  const is = HOW_MUCH_IS.exec(text)?.[1];
  if (is) return MONEY_HEADS.has(singular(words(is).at(-1) ?? '')) ? is : `${is} price`;
  return HOW_MUCH_OF.exec(text)?.[1];
}

/** A "how much" question asks for an amount of money. */
export function asMoney(p: PlannedOutput): PlannedOutput {
  if (p.output.type !== 'string') return p;
  return { ...p, output: { ...p.output, type: 'money', query: retypeQuery(p.output.query, 'money') } };
}
