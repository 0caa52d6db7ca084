'use client';
import { ErrorPanel } from '@/components/ui/error-panel';

// Anything a page throws while rendering lands here, inside the shell, with the envelope's message.
export default function ShellError({
  error,
  reset,
}: {
  error: Error & { digest?: string };
  reset: () => void;
}) {
  return (
    <div className="py-8">
      <ErrorPanel title="This page could not be shown" error={error} onRetry={reset} />
    </div>
  );
}
