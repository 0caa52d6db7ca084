'use client';
import { useMemo, useState } from 'react';
import type { TaskVersion } from '@/lib/contract/extensions';
import { diffDefinitions } from '@/lib/dashboard/definition-diff';
import { Label, Select } from '@/components/ui/field';
import { DiffTable } from './diff-table';

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
      <DiffTable
        rows={rows}
        label={`Differences between v${left} and v${right}`}
        before={`v${left}`}
        after={`v${right}`}
      />
    </div>
  );
}
