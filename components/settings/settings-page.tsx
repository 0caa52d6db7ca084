'use client';
import { PageHeader } from '@/components/layout/page-header';
import { ApiKeysCard } from './api-keys-card';
import { AuditLogCard } from './audit-log-card';
import { ProviderCard } from './provider-card';
import { UpstreamCard } from './upstream-card';
import { WebhookSecretCard } from './webhook-secret-card';

export function SettingsPage() {
  return (
    <>
      <PageHeader
        title="Settings"
        description="Where the dashboard sends its requests, the built-in engine's keys, model and webhook signing."
      />
      <div className="space-y-6">
        <UpstreamCard />
        <ApiKeysCard />
        <div className="grid gap-6 lg:grid-cols-2">
          <ProviderCard />
          <WebhookSecretCard />
        </div>
        <AuditLogCard />
      </div>
    </>
  );
}
