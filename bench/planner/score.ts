// The planner benchmark's pass rules (bench/planner/README.md): one case, the planner's answer, a verdict
// with a one-line reason. Pure, so the rules are unit-tested apart from any planner.
import type {
  ListItemType,
  OutputScope,
  OutputType,
  TaskDefinition,
  TaskOutput,
} from '../../lib/contract/task-definition';

export type Lang = 'en' | 'de' | 'fr' | 'es';
export type Kind = 'describe' | 'edit';

export interface ExpectedField {
  names: string[];
  types?: OutputType[];
  scope?: OutputScope;
  items?: ListItemType[];
  /** Edits: the base field this one renames; its query, format and (unless `types` says otherwise) type stay. */
  from?: string;
}

export interface ExpectedInput {
  names: string[];
  types?: string[];
}

export type Expectation =
  | { refused: true }
  | {
      refused?: false;
      list?: boolean;
      fields: ExpectedField[];
      inputs?: ExpectedInput[];
      format?: Record<string, boolean>;
      query_changed?: string[];
      touched?: string[];
    };

export interface BenchCase {
  id: string;
  kind: Kind;
  lang: Lang;
  category: string;
  text: string;
  base?: string;
  expect: Expectation;
}

/** What a planner answered: a definition, or a refusal with its message. */
export type Answer = { ok: true; definition: TaskDefinition } | { ok: false; message: string };

export interface Verdict {
  pass: boolean;
  reason: string;
}

const NAME = /^[a-z][a-z0-9]*(_[a-z0-9]+){0,3}$/;

const effectiveScope = (o: TaskOutput, list: boolean): OutputScope => (list ? (o.scope ?? 'row') : 'task');

function fits(f: ExpectedField, o: TaskOutput, list: boolean): boolean {
  return (
    f.names.includes(o.name) &&
    (!f.types || f.types.includes(o.type)) &&
    (!f.scope || f.scope === effectiveScope(o, list)) &&
    (!f.items || (o.items !== undefined && f.items.includes(o.items)))
  );
}

/** Each expected field to a distinct output (augmenting paths; tasks are small), or null. */
export function matchFields(fields: ExpectedField[], outputs: TaskOutput[], list: boolean): number[] | null {
  const owner: number[] = outputs.map(() => -1);
  const tryField = (fi: number, seen: boolean[]): boolean => {
    for (let oi = 0; oi < outputs.length; oi++) {
      if (seen[oi] || !fits(fields[fi]!, outputs[oi]!, list)) continue;
      seen[oi] = true;
      if (owner[oi] === -1 || tryField(owner[oi]!, seen)) {
        owner[oi] = fi;
        return true;
      }
    }
    return false;
  };
  for (let fi = 0; fi < fields.length; fi++)
    if (
      !tryField(
        fi,
        outputs.map(() => false),
      )
    )
      return null;
  const byField = fields.map(() => -1);
  owner.forEach((fi, oi) => {
    if (fi >= 0) byField[fi] = oi;
  });
  return byField;
}

const show = (d: TaskDefinition) =>
  `${d.list ? 'list ' : ''}[${d.outputs.map((o) => `${o.name}:${o.type}${d.list && o.scope === 'task' ? '@task' : ''}`).join(', ')}]`;
const want = (fields: ExpectedField[], list?: boolean) =>
  `${list ? 'list ' : ''}[${fields.map((f) => `${f.names.join('|')}${f.types ? `:${f.types.join('|')}` : ''}${f.scope === 'task' ? '@task' : ''}`).join(', ')}]`;

/** Why the outputs do not match: expected fields with no output of an acceptable name, or one of the wrong type/scope. */
function differences(fields: ExpectedField[], d: TaskDefinition): string {
  const parts = fields.flatMap((f) => {
    const named = d.outputs.filter((o) => f.names.includes(o.name));
    if (named.length === 0) return [`no ${f.names[0]}`];
    if (named.some((o) => fits(f, o, d.list))) return [];
    const o = named[0]!;
    return [
      `${o.name} is ${o.type}${d.list ? ` @${effectiveScope(o, d.list)}` : ''}${o.items ? ` of ${o.items}` : ''}`,
    ];
  });
  const extra = d.outputs.filter((o) => !fields.some((f) => f.names.includes(o.name))).map((o) => o.name);
  if (extra.length > 0) parts.push(`extra ${extra.join(', ')}`);
  return `fields differ (${parts.join('; ') || 'names shared between fields'})`;
}

function inputsMatch(expected: ExpectedInput[], got: TaskDefinition['inputs']): boolean {
  if (expected.length !== got.length) return false;
  const left = [...got];
  return expected.every((e) => {
    const i = left.findIndex((g) => e.names.includes(g.name) && (!e.types || e.types.includes(g.type)));
    if (i < 0) return false;
    left.splice(i, 1);
    return true;
  });
}

/** The verdict for one case; `base` is the definition an edit case started from. */
export function scoreCase(c: BenchCase, answer: Answer, base?: TaskDefinition): Verdict {
  const e = c.expect;
  if (e.refused) {
    if (answer.ok) return { pass: false, reason: `expected a refusal, got ${show(answer.definition)}` };
    return answer.message.trim()
      ? { pass: true, reason: 'refused' }
      : { pass: false, reason: 'refused without a message' };
  }
  if (!answer.ok) return { pass: false, reason: `refused: ${answer.message.slice(0, 160)}` };
  const d = answer.definition;
  const expectedList = e.list ?? (c.kind === 'edit' ? base?.list : undefined);
  const fail = (why: string): Verdict => ({
    pass: false,
    reason: `${why}; expected ${want(e.fields, expectedList)} got ${show(d)}`,
  });

  const names = d.outputs.map((o) => o.name);
  const badName = names.find((n) => !NAME.test(n));
  if (badName) return fail(`name ${badName} is not snake_case of at most four words`);
  if (new Set(names).size !== names.length) return fail('duplicate output names');
  if (expectedList !== undefined && d.list !== expectedList) return fail(`list is ${d.list}`);
  if (d.outputs.length !== e.fields.length)
    return fail(`${d.outputs.length} outputs for ${e.fields.length} fields`);
  const matched = matchFields(e.fields, d.outputs, d.list);
  if (!matched) return fail(differences(e.fields, d));

  if (e.inputs && !inputsMatch(e.inputs, d.inputs)) {
    return fail(`inputs [${d.inputs.map((i) => `${i.name}:${i.type}`).join(', ')}]`);
  }
  if (!e.inputs && c.kind === 'edit' && base) {
    const sig = (x: TaskDefinition) => x.inputs.map((i) => `${i.name}:${i.type}`).join(',');
    if (sig(d) !== sig(base)) return fail(`inputs changed to [${sig(d)}]`);
  }

  // The output an expectation key (any of a field's acceptable names) refers to.
  const outputFor = (key: string): TaskOutput | undefined => {
    const fi = e.fields.findIndex((f) => f.names.includes(key));
    return fi >= 0 ? d.outputs[matched[fi]!] : undefined;
  };
  const baseOf = (name: string) => base?.outputs.find((o) => o.name === name);

  for (const key of Object.keys(e.format ?? {})) {
    const o = outputFor(key);
    if (!o) return fail(`format key ${key} names no expected field`);
    const was = baseOf(o.name);
    const formatted = Boolean(o.format?.trim()) && o.format !== was?.format;
    const requeried = c.kind === 'edit' && was !== undefined && was.query !== o.query;
    if (!formatted && !requeried) return fail(`${o.name} has no formatting guidance`);
  }
  for (const key of e.query_changed ?? []) {
    const o = outputFor(key);
    const was = o && baseOf(o.name);
    if (!o || !was || was.query === o.query) return fail(`${key}: query not changed`);
  }

  if (c.kind === 'edit' && base) {
    const exempt = new Set<TaskOutput>();
    for (const key of [...Object.keys(e.format ?? {}), ...(e.query_changed ?? []), ...(e.touched ?? [])]) {
      const o = outputFor(key);
      if (o) exempt.add(o);
    }
    for (let fi = 0; fi < e.fields.length; fi++) {
      const f = e.fields[fi]!;
      const o = d.outputs[matched[fi]!]!;
      if (exempt.has(o)) continue;
      const was = f.from ? baseOf(f.from) : baseOf(o.name);
      if (!was) continue;
      const typeKept = f.types && !f.types.includes(was.type) ? true : o.type === was.type;
      const kept =
        typeKept &&
        o.query === was.query &&
        (o.format ?? '') === (was.format ?? '') &&
        (f.items || o.items === was.items) &&
        (f.scope || effectiveScope(o, d.list) === effectiveScope(was, base.list));
      if (!kept) return fail(`${o.name} changed but the instruction did not ask for it`);
    }
  }
  return { pass: true, reason: 'ok' };
}
