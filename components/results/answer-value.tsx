import { Check, ExternalLink, SearchX, X } from 'lucide-react';
import { describeAnswer, type AnswerDisplay } from '@/lib/dashboard/answer-format';
import { cn } from '@/lib/dashboard/cn';

// One answer's value drawn by its type: numbers as numbers, yes/no, readable dates with the ISO
// value kept, links that open in a new tab, lists as chips or lines.

const SHORT_ITEM = 40;

export function AnswerValue({ value }: { value: unknown }) {
  const d = describeAnswer(value);
  return d.kind === 'empty' ? <NotFoundMark /> : <Display d={d} />;
}

/** A value where an empty one is just blank (a list row's missing column), not "Not found". */
export function TypedValue({ value }: { value: unknown }) {
  const d = describeAnswer(value);
  return d.kind === 'empty' ? <span className="text-slate-500">—</span> : <Display d={d} />;
}

/** "Not found" in words and a sign, so an unanswered field never reads as an empty cell. */
export function NotFoundMark({ className }: { className?: string }) {
  return (
    <span
      data-testid="not-found"
      className={cn('inline-flex items-center gap-1 text-slate-600 italic dark:text-slate-400', className)}
    >
      <SearchX aria-hidden className="size-3.5 shrink-0" />
      Not found
    </span>
  );
}

function Display({ d }: { d: AnswerDisplay }) {
  switch (d.kind) {
    case 'empty':
      return null;
    case 'number':
    case 'money':
      return (
        <span className="tabular-nums" title={d.raw}>
          {d.text}
        </span>
      );
    case 'boolean': {
      const Icon = d.value ? Check : X;
      return (
        <span className="inline-flex items-center gap-1">
          <Icon aria-hidden className="size-3.5 shrink-0" />
          {d.text}
        </span>
      );
    }
    case 'date':
      return (
        <span className="inline-flex flex-wrap items-baseline gap-x-2">
          <time dateTime={d.iso} title={d.iso}>
            {d.text}
          </time>
          <span className="font-mono text-xs font-normal text-slate-600 dark:text-slate-400">{d.iso}</span>
        </span>
      );
    case 'url':
      return <ValueLink href={d.href} text={d.text} />;
    case 'list':
      return <ListValue items={d.items} />;
    case 'object':
      return (
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5">
          {d.entries.map(([k, v]) => (
            <div key={k} className="contents">
              <dt className="font-mono text-xs font-normal text-slate-600 dark:text-slate-400">{k}</dt>
              <dd>
                <Display d={v} />
              </dd>
            </div>
          ))}
        </dl>
      );
    default:
      return <span className="whitespace-pre-line">{d.text}</span>;
  }
}

function ListValue({ items }: { items: AnswerDisplay[] }) {
  const isChips = items.every(
    (i) => (i.kind === 'text' || i.kind === 'number') && i.text.length <= SHORT_ITEM,
  );
  if (isChips) {
    return (
      <ul aria-label={`${items.length} items`} className="flex flex-wrap gap-1">
        {items.map((item, i) => (
          <li
            key={i}
            className="rounded bg-slate-100 px-1.5 py-0.5 text-xs ring-1 ring-slate-200 ring-inset dark:bg-slate-800 dark:ring-slate-700"
          >
            <Display d={item} />
          </li>
        ))}
      </ul>
    );
  }
  return (
    <ol className="list-decimal space-y-0.5 pl-5 marker:text-slate-500">
      {items.map((item, i) => (
        <li key={i}>
          <Display d={item} />
        </li>
      ))}
    </ol>
  );
}

function ValueLink({ href, text }: { href: string; text: string }) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className="inline-flex items-center gap-1 break-all text-brand-700 hover:underline dark:text-brand-100"
    >
      {text}
      <ExternalLink aria-hidden className="size-3 shrink-0" />
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}
