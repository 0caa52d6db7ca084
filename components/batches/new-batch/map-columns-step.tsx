'use client';
import type { TaskInput } from '@/lib/contract/task-definition';
import type { ColumnMatch } from '@/lib/ingest/column-matching';
import type { ColumnOptions } from '@/lib/ingest/types';
import { Badge } from '@/components/ui/badge';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { Label, Select } from '@/components/ui/field';

/** Each task input's column, auto-matched by name (lib/ingest/column-matching) and editable. */
export function MapColumnsStep({
  columns,
  inputs,
  match,
  mapping,
  onMapping,
}: {
  columns: string[];
  inputs: TaskInput[];
  match: ColumnMatch;
  mapping: ColumnOptions;
  onMapping: (m: ColumnOptions) => void;
}) {
  const setInput = (name: string, header: string) => {
    const next = { ...(mapping.columns ?? {}) };
    if (header) next[name] = header;
    else delete next[name];
    onMapping({ ...mapping, columns: next });
  };
  const setUuid = (header: string) => onMapping({ ...mapping, uuidColumn: header || undefined });
  const current = (col: number | null) => (col === null ? '' : (columns[col] ?? ''));
  return (
    <Card aria-labelledby="step-map">
      <CardHeader
        id="step-map"
        title="3. Columns"
        description={`${columns.length} columns found. Choose which one holds each input.`}
        actions={
          match.missing.length ? (
            <Badge tone="danger">{match.missing.length} input without a column</Badge>
          ) : (
            <Badge tone="success">all inputs mapped</Badge>
          )
        }
      />
      <CardBody className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {inputs.map((input, i) => (
          <div key={input.name}>
            <Label htmlFor={`map-${input.name}`} hint={input.type}>
              {`Column for ${input.name}`}
            </Label>
            <Select
              id={`map-${input.name}`}
              value={mapping.columns?.[input.name] ?? current(match.inputColumns[i] ?? null)}
              onChange={(e) => setInput(input.name, e.target.value)}
            >
              <option value="">— none —</option>
              {columns.map((c, j) => (
                <option key={`${c}-${j}`} value={c}>
                  {c || `(column ${j + 1})`}
                </option>
              ))}
            </Select>
          </div>
        ))}
        <div>
          <Label htmlFor="map-uuid" hint="optional">
            Column for data_uuid
          </Label>
          <Select
            id="map-uuid"
            value={mapping.uuidColumn ?? current(match.uuidColumn)}
            onChange={(e) => setUuid(e.target.value)}
          >
            <option value="">— none: row-0, row-1, … —</option>
            {columns.map((c, j) => (
              <option key={`${c}-${j}`} value={c}>
                {c || `(column ${j + 1})`}
              </option>
            ))}
          </Select>
        </div>
      </CardBody>
    </Card>
  );
}
