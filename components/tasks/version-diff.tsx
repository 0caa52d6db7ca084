'use client';
import { useMemo, useState } from 'react';
import type { TaskVersion } from '@/lib/contract/extensions';
import { cn } from '@/lib/dashboard/cn';
import { diffDefinitions, type DiffKind } from '@/lib/dashboard/definition-diff';
import { Badge } from '@/components/ui/badge';
import { Label, Select } from '@/components/ui/field';
import { Table, Td, Th } from '@/components/ui/table';

export const ROW_TONE: Record<DiffKind, string> = {
  same: '',
  changed: 'bg-amber-50 dark:bg-amber-950/30',
  added: 'bg-emerald-50 dark:bg-emerald-950/30',
  removed: 'bg-red-50 dark:bg-red-950/30',
};
export const KIND_TONE = {
  same: 'neutral',
  changed: 'warning',
  added: 'success',
  removed: 'danger',
} as const;

/** Side-by-side diff of two versions' definitions, aligned field by field. */
export function VersionDiff({ versions }: { versions: TaskVersion[] }) {
  const max = versions[versions.length - 1]!.version;
  const [left, setLeft] = useState(Math.max(1, max - 1));
  const [right, setRight] = useState(max);
  const byVersion = useMemo(() => new Map(versions.map((v) => [v.version, v])), [versions]);
  const a = byVersion.get(left);
  const b = byVersion.get(right);
  const rows = a && b ? diffDefinitions(a.definition, b.definition) : [];
  const changed = rows.filter((r) => r.kind !== 'same').length;

  return (
    <div>
      <div className="mb-3 flex flex-wrap items-end gap-3">
        <h3 className="mr-auto text-sm font-semibold">
          Compare versions{' '}
          <span className="font-normal text-slate-600 dark:text-slate-400">
            ({changed} difference{changed === 1 ? '' : 's'})
          </span>
        </h3>
        {(['left', 'right'] as const).map((side) => (
          <div key={side} className="w-28">
            <Label htmlFor={`diff-${side}`}>{side === 'left' ? 'From' : 'To'}</Label>
            <Select
              id={`diff-${side}`}
              value={side === 'left' ? left : right}
              onChange={(e) => (side === 'left' ? setLeft : setRight)(Number(e.target.value))}
            >
              {versions.map((v) => (
                <option key={v.version} value={v.version}>
                  v{v.version}
                </option>
              ))}
            </Select>
          </div>
        ))}
      </div>
      <Table
        label={`Differences between v${left} and v${right}`}
        className="rounded-md border border-slate-200 dark:border-slate-800"
      >
        <thead>
          <tr>
            <Th>Field</Th>
            <Th>v{left}</Th>
            <Th>v{right}</Th>
            <Th>Change</Th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={`${r.section}-${r.name}`} className={ROW_TONE[r.kind]} data-diff={r.kind}>
              <Td className="whitespace-nowrap">
                <span className="text-xs text-slate-600 dark:text-slate-400">{r.section}.</span>
                {r.previousName && <span className="font-mono text-xs">{r.previousName} → </span>}
                <span className="font-mono text-xs">{r.name}</span>
              </Td>
              <Td className={cn('break-words', r.kind === 'removed' && 'line-through decoration-red-500')}>
                {r.left ?? '—'}
              </Td>
              <Td className="break-words">{r.right ?? '—'}</Td>
              <Td>
                <Badge tone={KIND_TONE[r.kind]}>{r.kind}</Badge>
              </Td>
            </tr>
          ))}
        </tbody>
      </Table>
    </div>
  );
}
