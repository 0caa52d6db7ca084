import { Fragment } from 'react';
import type { Source } from '@/lib/contract/task-definition';
import { isNotFound } from '@/lib/dashboard/answer-format';
import { cn } from '@/lib/dashboard/cn';
import { Table, Td, Th } from '@/components/ui/table';
import { AnswerSource } from './answer-source';
import { AnswerValue } from './answer-value';
import { ConfidenceBadge } from './confidence-badge';

// Every field of one result: its typed value, confidence and source, a not-found with what was
// looked at. The quick test, the playground and an expanded batch row show this same table.

export function AnswersTable({
  fields,
  data,
  sources,
  label,
  className,
}: {
  /** The field names in the order to show; the data's own keys when omitted. */
  fields?: string[];
  data: Record<string, unknown>;
  sources: Record<string, Source | undefined>;
  label: string;
  className?: string;
}) {
  const names = fields ?? Object.keys(data);
  return (
    <Table
      label={label}
      className={cn('rounded-md border border-slate-200 dark:border-slate-800', className)}
    >
      <thead>
        <tr>
          <Th>Field</Th>
          <Th>Value</Th>
          <Th>Confidence</Th>
          <Th>Source</Th>
        </tr>
      </thead>
      <tbody>
        {names.map((name) => {
          const value = data[name];
          const src = sources[name];
          const missing = isNotFound(value, src);
          return (
            <tr key={name} data-testid={`answer-${name}`} data-found={!missing}>
              <Td className="max-w-56 font-mono text-xs break-words">
                <FieldName name={name} />
              </Td>
              <Td className="max-w-sm min-w-64 font-medium break-words">
                <AnswerValue value={missing ? null : value} />
              </Td>
              <Td className="whitespace-nowrap">
                {!missing && src ? (
                  <ConfidenceBadge confidence={src.confidence} />
                ) : (
                  <span className="text-slate-500">
                    <span aria-hidden>—</span>
                    <span className="sr-only">none</span>
                  </span>
                )}
              </Td>
              <Td className="max-w-md min-w-56">
                <AnswerSource source={src} isNotFound={missing} />
              </Td>
            </tr>
          );
        })}
      </tbody>
    </Table>
  );
}

/** A snake_case name that wraps at its underscores rather than mid-word. */
function FieldName({ name }: { name: string }) {
  const parts = name.split('_');
  return parts.map((p, i) => (
    <Fragment key={i}>
      {p}
      {i < parts.length - 1 && (
        <>
          _<wbr />
        </>
      )}
    </Fragment>
  ));
}
