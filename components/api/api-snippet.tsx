'use client';
import { Code2 } from 'lucide-react';
import { useState } from 'react';
import { useConnection } from '@/lib/dashboard/hooks/use-connection';
import { curlSnippet, fetchSnippet, type SnippetRequest } from '@/lib/dashboard/snippets';
import { cn } from '@/lib/dashboard/cn';
import { CodeBlock } from '@/components/ui/code-block';

/** "Show API call": the same action as curl and as TypeScript fetch against the upstream, key as a placeholder. */
export function ApiSnippet({ request, className }: { request: SnippetRequest; className?: string }) {
  const { data } = useConnection();
  const [lang, setLang] = useState<'curl' | 'fetch'>('curl');
  const base = data?.url ?? 'http://127.0.0.1:3000';
  const code = lang === 'curl' ? curlSnippet(base, request) : fetchSnippet(base, request);
  return (
    <details className={cn('group rounded-md border border-slate-200 dark:border-slate-800', className)}>
      <summary className="flex cursor-pointer items-center gap-1.5 px-3 py-2 text-sm text-slate-700 select-none dark:text-slate-300">
        <Code2 aria-hidden className="size-4" />
        API call:{' '}
        <span className="font-mono text-xs">
          {request.method} {request.path}
        </span>
      </summary>
      <div className="border-t border-slate-200 p-3 dark:border-slate-800">
        <div className="mb-2 flex gap-1" role="group" aria-label="Snippet language">
          {(['curl', 'fetch'] as const).map((l) => (
            <button
              key={l}
              type="button"
              aria-pressed={lang === l}
              onClick={() => setLang(l)}
              className={cn(
                'rounded px-2 py-1 text-xs font-medium',
                lang === l
                  ? 'bg-slate-800 text-white dark:bg-slate-200 dark:text-slate-900'
                  : 'text-slate-700 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800',
              )}
            >
              {l === 'curl' ? 'curl' : 'TypeScript'}
            </button>
          ))}
        </div>
        <CodeBlock code={code} label={`${lang === 'curl' ? 'curl' : 'TypeScript'} snippet`} />
      </div>
    </details>
  );
}
