import Link from 'next/link';
import type { TaskSummary } from '@/lib/contract/tasks';
import { Td } from '@/components/ui/table';

/** A task's name (linking to its page) over its description: the first cell of both task lists. */
export function TaskNameCell({ task }: { task: Pick<TaskSummary, 'id' | 'name' | 'description'> }) {
  return (
    <Td>
      <Link
        href={`/tasks/${encodeURIComponent(task.id)}`}
        className="font-medium text-brand-700 hover:underline dark:text-brand-100"
      >
        {task.name}
      </Link>
      <p className="mt-0.5 line-clamp-1 max-w-xl text-xs text-slate-600 dark:text-slate-400">
        {task.description}
      </p>
    </Td>
  );
}
