import { Cron } from 'croner';
import type { Schedule } from '@/lib/contract/monitors';
import { badRequest } from '../errors';

// When a monitor ticks next. An interval counts from the tick that ran (or from now when ticks were
// missed: one catch-up run, then the schedule goes on from there); a cron expression is read in its
// time zone by croner, so "0 9 * * 1" in Europe/Berlin stays 09:00 local across daylight-saving changes.

/** Checks a schedule's expression and zone (400 with what is wrong). */
export function checkSchedule(s: Schedule): void {
  if (s.kind !== 'cron') return;
  if (!isTimeZone(s.time_zone)) throw badRequest('Invalid schedule', `unknown time_zone '${s.time_zone}'`);
  let next: Date | null;
  try {
    next = new Cron(s.cron, { timezone: s.time_zone, paused: true }).nextRun();
  } catch (err) {
    throw badRequest('Invalid schedule', `cron '${s.cron}': ${(err as Error).message}`);
  }
  if (!next) throw badRequest('Invalid schedule', `cron '${s.cron}' never runs again`);
}

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/**
 * The first tick strictly after `after`, and not before `now`: a monitor that was down for several
 * slots gets one run for all of them (the one being claimed), not one per missed slot. Null when a
 * cron expression has no further time (e.g. a date in the past).
 */
export function nextTick(s: Schedule, after: Date, now: Date): Date | null {
  const from = after.getTime() > now.getTime() ? after : now;
  if (s.kind === 'interval') {
    const step = s.seconds * 1000;
    // On the interval's grid from `after`: a monitor every hour stays at :15 if it started at :15.
    const behind = Math.max(0, Math.floor((from.getTime() - after.getTime()) / step));
    return new Date(after.getTime() + (behind + 1) * step);
  }
  return new Cron(s.cron, { timezone: s.time_zone, paused: true }).nextRun(from);
}

/** The first tick of a new (or rescheduled) monitor. */
export const firstTick = (s: Schedule, now: Date): Date | null =>
  s.kind === 'interval' ? new Date(now.getTime() + s.seconds * 1000) : nextTick(s, now, now);
