// Numbers as people write them: "1,200", "1.200" (German thousands), "12,50" (French decimals),
// "$129.00", "4.5k", "3 million".

const NUMBER = /[-+]?\d[\d.,\s\u00a0\u202f']*/;
const SCALE: Record<string, number> = {
  k: 1e3,
  thousand: 1e3,
  m: 1e6,
  mm: 1e6,
  million: 1e6,
  mio: 1e6,
  b: 1e9,
  bn: 1e9,
  billion: 1e9,
};

export function parseNumber(text: string): number | null {
  const match = NUMBER.exec(text);
  if (!match) return null;
  const raw = match[0].replace(/[\s\u00a0\u202f']+$/, '');
  const value = parseDigits(raw.replace(/[\s\u00a0\u202f']/g, ''));
  if (value === null) return null;
  const after = text.slice((match.index ?? 0) + match[0].length).trimStart();
  const scale = /^(k|m|mm|b|bn|thousand|million|mio|billion)\b/i.exec(after)?.[1]?.toLowerCase();
  return scale ? value * (SCALE[scale] ?? 1) : value;
}

/** Every number in the text with its position, for picking the one nearest some words. */
export function numbersIn(text: string): { value: number; index: number; end: number }[] {
  const out: { value: number; index: number; end: number }[] = [];
  const re = /\d[\d.,]*\d|\d/g;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const value = parseDigits(m[0]);
    if (value !== null) out.push({ value, index: m.index, end: m.index + m[0].length });
  }
  return out;
}

function parseDigits(raw: string): number | null {
  let s = raw.replace(/[.,]+$/, '');
  const sign = s.startsWith('-') ? -1 : 1;
  s = s.replace(/^[-+]/, '');
  const lastDot = s.lastIndexOf('.');
  const lastComma = s.lastIndexOf(',');
  if (lastDot >= 0 && lastComma >= 0) {
    // Both present: whichever comes last is the decimal separator.
    const decimal = lastDot > lastComma ? '.' : ',';
    const thousands = decimal === '.' ? ',' : '.';
    s = s.split(thousands).join('').replace(decimal, '.');
  } else if (lastDot >= 0 || lastComma >= 0) {
    const sep = lastDot >= 0 ? '.' : ',';
    const groups = s.split(sep);
    // "1.200" / "1,200,000": groups of exactly three digits are thousands; "12,50" is a decimal.
    const isThousands =
      groups.length > 2 || (groups.length === 2 && groups[1]?.length === 3 && (groups[0]?.length ?? 0) <= 3);
    s = isThousands ? groups.join('') : groups.join('.');
  }
  const value = Number(s);
  return Number.isFinite(value) && s !== '' ? sign * value : null;
}
