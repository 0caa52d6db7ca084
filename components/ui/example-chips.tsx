/** A row of clickable example texts that fill a form field (task descriptions, edit instructions). */
export function ExampleChips({
  examples,
  onPick,
}: {
  examples: readonly string[];
  onPick: (text: string) => void;
}) {
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm">
      <span className="text-slate-600 dark:text-slate-400">Examples:</span>
      {examples.map((ex) => (
        <button
          key={ex}
          type="button"
          onClick={() => onPick(ex)}
          className="rounded-full border border-slate-300 px-2.5 py-0.5 text-xs text-slate-700 hover:bg-slate-100 dark:border-slate-700 dark:text-slate-300 dark:hover:bg-slate-800"
        >
          {ex}
        </button>
      ))}
    </div>
  );
}
