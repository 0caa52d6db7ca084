'use client';
import { Eye, EyeOff, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { errorMessage } from '@/lib/dashboard/api-error';
import {
  revealWebhookSecret,
  useRotateWebhookSecret,
  useWebhookSecret,
} from '@/lib/dashboard/hooks/use-settings';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { CodeBlock } from '@/components/ui/code-block';
import { ErrorPanel } from '@/components/ui/error-panel';
import { Skeleton } from '@/components/ui/skeleton';
import { useToast } from '@/components/ui/toast';

export function WebhookSecretCard() {
  const { data, isPending, error } = useWebhookSecret();
  const rotate = useRotateWebhookSecret();
  const toast = useToast();
  const [revealed, setRevealed] = useState<string | null>(null);

  const toggleReveal = async () => {
    if (revealed) return setRevealed(null);
    try {
      setRevealed(await revealWebhookSecret());
    } catch (err) {
      toast({ tone: 'error', title: 'Could not reveal the secret', description: errorMessage(err) });
    }
  };

  return (
    <Card aria-labelledby="webhook-title">
      <CardHeader
        id="webhook-title"
        title="Webhook signing secret"
        description="Receivers verify deliveries with it (Standard Webhooks)."
      />
      <CardBody className="space-y-3">
        {isPending ? (
          <Skeleton className="h-12 w-full" />
        ) : error ? (
          <ErrorPanel error={error} />
        ) : (
          <>
            <CodeBlock code={revealed ?? data.masked} label="Webhook secret value" />
            <div className="flex flex-wrap items-center gap-2">
              <Button variant="secondary" size="sm" onClick={toggleReveal}>
                {revealed ? (
                  <EyeOff aria-hidden className="size-4" />
                ) : (
                  <Eye aria-hidden className="size-4" />
                )}{' '}
                {revealed ? 'Hide' : 'Reveal'}
              </Button>
              {data.source === 'environment' ? (
                <Badge>set by QUARRY_WEBHOOK_SECRET</Badge>
              ) : (
                <Button
                  variant="secondary"
                  size="sm"
                  isLoading={rotate.isPending}
                  onClick={() => {
                    if (!window.confirm('Rotate the secret? Receivers must be updated with the new one.'))
                      return;
                    rotate.mutate(undefined, {
                      onSuccess: () => {
                        setRevealed(null);
                        toast({
                          tone: 'success',
                          title: 'Webhook secret rotated',
                          description: 'Deliveries are signed with it from now on.',
                        });
                      },
                      onError: (err) =>
                        toast({ tone: 'error', title: 'Could not rotate', description: errorMessage(err) }),
                    });
                  }}
                >
                  <RefreshCw aria-hidden className="size-4" /> Rotate
                </Button>
              )}
            </div>
            {data.pending_restart && (
              <p className="text-sm text-amber-800 dark:text-amber-300">
                A rotated secret is stored; deliveries switch to it when the server restarts.
              </p>
            )}
          </>
        )}
      </CardBody>
    </Card>
  );
}
