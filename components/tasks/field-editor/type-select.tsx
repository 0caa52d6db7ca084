'use client';
import type { ListItemType, OutputType } from '@/lib/contract/task-definition';
import { ITEM_LABELS, TYPE_LABELS } from '@/lib/dashboard/field-draft';
import { Label, Select } from '@/components/ui/field';

/** The output type in words, and for "List of …" the type of each element beside it. */
export function TypeSelect({
  id,
  type,
  items,
  onChange,
}: {
  id: string;
  type: OutputType;
  items: ListItemType;
  onChange: (next: { type: OutputType; items: ListItemType }) => void;
}) {
  return (
    <div className="flex gap-2">
      <div className="min-w-0 flex-1">
        <Label htmlFor={`${id}-type`}>Type</Label>
        <Select
          id={`${id}-type`}
          value={type}
          onChange={(e) => onChange({ type: e.target.value as OutputType, items })}
        >
          {(Object.keys(TYPE_LABELS) as OutputType[]).map((t) => (
            <option key={t} value={t}>
              {TYPE_LABELS[t]}
            </option>
          ))}
        </Select>
      </div>
      {type === 'list' && (
        <div className="min-w-0 flex-1">
          <Label htmlFor={`${id}-items`}>Each item</Label>
          <Select
            id={`${id}-items`}
            value={items}
            onChange={(e) => onChange({ type, items: e.target.value as ListItemType })}
          >
            {(Object.keys(ITEM_LABELS) as ListItemType[]).map((t) => (
              <option key={t} value={t}>
                {ITEM_LABELS[t]}
              </option>
            ))}
          </Select>
        </div>
      )}
    </div>
  );
}
