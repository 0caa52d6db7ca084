import type { TaskDefinition } from '@/lib/contract/task-definition';
import { describeShape, diffDefinitions } from '@/lib/dashboard/definition-diff';
import { Badge } from '@/components/ui/badge';
import { DiffTable } from './diff-table';

/**
 * A planned or requested change before it is stored: the service's summary, the shape after it, and
 * the fields that change (added, removed, changed, renamed) beside what they were. Unchanged fields
 * are counted, not listed, so the change stands out.
 */
export function DefinitionChange({
  before,
  after,
  changes,
  renames,
  label,
}: {
  before: TaskDefinition;
  after: TaskDefinition;
  changes: string[];
  renames?: Record<string, string>;
  label: string;
}) {
  const rows = diffDefinitions(before, after, renames);
  const changed = rows.filter((r) => r.kind !== 'same' && r.name !== 'shape');
  const kept = rows.filter((r) => r.section === 'outputs' && r.kind === 'same').length;
  const shapeChanged = before.list !== after.list;
  return (
    <div className="space-y-3">
      {changes.length > 0 && (
        <ul
          className="list-disc space-y-0.5 pl-5 text-sm text-slate-800 dark:text-slate-200"
          aria-label="Summary"
        >
          {changes.map((c) => (
            <li key={c}>{c}</li>
          ))}
        </ul>
      )}
      <p className="text-sm text-slate-700 dark:text-slate-300">
        Shape: <span className="font-medium">{describeShape(after)}</span>
        {shapeChanged && (
          <>
            {' '}
            <Badge tone="warning">changed</Badge>{' '}
            <span className="text-slate-600 dark:text-slate-400">(was {describeShape(before)})</span>
          </>
        )}
      </p>
      {changed.length > 0 && (
        <DiffTable rows={changed} label={label} before="Before" after="After" outputsPrefix={false} />
      )}
      <p className="text-xs text-slate-600 dark:text-slate-400">
        {kept === 0
          ? 'No other field is kept as it was.'
          : `${kept} other field${kept === 1 ? '' : 's'} kept as ${kept === 1 ? 'it was' : 'they were'}.`}
      </p>
    </div>
  );
}
