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

// Until hydration (see useHydrated) text fields are read-only, which looks the same and keeps the
// caret; choices (select, checkbox, radio) ignore readOnly, so they are disabled instead.
export function Input({ className, ...rest }: InputHTMLAttributes<HTMLInputElement>) {
  const hydrated = useHydrated();
  const choice = rest.type === 'checkbox' || rest.type === 'radio' || rest.type === 'file';
  const guard = hydrated ? {} : choice ? { disabled: true } : { readOnly: true };
  return <input className={cn(CONTROL, 'h-9', className)} {...rest} {...guard} />;
}

export function Textarea({ className, ...rest }: TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const hydrated = useHydrated();
  return (
    <textarea
      className={cn(CONTROL, 'min-h-24', className)}
      {...rest}
      {...(hydrated ? {} : { readOnly: true })}
    />
  );
}

export function Select({ className, children, ...rest }: SelectHTMLAttributes<HTMLSelectElement>) {
  const hydrated = useHydrated();
  return (
    <select
      className={cn(CONTROL, 'h-9 py-1.5 pr-8', className)}
      {...rest}
      {...(hydrated ? {} : { disabled: true })}
    >
      {children}
    </select>
  );
}
