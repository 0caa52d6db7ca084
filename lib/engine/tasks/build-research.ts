import type { ResearchQuery, TaskDefinition } from '@/lib/contract/task-definition';
import { checkUrl, normalizeUrlInput } from '../net/url-guard';
import { badRequest } from '../errors';

// Turn a task definition plus one row of inputs into what the research runner needs.

export interface PreparedRun {
  url: string;
  queries: ResearchQuery[];
  list: boolean;
}

export type PrepareOutcome = { ok: true; run: PreparedRun } | { ok: false; message: string };

function fillPlaceholders(text: string, values: Record<string, string>): string {
  return text.replace(/\{([a-z][a-z0-9_]*)\}/g, (whole, name: string) => values[name] ?? whole);
}

export function prepareRun(def: TaskDefinition, inputs: string[], allowPrivate: boolean): PrepareOutcome {
  if (inputs.length !== def.inputs.length) {
    const names = def.inputs.map((i) => i.name).join(', ');
    return {
      ok: false,
      message: `expected ${def.inputs.length} input${def.inputs.length === 1 ? '' : 's'} (${names}), got ${inputs.length}`,
    };
  }
  const values: Record<string, string> = {};
  def.inputs.forEach((input, i) => (values[input.name] = inputs[i] ?? ''));
  // The site to read: the first url-typed input, else the first input that looks like an address.
  const urlIndex = def.inputs.findIndex((i) => i.type === 'url');
  const raw = (urlIndex >= 0 ? inputs[urlIndex] : inputs.find((v) => /[.:/]/.test(v))) ?? '';
  const checked = checkUrl(normalizeUrlInput(raw.trim()), { allowPrivate });
  if (!checked.ok) {
    const name = urlIndex >= 0 ? def.inputs[urlIndex]!.name : 'input';
    return { ok: false, message: `${name}: ${checked.reason}` };
  }
  return {
    ok: true,
    run: {
      url: checked.url.toString(),
      list: def.list,
      queries: def.outputs.map((o) => ({
        keyword: o.name,
        query: fillPlaceholders(o.query, values),
        type: o.type,
        description: o.description,
        ...(o.format ? { format: o.format } : {}),
        ...(o.items ? { items: o.items } : {}),
        ...(def.list && o.scope ? { scope: o.scope } : {}),
      })),
    },
  };
}

export function prepareOrThrow(def: TaskDefinition, inputs: string[], allowPrivate: boolean): PreparedRun {
  const prepared = prepareRun(def, inputs, allowPrivate);
  if (!prepared.ok) throw badRequest('Invalid input', prepared.message);
  return prepared.run;
}
