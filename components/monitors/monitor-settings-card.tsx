'use client';
import { useState } from 'react';
import type { Monitor, UpdateMonitorRequest } from '@/lib/contract/monitors';
import type { TaskDetail } from '@/lib/contract/tasks';
import { errorMessage } from '@/lib/dashboard/api-error';
import { useUpdateMonitor } from '@/lib/dashboard/hooks/use-monitors';
import { draftOf, readDraft, versionChoices, type MonitorDraft } from '@/lib/dashboard/monitor-settings';
import { Button } from '@/components/ui/button';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { useToast } from '@/components/ui/toast';
import { MonitorSettingsForm } from './monitor-settings-form';

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The monitor's settings, saved with PATCH. Only what was changed is sent: a schedule sent again would
 * move the next run to the first slot after now.
 */
export function MonitorSettingsCard({ monitor, task }: { monitor: Monitor; task: TaskDetail | undefined }) {
  const [draft, setDraft] = useState<MonitorDraft>(() => draftOf(monitor));
  const [problem, setProblem] = useState<string | null>(null);
  const update = useUpdateMonitor(monitor.monitor_id);
  const toast = useToast();
  const read = readDraft(draft);
  const body: UpdateMonitorRequest = {};
  if (draft.name.trim() && draft.name.trim() !== monitor.name) body.name = draft.name.trim();
  const version = draft.version === 'live' ? null : draft.version;
  if (version !== monitor.task_version) body.task_version = version;
  if (draft.webhookUrl.trim() !== monitor.webhook_url) body.webhook_url = draft.webhookUrl.trim();
  if (read.ok && !same(read.schedule, monitor.schedule)) body.schedule = read.schedule;
  if (read.ok && !same(read.rule, monitor.rule)) body.rule = read.rule;
  const dirty = Object.keys(body).length > 0 || !read.ok;
  const versions = versionChoices(task);
  const save = () => {
    if (!read.ok) return setProblem(read.error);
    setProblem(null);
    update.mutate(body, {
      onSuccess: (m) => {
        setDraft(draftOf(m));
        toast({ tone: 'success', title: 'Monitor saved' });
      },
      onError: (err) => setProblem(errorMessage(err)),
    });
  };
  return (
    <Card aria-labelledby="monitor-settings-title">
      <CardHeader
        id="monitor-settings-title"
        title="Settings"
        description="A new schedule starts from now; a version must take the sheet's inputs."
      />
      <CardBody>
        <MonitorSettingsForm
          id="settings"
          draft={draft}
          onChange={setDraft}
          outputs={(task?.outputs ?? []).map((o) => o.name)}
          versions={versions}
          problem={problem}
        />
        <div className="mt-4 flex gap-2">
          <Button onClick={save} disabled={!dirty} isLoading={update.isPending}>
            Save settings
          </Button>
          <Button
            variant="ghost"
            disabled={!dirty}
            onClick={() => (setDraft(draftOf(monitor)), setProblem(null))}
          >
            Discard changes
          </Button>
        </div>
      </CardBody>
    </Card>
  );
}
