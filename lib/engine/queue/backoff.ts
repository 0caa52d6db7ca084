/** Retry delay for attempt n (1-based): exponential from 1 s, capped at 5 min, with ±20% jitter; Retry-After wins when larger. */
export function retryDelayMs(attempt: number, retryAfterSeconds?: number): number {
  const base = Math.min(300_000, 1000 * 2 ** Math.max(0, attempt - 1));
  const jittered = base * (0.8 + Math.random() * 0.4);
  return Math.round(Math.max(jittered, (retryAfterSeconds ?? 0) * 1000));
}
