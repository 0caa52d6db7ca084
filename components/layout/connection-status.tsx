'use client';
import Link from 'next/link';
import { useConnection } from '@/lib/dashboard/hooks/use-connection';
import { cn } from '@/lib/dashboard/cn';

/** Which upstream is connected and whether it accepts the stored key (POST /api-test, every minute). */
export function ConnectionStatus() {
  const { data, isPending, isError } = useConnection();
  const state = isPending ? 'checking' : isError || !data?.ok ? 'down' : 'up';
  const label = data ? (data.source === 'built-in' ? 'Built-in engine' : hostOf(data.url)) : 'Upstream';
  return (
    <Link
      href="/settings"
      title={data?.message}
      className="flex min-w-0 items-center gap-2 rounded-md px-2 py-1 text-sm text-slate-700 hover:bg-slate-200/60 dark:text-slate-300 dark:hover:bg-slate-800"
    >
      <span
        aria-hidden
        className={cn(
          'size-2 shrink-0 rounded-full',
          state === 'up' ? 'bg-emerald-500' : state === 'down' ? 'bg-red-500' : 'bg-slate-400',
        )}
      />
      <span className="truncate">{label}</span>
      <span className="text-slate-600 dark:text-slate-400" data-testid="connection-state">
        {state === 'up' ? 'connected' : state === 'down' ? 'not connected' : 'checking…'}
      </span>
    </Link>
  );
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}
