'use client';
import { Wand2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { errorMessage } from '@/lib/dashboard/api-error';
import { useEditTask } from '@/lib/dashboard/hooks/use-tasks';
import { ApiSnippet } from '@/components/api/api-snippet';
import { Button } from '@/components/ui/button';
import { ErrorPanel } from '@/components/ui/error-panel';
import { Label, Textarea } from '@/components/ui/field';
import { useToast } from '@/components/ui/toast';
import { ExampleChips } from '@/components/ui/example-chips';

const EXAMPLES = ['also extract the founded year', 'add the LinkedIn profile URL', 'remove the phone number'];

/** Edit by instruction: every edit creates a new version, which becomes the live one. */
export function EditTaskForm({ taskId, onEdited }: { taskId: string; onEdited: () => void }) {
  const [instruction, setInstruction] = useState('');
  const edit = useEditTask(taskId);
  const toast = useToast();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    edit.mutate(instruction.trim(), {
      onSuccess: ({ data }) => {
        toast({ tone: 'success', title: `Version ${data.version} created`, description: data.message });
        setInstruction('');
        onEdited();
      },
      onError: (err) =>
        toast({ tone: 'error', title: 'Could not apply the instruction', description: errorMessage(err) }),
    });
  };
  return (
    <div className="space-y-4">
      <form onSubmit={submit} className="space-y-3">
        <Label htmlFor="instruction" hint="a new version is created and made live">
          Instruction
        </Label>
        <Textarea
          id="instruction"
          rows={3}
          maxLength={10_000}
          placeholder="e.g. also extract the founded year"
          value={instruction}
          onChange={(e) => setInstruction(e.target.value)}
          required
        />
        <ExampleChips examples={EXAMPLES} onPick={setInstruction} />
        <Button type="submit" isLoading={edit.isPending} disabled={!instruction.trim()}>
          <Wand2 aria-hidden className="size-4" /> Apply instruction
        </Button>
      </form>
      {edit.error && <ErrorPanel error={edit.error} />}
      <ApiSnippet
        request={{
          method: 'PATCH',
          path: `/v0.1/tasks/${taskId}`,
          json: { instruction: instruction || 'also extract the founded year' },
        }}
      />
    </div>
  );
}
