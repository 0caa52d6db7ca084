import { AlertTriangle } from 'lucide-react';
import { ApiError } from '@/lib/dashboard/api-error';
import { Button } from './button';

/** Shows the envelope's message (and details) of a failed call, with a retry when one makes sense. */
export function ErrorPanel({
  error,
  onRetry,
  title,
}: {
  error: unknown;
  onRetry?: () => void;
  title?: string;
}) {
  const api = error instanceof ApiError ? error : null;
  const message = api?.message ?? (error instanceof Error ? error.message : 'Something went wrong');
  return (
    <div
      role="alert"
      className="flex items-start gap-3 rounded-md border border-red-200 bg-red-50 p-4 text-sm text-red-900 dark:border-red-900 dark:bg-red-950/50 dark:text-red-100"
    >
      <AlertTriangle aria-hidden className="mt-0.5 size-4 shrink-0" />
      <div className="min-w-0 flex-1">
        <p className="font-semibold">{title ?? message}</p>
        {title && <p>{message}</p>}
        {api?.details && api.details !== message && <p className="mt-0.5 break-words">{api.details}</p>}
        {api?.requestId && <p className="mt-1 font-mono text-xs opacity-80">request {api.requestId}</p>}
      </div>
      {onRetry && (
        <Button size="sm" variant="secondary" onClick={onRetry}>
          Retry
        </Button>
      )}
    </div>
  );
}
