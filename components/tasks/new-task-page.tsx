'use client';
import { ArrowRight, Sparkles } from 'lucide-react';
import Link from 'next/link';
import { useRef, useState, type FormEvent } from 'react';
import { errorMessage } from '@/lib/dashboard/api-error';
import { useCapabilities } from '@/lib/dashboard/hooks/use-connection';
import { findSameDescription, normalizeDescription } from '@/lib/dashboard/duplicate-task';
import { useCreateTask, useTask, useTaskList } from '@/lib/dashboard/hooks/use-tasks';
import type { ShapedTaskSummary } from '@/lib/dashboard/task-shaping-types';
import { PageHeader } from '@/components/layout/page-header';
import { ApiSnippet } from '@/components/api/api-snippet';
import { Button } from '@/components/ui/button';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { ErrorPanel } from '@/components/ui/error-panel';
import { Label, Textarea } from '@/components/ui/field';
import { TableSkeleton } from '@/components/ui/skeleton';
import { useToast } from '@/components/ui/toast';
import { DefinitionTable } from './definition-table';
import { DuplicateNotice } from './duplicate-notice';
import { RunPanel } from './run-panel';
import { ExampleChips } from '@/components/ui/example-chips';

const EXAMPLES = [
  'Find the company name, contact email address and phone number of a company website',
  'Find the CEO, founding year and headquarters address of a company',
  'List the team members with their role from a company website',
  'Get the pricing plans and their monthly prices from a SaaS website',
];

export function NewTaskPage() {
  const [description, setDescription] = useState('');
  const create = useCreateTask();
  const tasks = useTaskList();
  const toast = useToast();
  const createdId = create.data?.data.task_id;
  // The description the analyst chose to create again although a task has it already.
  const [confirmedDuplicate, setConfirmedDuplicate] = useState<string | null>(null);
  const [duplicate, setDuplicate] = useState<ShapedTaskSummary | null>(null);
  // isPending only disables the button after React re-renders; a double press lands before that.
  const inFlight = useRef(false);

  const createNow = () => {
    if (inFlight.current) return;
    inFlight.current = true;
    setDuplicate(null);
    create.mutate(description.trim(), {
      onSuccess: ({ data }) =>
        toast({ tone: 'success', title: `Created “${data.name}”`, description: data.message }),
      onError: (err) =>
        toast({ tone: 'error', title: 'Could not create the task', description: errorMessage(err) }),
      onSettled: () => {
        inFlight.current = false;
      },
    });
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (inFlight.current) return;
    const same = findSameDescription(tasks.data ?? [], description);
    if (same && confirmedDuplicate !== normalizeDescription(description)) {
      setDuplicate(same);
      return;
    }
    createNow();
  };

  return (
    <>
      <PageHeader
        title="New task"
        description="Describe what to find on a website; Quarry plans the inputs and the outputs."
      />
      <Card>
        <CardBody>
          <form onSubmit={submit} className="space-y-3">
            <Label htmlFor="description">What should the task find?</Label>
            <Textarea
              id="description"
              rows={4}
              maxLength={10_000}
              placeholder="e.g. Find the contact email address and phone number of a company website"
              value={description}
              onChange={(e) => {
                setDescription(e.target.value);
                setDuplicate(null);
              }}
              required
            />
            <ExampleChips
              examples={EXAMPLES}
              onPick={(text) => {
                setDescription(text);
                setDuplicate(null);
              }}
            />
            <Button
              type="submit"
              isLoading={create.isPending}
              // The guard needs the task list; wait for it (an error lets the create through).
              disabled={!description.trim() || duplicate !== null || tasks.isPending}
            >
              <Sparkles aria-hidden className="size-4" /> Create task
            </Button>
          </form>
          {duplicate && (
            <DuplicateNotice
              task={duplicate}
              onCreateAnother={() => {
                setConfirmedDuplicate(normalizeDescription(description));
                createNow();
              }}
              onDismiss={() => setDuplicate(null)}
            />
          )}
          {create.error && (
            <div className="mt-4">
              <ErrorPanel error={create.error} />
            </div>
          )}
          <ApiSnippet
            className="mt-4"
            request={{
              method: 'POST',
              path: '/v0.1/tasks/create',
              json: { description: description || 'Find the contact email of a company website' },
            }}
          />
        </CardBody>
      </Card>
      {createdId && <CreatedTask id={createdId} />}
    </>
  );
}

function CreatedTask({ id }: { id: string }) {
  const { data: task, isPending, error } = useTask(id);
  const { has } = useCapabilities();
  return (
    <div className="mt-6 grid gap-6 lg:grid-cols-2">
      <Card aria-labelledby="generated-definition">
        <CardHeader
          id="generated-definition"
          title={task ? task.name : 'Generated definition'}
          description="The generated definition: what goes in and what comes out."
          actions={
            <Link
              href={`/tasks/${encodeURIComponent(id)}`}
              className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline dark:text-brand-100"
            >
              Open task <ArrowRight aria-hidden className="size-4" />
            </Link>
          }
        />
        <CardBody>
          {isPending ? (
            <TableSkeleton rows={3} />
          ) : error ? (
            <ErrorPanel error={error} />
          ) : (
            <DefinitionTable definition={task} />
          )}
        </CardBody>
      </Card>
      <Card aria-labelledby="try-it">
        <CardHeader
          id="try-it"
          title="Try it now"
          description="Run a quick test against one website before using the task on a batch."
        />
        <CardBody>{task && <RunPanel task={task} canSaveTests={has('saved_tests')} />}</CardBody>
      </Card>
    </div>
  );
}
