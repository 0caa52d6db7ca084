import type { z } from 'zod';
import { ERROR_CODES, type ErrorKind } from '@/lib/contract/errors';

/** The one engine error type: a closed set of kinds, each mapped to its HTTP status by the envelope writer. */
export class EngineError extends Error {
  readonly status: number;
  constructor(
    readonly kind: ErrorKind,
    message: string,
    readonly details: string = message,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.status = ERROR_CODES[kind];
  }
}

export const badRequest = (message: string, details?: string) =>
  new EngineError('bad_request', message, details);
export const notFound = (what: string, id: string) =>
  new EngineError('not_found', `${what} not found`, `no ${what.toLowerCase()} with id '${id}'`);
export const conflict = (message: string, details?: string) => new EngineError('conflict', message, details);

/** Parse a value against a schema; a failure is a 400 naming each problem (`where` names the whole value). */
export function parseWith<S extends z.ZodType>(schema: S, value: unknown, where: string): z.infer<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((issue) => {
    const at = issue.path.length ? issue.path.join('.') : where;
    return `${at}: ${issue.message}`;
  });
  throw badRequest(`Invalid ${where}`, problems.join('; '));
}
