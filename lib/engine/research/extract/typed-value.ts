import type { AvailabilityStatus } from '../vocabulary/vocabulary';
import { formatMoney, type Money } from './money';

// Values that are more than text: money (amount + currency) and availability (a schema.org status).
// Extractors produce them; coerce.ts shapes them to the field's output type: a number field gets the
// amount, a yes/no field whether the item can be bought, a text field the page's own way of writing it.

export interface Availability {
  kind: 'availability';
  status: AvailabilityStatus;
}

export type TypedValue = (Money & { locale?: string | null }) | Availability;

export function isTypedValue(value: unknown): value is TypedValue {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    ((value as { kind?: unknown }).kind === 'money' || (value as { kind?: unknown }).kind === 'availability')
  );
}

export function typedAsString(value: TypedValue): string {
  return value.kind === 'money' ? formatMoney(value, value.locale ?? null) : value.status;
}

export function typedAsNumber(value: TypedValue): number | null {
  return value.kind === 'money' ? value.amount : null;
}

export function typedAsBoolean(value: TypedValue): boolean | null {
  if (value.kind !== 'availability') return null;
  if (value.status === 'InStock') return true;
  if (value.status === 'OutOfStock') return false;
  return null;
}

/** The key two candidates agree on: the same amount in the same currency, the same status. */
export function typedKey(value: TypedValue): string {
  return value.kind === 'money'
    ? `money:${value.amount}:${value.currency ?? ''}`
    : `availability:${value.status}`;
}
