'use client';
import { Pencil, Sparkles } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { errorMessage } from '@/lib/dashboard/api-error';
import { useRenameTask } from '@/lib/dashboard/hooks/use-task-shaping';
import type { NameSource } from '@/lib/dashboard/task-shaping-types';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/field';
import { useToast } from '@/components/ui/toast';

/**
 * Where the task's name comes from, and the controls to change that: a name of your own (PUT …/name),
 * or handing the name back to the fields (name: null), after which edits rename the task again.
 */
export function TaskNameEditor({
  taskId,
  name,
  nameSource,
}: {
  taskId: string;
  name: string;
  nameSource: NameSource | undefined;
}) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(name);
  const rename = useRenameTask(taskId);
  const toast = useToast();

  const send = (next: string | null) =>
    rename.mutate(next, {
      onSuccess: (data) => {
        setEditing(false);
        toast({
          tone: 'success',
          title: next === null ? 'The name follows the fields again' : 'Task renamed',
          description: data?.name ? `Now “${data.name}”.` : undefined,
        });
      },
      onError: (err) =>
        toast({ tone: 'error', title: 'Could not rename the task', description: errorMessage(err) }),
    });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    send(draft.trim());
  };

  if (editing)
    return (
      <form
        onSubmit={submit}
        className="-mt-3 mb-4 flex flex-wrap items-center gap-2"
        aria-label="Rename task"
      >
        <label htmlFor="task-name" className="text-sm font-medium">
          Task name
        </label>
        <Input
          id="task-name"
          className="max-w-md"
          value={draft}
          maxLength={200}
          required
          autoFocus
          onChange={(e) => setDraft(e.target.value)}
        />
        <Button
          type="submit"
          size="sm"
          isLoading={rename.isPending}
          disabled={!draft.trim() || draft.trim() === name}
        >
          Save name
        </Button>
        <Button size="sm" variant="secondary" onClick={() => setEditing(false)} disabled={rename.isPending}>
          Cancel
        </Button>
      </form>
    );

  return (
    <div className="-mt-3 mb-4 flex flex-wrap items-center gap-2 text-sm text-slate-600 dark:text-slate-400">
      {nameSource === 'auto' && (
        <Badge>
          <Sparkles aria-hidden className="size-3" /> Name follows fields
        </Badge>
      )}
      {nameSource === 'user' && <Badge>Named by you</Badge>}
      <Button
        size="sm"
        variant="ghost"
        onClick={() => {
          setDraft(name);
          setEditing(true);
        }}
      >
        <Pencil aria-hidden className="size-3.5" /> Rename
      </Button>
      {nameSource === 'user' && (
        <Button size="sm" variant="ghost" onClick={() => send(null)} isLoading={rename.isPending}>
          <Sparkles aria-hidden className="size-3.5" /> Let the name follow the fields
        </Button>
      )}
    </div>
  );
}
