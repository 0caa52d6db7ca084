import type { Monitor, Schedule } from '@/lib/contract/monitors';

// A monitor's settings as the dashboard's form holds them (an interval as a number and a unit, a rule
// as a kind and fields), to and from the API's shapes, and the short texts the pages show. Type-only
// imports from the contract: zod stays out of the browser bundle, the API checks what is sent.

export type AlertRule = Monitor['rule'];

export const UNITS = { minutes: 60, hours: 3600, days: 86_400, weeks: 604_800 } as const;
export type Unit = keyof typeof UNITS;

export interface MonitorDraft {
  name: string;
  mode: 'interval' | 'cron';
  every: string;
  unit: Unit;
  cron: string;
  timeZone: string;
  ruleKind: AlertRule['kind'];
  ruleFields: string[];
  percent: string;
  webhookUrl: string;
  /** 'live' follows the task's live version; a number pins that version. */
  version: 'live' | number;
}

export function newDraft(name: string, timeZone: string): MonitorDraft {
  return {
    name,
    mode: 'interval',
    every: '1',
    unit: 'days',
    cron: '0 9 * * 1',
    timeZone,
    ruleKind: 'any',
    ruleFields: [],
    percent: '5',
    webhookUrl: '',
    version: 'live',
  };
}

/** The largest unit that divides the interval evenly, so 86,400 s reads "1 day" and 5,400 s "90 minutes". */
function intervalParts(seconds: number): { every: string; unit: Unit } {
  const units = Object.entries(UNITS).reverse() as [Unit, number][];
  for (const [unit, size] of units) if (seconds % size === 0) return { every: String(seconds / size), unit };
  return { every: String(Math.round(seconds / 60)), unit: 'minutes' };
}

export function draftOf(m: Monitor): MonitorDraft {
  const d = newDraft(m.name, m.schedule.kind === 'cron' ? m.schedule.time_zone : 'UTC');
  if (m.schedule.kind === 'interval') Object.assign(d, intervalParts(m.schedule.seconds));
  else Object.assign(d, { mode: 'cron', cron: m.schedule.cron });
  d.ruleKind = m.rule.kind;
  if (m.rule.kind !== 'any') d.ruleFields = [...m.rule.fields];
  if (m.rule.kind === 'number_move') d.percent = String(m.rule.percent);
  d.webhookUrl = m.webhook_url;
  d.version = m.task_version ?? 'live';
  return d;
}

export type DraftResult = { ok: true; schedule: Schedule; rule: AlertRule } | { ok: false; error: string };

/** The schedule and rule the draft names, or what is wrong with it (the API checks again). */
export function readDraft(d: MonitorDraft): DraftResult {
  let schedule: Schedule;
  if (d.mode === 'interval') {
    const every = Number(d.every);
    if (!Number.isInteger(every) || every < 1)
      return { ok: false, error: 'Run every: a whole number from 1' };
    schedule = { kind: 'interval', seconds: every * UNITS[d.unit] };
  } else {
    if (!d.cron.trim()) return { ok: false, error: 'Cron: write an expression such as 0 9 * * 1' };
    schedule = { kind: 'cron', cron: d.cron.trim(), time_zone: d.timeZone.trim() || 'UTC' };
  }
  let rule: AlertRule = { kind: 'any' };
  if (d.ruleKind !== 'any') {
    if (d.ruleFields.length === 0) return { ok: false, error: 'Alert: choose at least one field' };
    if (d.ruleKind === 'fields') rule = { kind: 'fields', fields: d.ruleFields };
    else {
      const percent = Number(d.percent);
      if (!(percent > 0)) return { ok: false, error: 'Alert: the percentage must be more than 0' };
      rule = { kind: 'number_move', fields: d.ruleFields, percent };
    }
  }
  return { ok: true, schedule, rule };
}

export function describeSchedule(s: Schedule): string {
  if (s.kind === 'cron') return `cron ${s.cron} (${s.time_zone})`;
  const { every, unit } = intervalParts(s.seconds);
  const n = Number(every);
  return n === 1 ? `every ${unit.slice(0, -1)}` : `every ${n} ${unit}`;
}

export function describeRule(r: AlertRule): string {
  if (r.kind === 'any') return 'any change';
  const fields = r.fields.join(', ');
  return r.kind === 'fields' ? `changes to ${fields}` : `${fields} moving more than ${r.percent}%`;
}

/** The versions a monitor may pin, newest first, and which is live (`max`: the task's newest). */
export function versionChoices(
  task: { max_version: number; live_version: number } | undefined,
  max = task?.max_version ?? 0,
): { version: number; live: boolean }[] {
  return Array.from({ length: max }, (_, i) => max - i).map((v) => ({
    version: v,
    live: v === task?.live_version,
  }));
}

/** The viewer's time zone, for a new cron schedule; UTC where the browser does not say. */
export function viewerTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}
