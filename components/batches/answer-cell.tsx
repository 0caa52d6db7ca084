import type { BatchRow } from '@/lib/contract/batch-extensions';
import type { Source } from '@/lib/contract/task-definition';
import {
  answerText,
  describeAnswer,
  describeMethod,
  formatConfidence,
  isNotFound,
  readSource,
} from '@/lib/dashboard/answer-format';
import { NotFoundMark } from '@/components/results/answer-value';
import { ConfidenceBadge } from '@/components/results/confidence-badge';

// A batch row's answer kept to one line: the value as text and a small confidence marker, or a
// visible "Not found"; the rest is in the tooltip and in the row's details.

export interface RowAnswer {
  value: unknown;
  source: Source | undefined;
  isNotFound: boolean;
}

/** One field of a row's result; null unless the row succeeded (a failed row has its error instead). */
export function rowAnswer(row: BatchRow, field: string): RowAnswer | null {
  const hasResult = row.list ? Array.isArray(row.list_data_json) : row.data_json !== null;
  if (row.status !== 'succeeded' || !hasResult) return null;
  // In a list task a field asked once for the page (scope 'task') is in data_json, not in the rows.
  const items = row.list ? row.list_data_json! : [];
  const value = items.some((item) => field in item)
    ? items.map((item) => item[field])
    : row.data_json?.[field];
  const source = readSource(row.data_sources?.[field]);
  return { value, source, isNotFound: isNotFound(value, source) };
}

export function AnswerCell({ row, field }: { row: BatchRow; field: string }) {
  const a = rowAnswer(row, field);
  const text = a && !a.isNotFound ? answerText(describeAnswer(a.value)) : '';
  return (
    <div
      role="cell"
      title={a ? tooltip(a, text) : undefined}
      className="flex min-w-0 items-center gap-1.5 overflow-hidden px-3"
    >
      {a?.isNotFound ? (
        <NotFoundMark className="text-xs" />
      ) : a ? (
        <>
          <span className="min-w-0 truncate">{text}</span>
          {a.source && <ConfidenceBadge confidence={a.source.confidence} compact />}
        </>
      ) : null}
    </div>
  );
}

function tooltip(a: RowAnswer, text: string): string {
  const s = a.source;
  if (a.isNotFound) {
    return [
      'Not found',
      ...(s?.looked_at?.length ? ['Looked at:', ...s.looked_at.map((l) => `• ${l}`)] : []),
    ].join('\n');
  }
  if (!s) return text;
  const how = describeMethod(s);
  return [
    text,
    `Confidence ${formatConfidence(s.confidence)}${how ? ` · ${how}` : ''}${s.path ? ` (${s.path})` : ''}`,
    ...(s.snippet ? [`“${s.snippet}”`] : []),
    s.url,
  ].join('\n');
}
