import { ORGANIZATION_TYPES, hasType, textOf } from '../json-ld';
import { type Candidate, type Extractor, makeCandidate } from './candidate';
import { parseNumber } from './numbers';

const YEAR = String.raw`(1[6-9]\d{2}|20\d{2})`;
const FOUNDED_PATTERNS: [RegExp, number][] = [
  [
    new RegExp(
      String.raw`\b(?:founded|established|incorporated|gegründet|fondée?|fundada|fundado|opgericht)(?!\p{L})[^.;\d]{0,40}?\b(?:in|im jahr|en|em|on)?\s*(?:\w+\s+\d{1,2},?\s+|\d{1,2}\.?\s+\w+\s+)?${YEAR}\b`,
      'iu',
    ),
    0.88,
  ],
  [new RegExp(String.raw`\b(?:est\.|estd\.?|since|seit|depuis|desde)\s*${YEAR}\b`, 'iu'), 0.75],
  [new RegExp(String.raw`\b${YEAR}\s+(?:gegründet|founded|established)\b`, 'iu'), 0.8],
  // Russian: "основана в 2003 году", "с 2003 года".
  [
    new RegExp(String.raw`(?:основан[аоы]?|создан[аоы]?)[^.;\d]{0,30}?(?<![\p{L}])в\s+${YEAR}\s+год`, 'iu'),
    0.85,
  ],
];

export const extractFounded: Extractor = (_q, ctx) => {
  const out: Candidate[] = [];
  const thisYear = new Date().getFullYear();
  for (const entity of ctx.page.metadata.jsonLd) {
    const raw = textOf(entity.data.foundingDate);
    const year = raw ? Number(/\d{4}/.exec(raw)?.[0]) : NaN;
    if (year >= 1600 && year <= thisYear) {
      const confidence = hasType(entity, ORGANIZATION_TYPES) ? 0.95 : 0.85;
      out.push(
        makeCandidate(ctx, year, `foundingDate: ${raw}`, confidence, {
          method: 'structured_data',
          path: 'json-ld Organization › foundingDate',
        }),
      );
    }
  }
  for (const p of ctx.page.passages) {
    if (p.kind === 'heading' || !/\d{4}/.test(p.text)) continue;
    for (const [pattern, confidence] of FOUNDED_PATTERNS) {
      const match = pattern.exec(p.text);
      const year = Number(match?.[1]);
      if (match && year <= thisYear) {
        out.push(makeCandidate(ctx, year, p.text, confidence - (p.boilerplate ? 0.05 : 0)));
        break;
      }
    }
  }
  for (const f of ctx.page.fields) {
    if (/found|established|since/.test(f.key)) {
      const year = Number(/\b(1[6-9]\d{2}|20\d{2})\b/.exec(f.value)?.[1]);
      if (year && year <= thisYear)
        out.push(
          makeCandidate(ctx, year, `${f.key}: ${f.value}`, 0.85, { method: 'structured_data', path: f.key }),
        );
    }
  }
  return out;
};

const COUNT = String.raw`(\d{1,3}(?:[,.\s]\d{3})+|\d+)`;
const EMPLOYEE_PATTERNS: [RegExp, number][] = [
  [
    new RegExp(
      String.raw`${COUNT}\+?\s+(?:full[- ]time\s+)?(?:employees|staff members|staff|mitarbeiter(?:innen)?|mitarbeitende|beschäftigte|salariés|employés|empleados)\b`,
      'iu',
    ),
    0.85,
  ],
  [new RegExp(String.raw`\bteam of\s+(?:over\s+|more than\s+|about\s+|around\s+)?${COUNT}\b`, 'iu'), 0.8],
  [
    new RegExp(String.raw`\bemploys?\s+(?:over\s+|more than\s+|about\s+|around\s+|some\s+)?${COUNT}\b`, 'iu'),
    0.8,
  ],
  [new RegExp(String.raw`${COUNT}[- ](?:person|people|member)\s+(?:team|company|strong)\b`, 'iu'), 0.8],
  [
    new RegExp(
      String.raw`\b(?:our|a|the)\s+${COUNT}\+?\s+(?:people|team members|colleagues|engineers)\b`,
      'iu',
    ),
    0.65,
  ],
];

export const extractEmployees: Extractor = (_q, ctx) => {
  const out: Candidate[] = [];
  for (const entity of ctx.page.metadata.jsonLd) {
    const raw = entity.data.numberOfEmployees;
    if (raw === undefined) continue;
    const obj = raw && typeof raw === 'object' ? (raw as Record<string, unknown>) : null;
    const count = parseNumber(textOf(obj ? (obj.value ?? obj.maxValue ?? obj.minValue) : raw) ?? '');
    if (count !== null && count > 0)
      out.push(
        makeCandidate(ctx, count, `numberOfEmployees: ${count}`, 0.95, {
          method: 'structured_data',
          path: 'json-ld Organization › numberOfEmployees',
        }),
      );
  }
  for (const p of ctx.page.passages) {
    if (p.kind === 'heading' || !/\d/.test(p.text)) continue;
    for (const [pattern, confidence] of EMPLOYEE_PATTERNS) {
      const match = pattern.exec(p.text);
      const count = match?.[1] ? parseNumber(match[1]) : null;
      if (count !== null && count > 0 && count < 5_000_000) {
        out.push(makeCandidate(ctx, count, p.text, confidence));
        break;
      }
    }
  }
  return out;
};
