'use client';
import { UNITS, type MonitorDraft, type Unit } from '@/lib/dashboard/monitor-settings';
import { Input, Label, Select } from '@/components/ui/field';

// The fields of a monitor (name, version, schedule, alert rule, webhook), shared by "Watch as monitor"
// on a batch page and the monitor page's settings. The parent holds the draft and sends it.

const RULES: { kind: MonitorDraft['ruleKind']; label: string }[] = [
  { kind: 'any', label: 'Any change (new, changed or removed rows)' },
  { kind: 'fields', label: 'Only changes to some fields' },
  { kind: 'number_move', label: 'A number moving by more than a percentage' },
];

export function MonitorSettingsForm({
  id,
  draft,
  onChange,
  outputs,
  versions,
  problem,
}: {
  /** Prefix of the fields' ids: two forms may share a page. */
  id: string;
  draft: MonitorDraft;
  onChange: (d: MonitorDraft) => void;
  outputs: string[];
  /** The task's versions to pin, newest first, and which is live. */
  versions: { version: number; live: boolean }[];
  /** What the last save was refused for (the draft's check, or the API's message). */
  problem: string | null;
}) {
  const set = <K extends keyof MonitorDraft>(k: K, v: MonitorDraft[K]) => onChange({ ...draft, [k]: v });
  const toggleField = (f: string) =>
    set(
      'ruleFields',
      draft.ruleFields.includes(f) ? draft.ruleFields.filter((x) => x !== f) : [...draft.ruleFields, f],
    );
  return (
    <div className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <Label htmlFor={`${id}-name`}>Name</Label>
          <Input
            id={`${id}-name`}
            value={draft.name}
            maxLength={200}
            onChange={(e) => set('name', e.target.value)}
          />
        </div>
        <div>
          <Label htmlFor={`${id}-version`}>Task version</Label>
          <Select
            id={`${id}-version`}
            value={String(draft.version)}
            onChange={(e) => set('version', e.target.value === 'live' ? 'live' : Number(e.target.value))}
          >
            <option value="live">The live version at each run</option>
            {versions.map((v) => (
              <option key={v.version} value={v.version}>
                Always v{v.version}
                {v.live ? ' (live now)' : ''}
              </option>
            ))}
          </Select>
        </div>
      </div>
      <fieldset>
        <legend className="mb-1 text-sm font-medium text-slate-800 dark:text-slate-200">Schedule</legend>
        <div className="flex flex-wrap items-end gap-3">
          <div className="w-44">
            <Select
              aria-label="Schedule kind"
              value={draft.mode}
              onChange={(e) => set('mode', e.target.value as MonitorDraft['mode'])}
            >
              <option value="interval">Every…</option>
              <option value="cron">Cron expression</option>
            </Select>
          </div>
          {draft.mode === 'interval' ? (
            <>
              <div className="w-24">
                <Input
                  aria-label="Run every"
                  id={`${id}-every`}
                  type="number"
                  min={1}
                  step={1}
                  value={draft.every}
                  onChange={(e) => set('every', e.target.value)}
                />
              </div>
              <div className="w-32">
                <Select
                  aria-label="Unit"
                  value={draft.unit}
                  onChange={(e) => set('unit', e.target.value as Unit)}
                >
                  {Object.keys(UNITS).map((u) => (
                    <option key={u} value={u}>
                      {u}
                    </option>
                  ))}
                </Select>
              </div>
            </>
          ) : (
            <>
              <div className="w-44">
                <Input
                  aria-label="Cron expression"
                  className="font-mono"
                  value={draft.cron}
                  placeholder="0 9 * * 1"
                  onChange={(e) => set('cron', e.target.value)}
                />
              </div>
              <div className="w-48">
                <Input
                  aria-label="Time zone"
                  value={draft.timeZone}
                  placeholder="Europe/Berlin"
                  onChange={(e) => set('timeZone', e.target.value)}
                />
              </div>
            </>
          )}
        </div>
        <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">
          {draft.mode === 'interval'
            ? 'At least a minute apart. Runs missed while Quarry was down or the monitor paused make one catch-up run.'
            : 'Five fields (minute hour day month weekday), read in the time zone given.'}
        </p>
      </fieldset>
      <fieldset>
        <legend className="mb-1 text-sm font-medium text-slate-800 dark:text-slate-200">Alert when</legend>
        <div className="space-y-1.5">
          {RULES.map((r) => (
            <label key={r.kind} className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                name={`${id}-rule`}
                checked={draft.ruleKind === r.kind}
                onChange={() => set('ruleKind', r.kind)}
                className="accent-brand-600"
              />
              {r.label}
            </label>
          ))}
        </div>
        {draft.ruleKind !== 'any' && (
          <div className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-1.5 pl-6">
            {outputs.map((f) => (
              <label key={f} className="flex items-center gap-1.5 text-sm">
                <input
                  type="checkbox"
                  checked={draft.ruleFields.includes(f)}
                  onChange={() => toggleField(f)}
                  className="accent-brand-600"
                />
                <span className="font-mono text-xs">{f}</span>
              </label>
            ))}
            {draft.ruleKind === 'number_move' && (
              <div className="flex items-center gap-1.5 text-sm">
                by more than
                <div className="w-20">
                  <Input
                    aria-label="Percent"
                    type="number"
                    min={0}
                    step="any"
                    value={draft.percent}
                    onChange={(e) => set('percent', e.target.value)}
                  />
                </div>
                %
              </div>
            )}
          </div>
        )}
      </fieldset>
      <div>
        <Label
          htmlFor={`${id}-webhook`}
          hint="optional: a signed monitor.changed event, only when something changed"
        >
          Webhook URL
        </Label>
        <Input
          id={`${id}-webhook`}
          type="url"
          placeholder="https://example.com/hooks/quarry"
          value={draft.webhookUrl}
          onChange={(e) => set('webhookUrl', e.target.value)}
        />
      </div>
      {problem && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {problem}
        </p>
      )}
    </div>
  );
}
