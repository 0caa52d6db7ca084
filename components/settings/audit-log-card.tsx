'use client';
import { useAuditLog } from '@/lib/dashboard/hooks/use-settings';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { ErrorPanel } from '@/components/ui/error-panel';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, Td, Th } from '@/components/ui/table';

const ACTIONS: Record<string, string> = {
  'key.create': 'API key created',
  'key.revoke': 'API key revoked',
  'upstream.update': 'Upstream changed',
  'upstream.reset': 'Upstream reset',
  'webhook_secret.rotate': 'Webhook secret rotated',
  'webhook_secret.reveal': 'Webhook secret revealed',
};

export function AuditLogCard() {
  const { data, isPending, error } = useAuditLog();
  return (
    <Card aria-labelledby="audit-title">
      <CardHeader
        id="audit-title"
        title="Audit log"
        description="Key creations and revocations and settings changes, from the dashboard and npm run keys."
      />
      <CardBody>
        {isPending ? (
          <Skeleton className="h-12 w-full" />
        ) : error ? (
          <ErrorPanel error={error} />
        ) : data.length === 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-400">Nothing recorded yet.</p>
        ) : (
          <Table label="Audit log">
            <thead>
              <tr>
                <Th>When</Th>
                <Th>What</Th>
                <Th>Target</Th>
                <Th>By</Th>
              </tr>
            </thead>
            <tbody>
              {data.map((e) => (
                <tr key={e.id}>
                  <Td className="whitespace-nowrap">{new Date(e.at).toLocaleString()}</Td>
                  <Td>{ACTIONS[e.action] ?? e.action}</Td>
                  <Td className="font-mono text-xs">{e.target ?? '—'}</Td>
                  <Td>
                    {e.actor}
                    {e.ip && e.ip !== 'local' ? ` (${e.ip})` : ''}
                  </Td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
      </CardBody>
    </Card>
  );
}
