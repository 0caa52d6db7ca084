// "For each hotel just give me yes/no: pool? spa? pet friendly?": a run of short questions after a
// yes/no heading is one yes/no field per question. Rewritten into the "whether …" form the boolean
// reader knows, so each item is named for what holds (has_pool, pet_friendly).

/** "yes/no", "yes or no", "y/n": how a yes/no answer is asked for, shared with fields.ts. */
export const YES_NO_WORDS = String.raw`yes\s*\/\s*no|yes\s+or\s+no|y\s*\/\s*n`;

const HEADING = new RegExp(
  String.raw`(?:${YES_NO_WORDS})\s*(?:for\s+each|each|per\s+item)?\s*[:\u2013\u2014-]\s*((?:[^?:.]{1,40}\?\s*){2,})`,
  'i',
);

// The last word of a state rather than a thing: "pet friendly", "wheelchair accessible", "open late".
const STATE_ENDINGS = /(?:ly|ble|ful|ive|ed|free|friendly|open|late|available|included)$/i;

const STATE_START =
  /^(?:open|closed|free|available|accessible|vegan|vegetarian|certified|licensed|bookable|suitable)\b/i;

function asWhether(item: string): string {
  const text = item.trim().replace(/^(?:and|or)\s+/i, '');
  if (/^(?:is|are|does|do|has|have|can|whether)\b/i.test(text)) return text;
  const last = text.split(/\s+/).at(-1) ?? '';
  const state = STATE_ENDINGS.test(last) || STATE_START.test(text);
  return state ? `whether it is ${text}` : `whether it has ${text}`;
}

/** The text with a yes/no question list spelled as "whether" items; other texts unchanged. */
export function spellYesNoList(text: string): string {
  const m = HEADING.exec(text);
  if (!m?.[1]) return text;
  const items = m[1]
    .split('?')
    .map((s) => s.trim())
    .filter(Boolean);
  const spelled = `find ${items.map(asWhether).join(', ')}.`;
  return `${text.slice(0, m.index)}${spelled}${text.slice(m.index + m[0].length)}`;
}
