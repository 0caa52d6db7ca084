import {
  Bot,
  Braces,
  Calculator,
  ExternalLink,
  ScanText,
  Table,
  Tag,
  Tags,
  TextQuote,
  type LucideIcon,
} from 'lucide-react';
import type { Source, SourceMethod } from '@/lib/contract/task-definition';
import { describeMethod, shortUrl, splitLookedAt } from '@/lib/dashboard/answer-format';

// Where an answer came from: how it was found, where in the structured data, the quote it rests on
// and the page. For a field not found, what was looked at, behind a disclosure.

const ICONS: Record<Exclude<SourceMethod, 'not_found'>, LucideIcon> = {
  structured_data: Braces,
  metadata: Tags,
  label: Tag,
  table: Table,
  pattern: ScanText,
  passage: TextQuote,
  computed: Calculator,
  model: Bot,
};

const MUTED = 'text-slate-600 dark:text-slate-400';

export function AnswerSource({ source, isNotFound }: { source: Source | undefined; isNotFound: boolean }) {
  if (isNotFound) return <LookedAt lines={source?.looked_at} />;
  if (!source) return <span className={`text-xs ${MUTED}`}>No source recorded</span>;
  const method = describeMethod(source);
  const Icon = source.method && source.method !== 'not_found' ? ICONS[source.method] : null;
  return (
    <div className="space-y-1 text-xs" data-testid="answer-source">
      {(method || source.path) && (
        <p className="flex flex-wrap items-center gap-x-2 gap-y-0.5">
          {method && (
            <span className="inline-flex items-center gap-1 font-medium text-slate-800 dark:text-slate-200">
              {Icon && <Icon aria-hidden className="size-3.5 shrink-0" />}
              <span className="sr-only">Found by </span>
              {method}
            </span>
          )}
          {source.path && (
            <code className={`rounded bg-slate-100 px-1 py-px break-all dark:bg-slate-800 ${MUTED}`}>
              <span className="sr-only">at </span>
              {source.path}
            </code>
          )}
        </p>
      )}
      {source.snippet && (
        <blockquote
          title={source.snippet}
          className={`line-clamp-3 border-l-2 border-slate-300 pl-2 break-words dark:border-slate-700 ${MUTED}`}
        >
          “{source.snippet}”
        </blockquote>
      )}
      <PageLink url={source.url} />
    </div>
  );
}

function PageLink({ url }: { url: string }) {
  return (
    <a
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      title={url}
      className="inline-flex items-center gap-1 break-all text-brand-700 hover:underline dark:text-brand-100"
    >
      {shortUrl(url)}
      <ExternalLink aria-hidden className="size-3 shrink-0" />
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}

/** What the engine read before giving up on a field; results from before it said so have nothing. */
export function LookedAt({ lines }: { lines: string[] | undefined }) {
  if (!lines || lines.length === 0) {
    return <span className={`text-xs ${MUTED}`}>No record of what was looked at</span>;
  }
  return (
    <details className="group text-xs" data-testid="looked-at">
      <summary className="cursor-pointer font-medium text-slate-700 select-none hover:underline dark:text-slate-300">
        What was looked at ({lines.length})
      </summary>
      <ul className={`mt-1 space-y-0.5 border-l-2 border-slate-200 pl-2 dark:border-slate-700 ${MUTED}`}>
        {lines.map((line, i) => {
          const { url, text } = splitLookedAt(line);
          return (
            <li key={i} className="break-words">
              {url ? (
                <>
                  <a
                    href={url}
                    target="_blank"
                    rel="noopener noreferrer"
                    title={url}
                    className="break-all text-brand-700 underline decoration-dotted underline-offset-2 dark:text-brand-100"
                  >
                    {shortUrl(url)}
                  </a>
                  : {text}
                </>
              ) : (
                line
              )}
            </li>
          );
        })}
      </ul>
    </details>
  );
}
