// Dates to ISO 8601 (yyyy-mm-dd, or yyyy-mm when only a month is printed), from ISO strings, month
// names in English, German, French, Spanish, Italian, Portuguese and Dutch, and numeric forms.

const MONTHS: Record<string, number> = {};
const NAMES = [
  ['january', 'jan', 'januar', 'janvier', 'jänner', 'enero', 'gennaio', 'janeiro', 'januari'],
  ['february', 'feb', 'februar', 'février', 'fevrier', 'febrero', 'febbraio', 'fevereiro', 'februari'],
  ['march', 'mar', 'märz', 'maerz', 'mars', 'marzo', 'março', 'maart'],
  ['april', 'apr', 'avril', 'abril', 'aprile'],
  ['may', 'mai', 'mayo', 'maggio', 'maio', 'mei'],
  ['june', 'jun', 'juni', 'juin', 'junio', 'giugno', 'junho'],
  ['july', 'jul', 'juli', 'juillet', 'julio', 'luglio', 'julho'],
  ['august', 'aug', 'août', 'aout', 'agosto', 'augustus'],
  ['september', 'sep', 'sept', 'septembre', 'septiembre', 'settembre', 'setembro'],
  ['october', 'oct', 'oktober', 'okt', 'octobre', 'octubre', 'ottobre', 'outubro'],
  ['november', 'nov', 'novembre', 'noviembre', 'novembro'],
  ['december', 'dec', 'dezember', 'dez', 'décembre', 'diciembre', 'dicembre', 'dezembro'],
];
NAMES.forEach((names, i) => names.forEach((n) => (MONTHS[n] = i + 1)));
const MONTH = String.raw`([\p{L}]{3,9})\.?`;

const PATTERNS: [RegExp, (m: RegExpExecArray) => [number, number, number] | null][] = [
  [/\b(\d{4})-(\d{1,2})-(\d{1,2})/, (m) => [Number(m[1]), Number(m[2]), Number(m[3])]],
  [/\b(\d{4})\/(\d{1,2})\/(\d{1,2})\b/, (m) => [Number(m[1]), Number(m[2]), Number(m[3])]],
  [
    new RegExp(String.raw`\b${MONTH}\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})\b`, 'iu'),
    (m) => named(m[3], m[1], m[2]),
  ],
  [
    new RegExp(
      String.raw`\b(\d{1,2})(?:st|nd|rd|th|\.)?\s+(?:of\s+|de\s+)?${MONTH}\s+(?:de\s+)?(\d{4})\b`,
      'iu',
    ),
    (m) => named(m[3], m[2], m[1]),
  ],
  // "June 2010": a month without a day stays a month (ISO 8601 allows it; inventing the 1st would not).
  [
    new RegExp(String.raw`(?<![\p{L}\d]\s?)\b${MONTH}\s+(?:de\s+)?(\d{4})\b`, 'iu'),
    (m) => named(m[2], m[1], '0'),
  ],
  [/\b(\d{1,2})\.(\d{1,2})\.(\d{4})\b/, (m) => [Number(m[3]), Number(m[2]), Number(m[1])]],
  [/\b(\d{1,2})\/(\d{1,2})\/(\d{4})\b/, (m) => usOrDayFirst(Number(m[3]), Number(m[1]), Number(m[2]))],
];

function named(
  year: string | undefined,
  month: string | undefined,
  day: string | undefined,
): [number, number, number] | null {
  const m = MONTHS[(month ?? '').toLowerCase()];
  return m ? [Number(year), m, Number(day)] : null;
}

function usOrDayFirst(year: number, a: number, b: number): [number, number, number] {
  // 03/05/2024 is read US-style unless the first number cannot be a month.
  return a > 12 ? [year, b, a] : [year, a, b];
}

/** The first date in the text as yyyy-mm-dd, or null. */
export function toIsoDate(text: string): string | null {
  return findDate(text)?.iso ?? null;
}

export function findDate(text: string): { iso: string; index: number } | null {
  let best: { iso: string; index: number } | null = null;
  for (const [pattern, build] of PATTERNS) {
    const m = pattern.exec(text);
    if (!m) continue;
    const parts = build(m);
    const iso = parts ? isoOf(...parts) : null;
    if (iso && (!best || m.index < best.index)) best = { iso, index: m.index };
  }
  return best;
}

function isoOf(year: number, month: number, day: number): string | null {
  if (day === 0 && year >= 1000 && year <= 2999 && month >= 1 && month <= 12)
    return `${year}-${String(month).padStart(2, '0')}`;
  if (!(year >= 1000 && year <= 2999 && month >= 1 && month <= 12 && day >= 1 && day <= 31)) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1) return null;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}
