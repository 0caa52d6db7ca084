'use client';
import { ArrowDown, ArrowUp, Trash2 } from 'lucide-react';
import type { OutputScope } from '@/lib/contract/task-definition';
import type { FieldDraft, FieldErrors } from '@/lib/dashboard/field-draft';
import { cn } from '@/lib/dashboard/cn';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input, Label, Select } from '@/components/ui/field';
import { TypeSelect } from './type-select';

function InlineError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} className="mt-1 text-xs text-red-700 dark:text-red-300">
      {message}
    </p>
  );
}

/** One output of the task as editable controls, with move and remove buttons named for the field. */
export function FieldRow({
  draft,
  index,
  count,
  list,
  errors,
  onChange,
  onMove,
  onRemove,
}: {
  draft: FieldDraft;
  index: number;
  count: number;
  list: boolean;
  errors?: FieldErrors;
  onChange: (patch: Partial<FieldDraft>) => void;
  onMove: (step: -1 | 1) => void;
  onRemove: () => void;
}) {
  const id = draft.key;
  const called = draft.name || `field ${index + 1}`;
  const renamed = draft.previousName && draft.previousName !== draft.name;
  return (
    <fieldset
      data-testid={`field-${index + 1}`}
      className="rounded-md border border-slate-200 p-3 dark:border-slate-800"
    >
      <legend className="px-1 text-xs font-medium text-slate-600 dark:text-slate-400">
        Field {index + 1}
        {!draft.previousName && (
          <>
            {' '}
            <Badge tone="success">new</Badge>
          </>
        )}
        {renamed && (
          <>
            {' '}
            <Badge tone="warning">renamed from {draft.previousName}</Badge>
          </>
        )}
      </legend>
      <div className="grid gap-3 md:grid-cols-[minmax(0,1fr)_minmax(0,1.2fr)_auto]">
        <div>
          <Label htmlFor={`${id}-name`}>Name</Label>
          <Input
            id={`${id}-name`}
            value={draft.name}
            maxLength={80}
            spellCheck={false}
            autoComplete="off"
            className={cn('font-mono', errors?.name && 'border-red-600 dark:border-red-500')}
            aria-invalid={errors?.name ? true : undefined}
            aria-describedby={errors?.name ? `${id}-name-error` : undefined}
            onChange={(e) => onChange({ name: e.target.value })}
          />
          <InlineError id={`${id}-name-error`} message={errors?.name} />
        </div>
        <TypeSelect id={id} type={draft.type} items={draft.items} onChange={(t) => onChange(t)} />
        <div className="flex items-end gap-1">
          <Button
            size="sm"
            variant="ghost"
            aria-label={`Move ${called} up`}
            title="Move up"
            disabled={index === 0}
            onClick={() => onMove(-1)}
          >
            <ArrowUp aria-hidden className="size-4" />
          </Button>
          <Button
            size="sm"
            variant="ghost"
            aria-label={`Move ${called} down`}
            title="Move down"
            disabled={index === count - 1}
            onClick={() => onMove(1)}
          >
            <ArrowDown aria-hidden className="size-4" />
          </Button>
          <Button
            size="sm"
            variant="ghost"
            aria-label={`Remove ${called}`}
            title="Remove"
            disabled={count === 1}
            onClick={onRemove}
          >
            <Trash2 aria-hidden className="size-4" />
          </Button>
        </div>
      </div>
      <div
        className={cn(
          'mt-3 grid gap-3',
          list ? 'md:grid-cols-[2fr_1.2fr_10rem]' : 'md:grid-cols-[2fr_1.2fr]',
        )}
      >
        <div>
          <Label htmlFor={`${id}-query`}>Question</Label>
          <Input
            id={`${id}-query`}
            value={draft.query}
            maxLength={2000}
            placeholder="What to ask the website, e.g. the year the company was founded"
            className={cn(errors?.query && 'border-red-600 dark:border-red-500')}
            aria-invalid={errors?.query ? true : undefined}
            aria-describedby={errors?.query ? `${id}-query-error` : undefined}
            onChange={(e) => onChange({ query: e.target.value })}
          />
          <InlineError id={`${id}-query-error`} message={errors?.query} />
        </div>
        <div>
          <Label htmlFor={`${id}-format`} hint="optional">
            Formatting
          </Label>
          <Input
            id={`${id}-format`}
            value={draft.format}
            maxLength={500}
            placeholder="e.g. international format"
            onChange={(e) => onChange({ format: e.target.value })}
          />
        </div>
        {list && (
          <div>
            <Label htmlFor={`${id}-scope`}>Answered</Label>
            <Select
              id={`${id}-scope`}
              value={draft.scope}
              onChange={(e) => onChange({ scope: e.target.value as OutputScope })}
            >
              <option value="row">per row</option>
              <option value="task">once per page</option>
            </Select>
          </div>
        )}
      </div>
    </fieldset>
  );
}
