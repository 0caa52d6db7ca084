import { fieldValue } from '../batches/compare';
import { parseNumber } from '../research/extract/numbers';
import { sameAnswer, type AnswerShape } from '../tasks/same-answer';

// What changed between a monitor's runs, row by row and field by field (issue 32). Each row is compared
// with the last values it had when it last succeeded (its baseline), not only with the previous run:
// a row that failed once and then answers again is compared with what it said before the failure,
// and a failure is reported as a failure, never as every field "changing" to nothing.

export interface FieldShape extends AnswerShape {
  name: string;
}

/** One row of a finished run, as the results readers give it. */
export interface RunRow {
  data_uuid: string;
  status: string;
  data_json: Record<string, unknown> | null;
  list_data_json: Record<string, unknown>[] | null;
  list?: boolean;
  error?: string | null;
}

export type Values = Record<string, unknown>;

export type RowChange =
  | { kind: 'new'; data_uuid: string; values: Values }
  | { kind: 'changed'; data_uuid: string; fields: { field: string; old: unknown; new: unknown }[] }
  | { kind: 'removed'; data_uuid: string; last: Values }
  | { kind: 'failed'; data_uuid: string; error: string };

export interface RunDiff {
  changes: RowChange[];
  counts: { new: number; changed: number; unchanged: number; removed: number; failed: number };
  /** Each row's values after this run: the baseline the next run is compared with. */
  baseline: Map<string, Values>;
}

/**
 * Compares a run's rows with the baseline. Rows in the baseline and absent from the run are removed
 * (the sheet no longer has them); rows that were never answered before are new; a row that failed keeps
 * its old baseline.
 */
export function diffRun(
  baseline: ReadonlyMap<string, Values>,
  rows: Iterable<RunRow>,
  fields: FieldShape[],
): RunDiff {
  const next = new Map<string, Values>();
  const changes: RowChange[] = [];
  const counts = { new: 0, changed: 0, unchanged: 0, removed: 0, failed: 0 };
  const seen = new Set<string>();
  for (const row of rows) {
    seen.add(row.data_uuid);
    const before = baseline.get(row.data_uuid);
    if (row.status !== 'succeeded') {
      if (before) next.set(row.data_uuid, before);
      if (row.status === 'failed') {
        counts.failed++;
        changes.push({ kind: 'failed', data_uuid: row.data_uuid, error: row.error ?? 'failed' });
      }
      continue;
    }
    const values: Values = Object.fromEntries(fields.map((f) => [f.name, fieldValue(row, f.name)]));
    next.set(row.data_uuid, values);
    if (!before) {
      counts.new++;
      changes.push({ kind: 'new', data_uuid: row.data_uuid, values });
      continue;
    }
    const moved = fields
      .filter((f) => !sameAnswer(before[f.name] ?? null, values[f.name], f))
      .map((f) => ({ field: f.name, old: before[f.name] ?? null, new: values[f.name] }));
    if (moved.length === 0) counts.unchanged++;
    else {
      counts.changed++;
      changes.push({ kind: 'changed', data_uuid: row.data_uuid, fields: moved });
    }
  }
  for (const [uuid, last] of baseline) {
    if (seen.has(uuid)) continue;
    counts.removed++;
    changes.push({ kind: 'removed', data_uuid: uuid, last });
  }
  return { changes, counts, baseline: next };
}

/**
 * When a monitor alerts: on any change, on changes of some fields, or when a number of those fields moves
 * by more than N%. New and removed rows alert only under "any": the other rules watch values.
 */
export type AlertRule =
  | { kind: 'any' }
  | { kind: 'fields'; fields: string[] }
  | { kind: 'number_move'; fields: string[]; percent: number };

/** The changes a rule lets through (failures never alert: they are reported, not changes). */
export function changesToAlert(changes: RowChange[], rule: AlertRule): RowChange[] {
  const out: RowChange[] = [];
  for (const c of changes) {
    if (c.kind === 'failed') continue;
    if (rule.kind === 'any' || c.kind === 'new' || c.kind === 'removed') {
      if (rule.kind === 'any') out.push(c);
      continue;
    }
    if (c.kind !== 'changed') continue;
    const fields = c.fields.filter(
      (f) =>
        rule.fields.includes(f.field) &&
        (rule.kind === 'fields' || movedMoreThan(f.old, f.new, rule.percent)),
    );
    if (fields.length > 0) out.push({ ...c, fields });
  }
  return out;
}

function movedMoreThan(old: unknown, now: unknown, percent: number): boolean {
  const a = asNumber(old);
  const b = asNumber(now);
  // A value appearing or vanishing is a move of any size; so is one from zero.
  if (a === null || b === null) return a !== b;
  if (a === 0) return b !== 0;
  return (Math.abs(b - a) / Math.abs(a)) * 100 > percent;
}

const asNumber = (v: unknown): number | null =>
  typeof v === 'number' ? v : typeof v === 'string' ? parseNumber(v) : null;
