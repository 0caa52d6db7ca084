'use client';
import { Check, Eye, Wand2, X } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import type { TaskDetail } from '@/lib/contract/tasks';
import { errorMessage } from '@/lib/dashboard/api-error';
import { definitionOfDetail } from '@/lib/dashboard/field-draft';
import { useEditTask } from '@/lib/dashboard/hooks/use-tasks';
import { usePreviewEdit } from '@/lib/dashboard/hooks/use-task-shaping';
import { ApiSnippet } from '@/components/api/api-snippet';
import { Button } from '@/components/ui/button';
import { ErrorPanel } from '@/components/ui/error-panel';
import { Label, Textarea } from '@/components/ui/field';
import { useToast } from '@/components/ui/toast';
import { ExampleChips } from '@/components/ui/example-chips';
import { DefinitionChange } from './definition-change';

const EXAMPLES = ['also extract the founded year', 'add the LinkedIn profile URL', 'remove the phone number'];

/**
 * Edit by instruction in two steps: the planner's change is previewed first (PATCH with dry_run,
 * nothing stored) and shown as a diff; Apply sends the same instruction for real, which creates a
 * new version and makes it live. A refused instruction shows the planner's message and changes nothing.
 */
export function EditTaskForm({
  task,
  canPreview,
  onEdited,
}: {
  task: TaskDetail;
  /** An upstream without the preview (no task_edit_preview) applies the instruction directly. */
  canPreview: boolean;
  onEdited: () => void;
}) {
  const [instruction, setInstruction] = useState('');
  const preview = usePreviewEdit(task.id);
  const edit = useEditTask(task.id);
  const toast = useToast();
  const planned = preview.data;

  const change = (text: string) => {
    setInstruction(text);
    // A preview belongs to the words it was made from.
    if (preview.data || preview.error) preview.reset();
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    edit.reset();
    if (canPreview) preview.mutate(instruction.trim());
    else apply();
  };
  const apply = () =>
    edit.mutate(instruction.trim(), {
      onSuccess: ({ data }) => {
        toast({ tone: 'success', title: `Version ${data.version} created`, description: data.message });
        setInstruction('');
        preview.reset();
        onEdited();
      },
      onError: (err) =>
        toast({ tone: 'error', title: 'Could not apply the instruction', description: errorMessage(err) }),
    });

  return (
    <div className="space-y-4">
      <form onSubmit={submit} className="space-y-3">
        <Label
          htmlFor="instruction"
          hint={
            canPreview
              ? 'you see the planned change before anything is stored'
              : 'a new version is created and made live'
          }
        >
          Instruction
        </Label>
        <Textarea
          id="instruction"
          rows={3}
          maxLength={10_000}
          placeholder="e.g. also extract the founded year"
          value={instruction}
          onChange={(e) => change(e.target.value)}
          required
        />
        <ExampleChips examples={EXAMPLES} onPick={change} />
        <Button
          type="submit"
          variant={planned ? 'secondary' : 'primary'}
          isLoading={preview.isPending || (!canPreview && edit.isPending)}
          disabled={!instruction.trim() || edit.isPending}
        >
          {canPreview ? (
            <>
              <Eye aria-hidden className="size-4" /> Preview change
            </>
          ) : (
            <>
              <Wand2 aria-hidden className="size-4" /> Apply instruction
            </>
          )}
        </Button>
      </form>
      {preview.error && <ErrorPanel title="The instruction was not applied" error={preview.error} />}
      {planned && (
        <section
          aria-labelledby="planned-change"
          className="space-y-3 rounded-md border border-slate-200 p-4 dark:border-slate-800"
        >
          <h3 id="planned-change" className="flex items-center gap-2 text-sm font-semibold">
            <Wand2 aria-hidden className="size-4" /> Planned change: version {planned.version}
          </h3>
          {/* The message repeats the summary; shown only when there is no summary to list. */}
          {planned.changes.length === 0 && planned.message && (
            <p className="text-sm text-slate-700 dark:text-slate-300">{planned.message}</p>
          )}
          <DefinitionChange
            before={definitionOfDetail(task)}
            after={planned.definition}
            changes={planned.changes}
            label="Planned change"
          />
          <div className="flex gap-2">
            <Button onClick={apply} isLoading={edit.isPending}>
              <Check aria-hidden className="size-4" /> Apply
            </Button>
            <Button variant="secondary" onClick={() => preview.reset()} disabled={edit.isPending}>
              <X aria-hidden className="size-4" /> Cancel
            </Button>
          </div>
        </section>
      )}
      {edit.error && <ErrorPanel error={edit.error} />}
      <ApiSnippet
        request={{
          method: 'PATCH',
          path: `/v0.1/tasks/${task.id}`,
          json: {
            instruction: instruction || 'also extract the founded year',
            ...(canPreview && { dry_run: true }),
          },
        }}
      />
    </div>
  );
}
