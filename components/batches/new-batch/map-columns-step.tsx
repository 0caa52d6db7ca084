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
  // "— none —" is an explicit choice (null), not "back to automatic": otherwise an auto-matched
  // column could never be unselected.
  const setInput = (name: string, header: string) =>
    onMapping({ ...mapping, columns: { ...mapping.columns, [name]: header || null } });
  const setUuid = (header: string) => onMapping({ ...mapping, uuidColumn: header || null });
  const current = (col: number | null) => (col === null ? '' : (columns[col] ?? ''));
  const chosen = (explicit: string | null | undefined, auto: number | null) =>
    explicit === undefined ? current(auto) : (explicit ?? '');
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
              value={chosen(mapping.columns?.[input.name], match.inputColumns[i] ?? null)}
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
            value={chosen(mapping.uuidColumn, match.uuidColumn)}
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
