'use client';
import { ArrowRight, Copy } from 'lucide-react';
import Link from 'next/link';
import { useEffect, useRef } from 'react';
import { formatDateTime } from '@/lib/dashboard/format';
import type { ShapedTaskSummary } from '@/lib/dashboard/task-shaping-types';
import { Button } from '@/components/ui/button';

/** Asked before creating a task whose description a task already has: open that one, or make another. */
export function DuplicateNotice({
  task,
  onCreateAnother,
  onDismiss,
}: {
  task: ShapedTaskSummary;
  onCreateAnother: () => void;
  onDismiss: () => void;
}) {
  const open = useRef<HTMLAnchorElement>(null);
  // Focus moves to the question, so a keyboard user hears it and can answer at once.
  useEffect(() => open.current?.focus(), []);
  return (
    <div
      role="alert"
      className="mt-4 rounded-md border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-100"
    >
      <p className="font-semibold">
        A task from this description already exists: {task.name}, created {formatDateTime(task.created_at)}
      </p>
      <p className="mt-1">Open it to run or edit it, or create another task from the same description.</p>
      <div className="mt-3 flex flex-wrap gap-2">
        <Link
          ref={open}
          href={`/tasks/${encodeURIComponent(task.id)}`}
          className="inline-flex h-8 items-center gap-1.5 rounded-md bg-brand-600 px-2.5 text-sm font-medium text-white hover:bg-brand-700"
        >
          Open it <ArrowRight aria-hidden className="size-4" />
        </Link>
        <Button size="sm" variant="secondary" onClick={onCreateAnother}>
          <Copy aria-hidden className="size-4" /> Create another
        </Button>
        <Button size="sm" variant="ghost" onClick={onDismiss}>
          Cancel
        </Button>
      </div>
    </div>
  );
}
