import { describe, expect, it } from 'vitest';
import type { TaskDefinition, TaskOutput } from '../../lib/contract/task-definition';
import { matchFields, scoreCase, type Answer, type BenchCase, type Expectation } from './score';

const out = (name: string, type: TaskOutput['type'], extra: Partial<TaskOutput> = {}): TaskOutput => ({
  name,
  type,
  description: name,
  query: `What is the ${name.replace(/_/g, ' ')}?`,
  ...extra,
});
const def = (outputs: TaskOutput[], list = false, inputs = [{ name: 'website', type: 'url' as const }]) =>
  ({
    name: 't',
    description: 'd',
    inputs: inputs.map((i) => ({ ...i, description: i.name })),
    outputs,
    list,
  }) satisfies TaskDefinition;
const ok = (d: TaskDefinition): Answer => ({ ok: true, definition: d });
const describeCase = (expect: Expectation): BenchCase => ({
  id: 'd',
  kind: 'describe',
  lang: 'en',
  category: 'scalars',
  text: 'x',
  expect,
});
const editCase = (expect: Expectation): BenchCase => ({
  ...describeCase(expect),
  id: 'e',
  kind: 'edit',
  base: 'b',
});

const EMAIL = { names: ['email', 'email_address'], types: ['email' as const] };
const PHONE = { names: ['phone', 'phone_number'], types: ['phone' as const] };
const CONTACT = def([out('email', 'email'), out('phone', 'phone')]);

describe('describe cases', () => {
  const c = describeCase({ list: false, fields: [EMAIL, PHONE] });

  it('passes with any acceptable name, in any order', () => {
    expect(
      scoreCase(c, ok(def([out('phone_number', 'phone'), out('email_address', 'email')]))),
    ).toMatchObject({
      pass: true,
    });
  });

  it('fails on a wrong type, a missing field, an extra field and a wrong list shape', () => {
    expect(scoreCase(c, ok(def([out('email', 'email'), out('phone', 'string')]))).reason).toMatch(
      /phone is string/,
    );
    expect(scoreCase(c, ok(def([out('email', 'email')]))).pass).toBe(false);
    expect(scoreCase(c, ok(def([...CONTACT.outputs, out('fax', 'string')]))).pass).toBe(false);
    expect(scoreCase(c, ok(def(CONTACT.outputs, true))).reason).toMatch(/list is true/);
  });

  it('rejects names that are not short snake_case, and duplicates', () => {
    const long = def([out('email', 'email'), out('phone_number_in_international_format', 'phone')]);
    expect(scoreCase(c, ok(long)).reason).toMatch(/at most four words/);
    const dup = describeCase({ fields: [EMAIL, { names: ['email'] }] });
    expect(scoreCase(dup, ok(def([out('email', 'email'), out('email', 'email')]))).reason).toMatch(
      /duplicate/,
    );
  });

  it('counts an absent scope as row in a list task', () => {
    const mixed = describeCase({
      list: true,
      fields: [
        { ...EMAIL, scope: 'task' },
        { names: ['plan_name'], scope: 'row' },
      ],
    });
    const rows = [out('plan_name', 'string')];
    expect(scoreCase(mixed, ok(def([out('email', 'email', { scope: 'task' }), ...rows], true))).pass).toBe(
      true,
    );
    expect(scoreCase(mixed, ok(def([out('email', 'email'), ...rows], true))).pass).toBe(false);
  });

  it('needs a refusal with a message for a refused case, and an answer otherwise', () => {
    const refuse = describeCase({ refused: true });
    expect(scoreCase(refuse, { ok: false, message: 'Say what to extract' }).pass).toBe(true);
    expect(scoreCase(refuse, { ok: false, message: ' ' }).pass).toBe(false);
    expect(scoreCase(refuse, ok(CONTACT)).pass).toBe(false);
    expect(scoreCase(c, { ok: false, message: 'no' }).pass).toBe(false);
  });

  it('checks formatting guidance and inputs when asked', () => {
    const fmt = describeCase({ fields: [PHONE], format: { phone: true } });
    expect(scoreCase(fmt, ok(def([out('phone', 'phone')]))).pass).toBe(false);
    expect(scoreCase(fmt, ok(def([out('phone', 'phone', { format: 'international format' })]))).pass).toBe(
      true,
    );
    const inputs = describeCase({
      fields: [PHONE],
      inputs: [{ names: ['website'], types: ['url'] }, { names: ['country'] }],
    });
    expect(scoreCase(inputs, ok(def([out('phone', 'phone')]))).pass).toBe(false);
    const two = def([out('phone', 'phone')], false, [
      { name: 'country', type: 'string' as never },
      { name: 'website', type: 'url' },
    ]);
    expect(scoreCase(inputs, ok(two)).pass).toBe(true);
  });
});

describe('edit cases', () => {
  const keepEmail = { names: ['email'], types: ['email' as const] };

  it('keeps every field the instruction does not mention exactly as it was', () => {
    const c = editCase({ fields: [keepEmail, { names: ['ceo_name'] }] });
    const added = [out('email', 'email'), out('ceo_name', 'string')];
    expect(scoreCase(c, ok(def(added)), CONTACT).pass).toBe(true);
    const requeried = [out('email', 'email', { query: 'Which email?' }), out('ceo_name', 'string')];
    expect(scoreCase(c, ok(def(requeried)), CONTACT).reason).toMatch(/email changed/);
    expect(scoreCase(c, ok(def(added, false, [{ name: 'url', type: 'url' }])), CONTACT).reason).toMatch(
      /inputs/,
    );
  });

  it('takes the base list shape when the case does not say', () => {
    const c = editCase({ fields: [keepEmail] });
    expect(scoreCase(c, ok(def([out('email', 'email')], true)), CONTACT).pass).toBe(false);
  });

  it('accepts a format request met by guidance or by a new query, and exempts the field from the keep rule', () => {
    const c = editCase({ fields: [keepEmail, PHONE], format: { phone: true } });
    const same = scoreCase(c, ok(CONTACT), CONTACT);
    expect(same.pass).toBe(false);
    const guided = def([out('email', 'email'), out('phone', 'phone', { format: 'international' })]);
    expect(scoreCase(c, ok(guided), CONTACT).pass).toBe(true);
    const requeried = def([out('email', 'email'), out('phone', 'phone', { query: 'Phone, in +44 form?' })]);
    expect(scoreCase(c, ok(requeried), CONTACT).pass).toBe(true);
  });

  it('lets touched fields change and requires query_changed fields to change', () => {
    const retyped = def([out('email', 'email'), out('phone', 'string', { query: 'Phone as text?' })]);
    const touched = editCase({
      fields: [keepEmail, { names: ['phone'], types: ['string'] }],
      touched: ['phone'],
    });
    expect(scoreCase(touched, ok(retyped), CONTACT).pass).toBe(true);
    const untouched = editCase({ fields: [keepEmail, { names: ['phone'], types: ['string'] }] });
    expect(scoreCase(untouched, ok(retyped), CONTACT).pass).toBe(false);
    const mustChange = editCase({ fields: [keepEmail, PHONE], query_changed: ['phone'] });
    expect(scoreCase(mustChange, ok(CONTACT), CONTACT).reason).toMatch(/query not changed/);
  });

  it('a rename keeps the renamed field’s query and type', () => {
    const c = editCase({ fields: [keepEmail, { names: ['phone_number'], from: 'phone' }] });
    const renamed = def([out('email', 'email'), { ...out('phone', 'phone'), name: 'phone_number' }]);
    expect(scoreCase(c, ok(renamed), CONTACT).pass).toBe(true);
    const rewritten = def([out('email', 'email'), out('phone_number', 'phone')]);
    expect(scoreCase(c, ok(rewritten), CONTACT).pass).toBe(false);
  });

  it('compares scope as it takes effect when an edit turns the task into a list', () => {
    const c = editCase({
      list: true,
      fields: [keepEmail, { names: ['plan_name'], scope: 'row' }],
    });
    const base = def([out('email', 'email'), out('pricing_plans', 'list', { items: 'string' })]);
    const rows = [out('plan_name', 'string', { scope: 'row' })];
    expect(scoreCase(c, ok(def([out('email', 'email', { scope: 'task' }), ...rows], true)), base).pass).toBe(
      true,
    );
    // Without scope the email would become a column of every row: not what the instruction asked.
    expect(scoreCase(c, ok(def([out('email', 'email'), ...rows], true)), base).pass).toBe(false);
  });
});

describe('matchFields', () => {
  it('finds a distinct output for each field when names overlap', () => {
    const fields = [{ names: ['name', 'product_name'] }, { names: ['name'] }];
    const outputs = [out('name', 'string'), out('product_name', 'string')];
    expect(matchFields(fields, outputs, true)).toEqual([1, 0]);
    expect(matchFields([{ names: ['name'] }, { names: ['name'] }], outputs, true)).toBeNull();
  });
});
