'use client';
import { Check, ClipboardList, Plus, RotateCcw, X } from 'lucide-react';
import { useMemo, useState } from 'react';
import type { TaskDetail } from '@/lib/contract/tasks';
import { ApiError } from '@/lib/dashboard/api-error';
import {
  definitionOfDetail,
  draftsFromOutputs,
  draftsToOutputs,
  emptyDraft,
  moveDraft,
  validateDrafts,
  type FieldDraft,
} from '@/lib/dashboard/field-draft';
import { useSaveDefinition } from '@/lib/dashboard/hooks/use-task-shaping';
import type { DefinitionChange as Change } from '@/lib/dashboard/task-shaping-types';
import { ApiSnippet } from '@/components/api/api-snippet';
import { Button } from '@/components/ui/button';
import { ErrorPanel } from '@/components/ui/error-panel';
import { useToast } from '@/components/ui/toast';
import { DefinitionChange } from '../definition-change';
import { FieldRow } from './field-row';

/**
 * The live version's outputs as editable rows. Saving is two steps: a dry run of the structured edit
 * shows the service's change summary, Confirm stores it as a new version. base_version is the newest
 * version when the editor opened, so a save over someone else's edit is refused (409) rather than
 * silently undoing it.
 */
export function FieldEditor({
  task,
  onReload,
  onSaved,
}: {
  task: TaskDetail;
  onReload: () => void;
  onSaved: () => void;
}) {
  const [drafts, setDrafts] = useState<FieldDraft[]>(() => draftsFromOutputs(task.outputs));
  const [review, setReview] = useState<Change | null>(null);
  const save = useSaveDefinition(task.id);
  const toast = useToast();
  const list = task.list ?? false;

  const errors = useMemo(() => validateDrafts(drafts), [drafts]);
  const outputs = useMemo(() => draftsToOutputs(drafts, list), [drafts, list]);
  const original = useMemo(
    () => JSON.stringify(draftsToOutputs(draftsFromOutputs(task.outputs), list)),
    [task.outputs, list],
  );
  const dirty = JSON.stringify(outputs) !== original;
  const renames = Object.fromEntries(
    outputs.filter((o) => o.previous_name).map((o) => [o.name, o.previous_name!]),
  );
  const body = { outputs, base_version: task.max_version };

  const edit = (next: FieldDraft[]) => {
    setDrafts(next);
    // A reviewed summary only holds for the fields it was made from.
    setReview(null);
    save.reset();
  };
  const patch = (key: string, p: Partial<FieldDraft>) =>
    edit(drafts.map((d) => (d.key === key ? { ...d, ...p } : d)));

  const startReview = () => save.mutate({ ...body, dry_run: true }, { onSuccess: (data) => setReview(data) });
  const confirm = () =>
    save.mutate(body, {
      onSuccess: (data) => {
        toast({
          tone: 'success',
          title: `Version ${data.version} saved`,
          description: data.changes.join('; ') || data.message,
        });
        setReview(null);
        onSaved();
      },
    });

  const stale = save.error instanceof ApiError && save.error.status === 409;
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-700 dark:text-slate-300">
        The fields of live version v{task.live_version}
        {list
          ? ' — a list task: “per row” fields are columns of each row, “once per page” fields are asked once.'
          : '.'}{' '}
        Each save creates a new version.
      </p>
      <div className="space-y-3">
        {drafts.map((d, i) => (
          <FieldRow
            key={d.key}
            draft={d}
            index={i}
            count={drafts.length}
            list={list}
            errors={errors.get(d.key)}
            onChange={(p) => patch(d.key, p)}
            onMove={(step) => edit(moveDraft(drafts, i, step))}
            onRemove={() => edit(drafts.filter((x) => x.key !== d.key))}
          />
        ))}
      </div>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="secondary"
          onClick={() => edit([...drafts, emptyDraft()])}
          disabled={drafts.length >= 100}
        >
          <Plus aria-hidden className="size-4" /> Add field
        </Button>
        <Button
          variant="ghost"
          onClick={() => edit(draftsFromOutputs(task.outputs))}
          disabled={!dirty || save.isPending}
        >
          <RotateCcw aria-hidden className="size-4" /> Discard changes
        </Button>
        <Button
          className="ml-auto"
          onClick={startReview}
          isLoading={save.isPending && !review}
          disabled={!dirty || errors.size > 0 || review !== null}
        >
          <ClipboardList aria-hidden className="size-4" /> Review changes
        </Button>
      </div>
      {errors.size > 0 && (
        <p className="text-sm text-red-700 dark:text-red-300" role="status">
          Fix the {errors.size === 1 ? 'field' : `${errors.size} fields`} marked above before saving.
        </p>
      )}
      {stale ? (
        <div
          role="alert"
          className="flex flex-wrap items-center gap-3 rounded-md border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-100"
        >
          <span className="flex-1">
            This task changed since you opened it — reload to edit the newest version.
          </span>
          <Button size="sm" variant="secondary" onClick={onReload}>
            <RotateCcw aria-hidden className="size-4" /> Reload
          </Button>
        </div>
      ) : (
        save.error && <ErrorPanel title="The fields were not saved" error={save.error} />
      )}
      {review && (
        <section
          aria-labelledby="field-review"
          className="space-y-3 rounded-md border border-slate-200 p-4 dark:border-slate-800"
        >
          <h3 id="field-review" className="text-sm font-semibold">
            Save as version {review.version}?
          </h3>
          <DefinitionChange
            before={definitionOfDetail(task)}
            after={review.definition}
            changes={review.changes}
            renames={renames}
            label="Field changes"
          />
          <div className="flex gap-2">
            <Button onClick={confirm} isLoading={save.isPending}>
              <Check aria-hidden className="size-4" /> Confirm
            </Button>
            <Button variant="secondary" onClick={() => setReview(null)} disabled={save.isPending}>
              <X aria-hidden className="size-4" /> Keep editing
            </Button>
          </div>
        </section>
      )}
      <ApiSnippet
        request={{
          method: 'PUT',
          path: `/v0.1/tasks/${task.id}/definition`,
          json: { ...body, dry_run: true },
        }}
      />
    </div>
  );
}
