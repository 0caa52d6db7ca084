import type { ReactNode, RefObject } from 'react';
import { cn } from '@/lib/dashboard/cn';

/**
 * A native modal <dialog> (opened with ref.current.showModal(), closed with Escape or close()): its
 * title labels it, and its actions sit at the bottom right. The browser keeps focus inside it.
 */
export function Modal({
  dialogRef,
  id,
  title,
  describedBy,
  size = 'sm',
  actions,
  children,
}: {
  dialogRef: RefObject<HTMLDialogElement | null>;
  /** Prefix of its title's id. */
  id: string;
  title: ReactNode;
  describedBy?: string;
  /** sm: a question; md: a form; lg: a table (a narrower one would scroll sideways). */
  size?: 'sm' | 'md' | 'lg';
  actions: ReactNode;
  children: ReactNode;
}) {
  return (
    <dialog
      ref={dialogRef}
      aria-labelledby={`${id}-title`}
      aria-describedby={describedBy}
      className={cn(
        'm-auto max-w-[calc(100vw-2rem)] rounded-lg border border-slate-200 bg-white p-5 text-slate-900 shadow-xl backdrop:bg-slate-950/50 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100',
        { sm: 'w-[28rem]', md: 'w-[40rem]', lg: 'w-[60rem]' }[size],
      )}
    >
      <h2 id={`${id}-title`} className="text-base font-semibold">
        {title}
      </h2>
      {children}
      <div className="mt-5 flex justify-end gap-2">{actions}</div>
    </dialog>
  );
}
