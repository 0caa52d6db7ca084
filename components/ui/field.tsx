import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';
import { cn } from '@/lib/dashboard/cn';
import { useHydrated } from '@/lib/dashboard/hooks/use-hydrated';

const CONTROL =
  'w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 placeholder:text-slate-500 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30 disabled:opacity-60 dark:border-slate-700 dark:bg-slate-950 dark:text-slate-100 dark:placeholder:text-slate-400';

export function Label({
  htmlFor,
  children,
  hint,
}: {
  htmlFor: string;
  children: ReactNode;
  hint?: ReactNode;
}) {
  return (
    <label htmlFor={htmlFor} className="mb-1 block text-sm font-medium text-slate-800 dark:text-slate-200">
      {children}
      {hint && ' '}
      {hint && <span className="ml-1.5 font-normal text-slate-600 dark:text-slate-400">{hint}</span>}
    </label>
  );
}

/**
 * The props that hold a field until React hydrates it (see useHydrated): text fields turn read-only,
 * which looks the same and keeps the caret; choices (select, checkbox, radio, file) ignore readOnly,
 * so they are disabled instead.
 */
export function useHoldUntilHydrated(choice: boolean): { readOnly?: true; disabled?: true } {
  const hydrated = useHydrated();
  if (hydrated) return {};
  return choice ? { disabled: true } : { readOnly: true };
}

const CHOICE_INPUTS = new Set(['checkbox', 'radio', 'file']);

export function Input({ className, ...rest }: InputHTMLAttributes<HTMLInputElement>) {
  const hold = useHoldUntilHydrated(CHOICE_INPUTS.has(rest.type ?? ''));
  return <input className={cn(CONTROL, 'h-9', className)} {...rest} {...hold} />;
}

export function Textarea({ className, ...rest }: TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const hold = useHoldUntilHydrated(false);
  return <textarea className={cn(CONTROL, 'min-h-24', className)} {...rest} {...hold} />;
}

export function Select({ className, children, ...rest }: SelectHTMLAttributes<HTMLSelectElement>) {
  const hold = useHoldUntilHydrated(true);
  return (
    <select className={cn(CONTROL, 'h-9 py-1.5 pr-8', className)} {...rest} {...hold}>
      {children}
    </select>
  );
}
