import { describe, expect, it } from 'vitest';
import type { TaskDefinition, TaskOutput } from '@/lib/contract/task-definition';
import { definitionChanges } from './definition-changes';
import { applyStructuredEdit } from './definition-edit';

const out = (name: string, extra: Partial<TaskOutput> = {}): TaskOutput => ({
  name,
  description: `the ${name}`,
  type: 'string',
  query: `What is the ${name}?`,
  ...extra,
});

const base: TaskDefinition = {
  name: 'Company contact details',
  description: 'Find the email, phone and address of a company',
  inputs: [{ name: 'website_url', type: 'url', description: 'the website' }],
  outputs: [out('email', { type: 'email' }), out('phone', { type: 'phone' }), out('address'), out('city')],
  list: false,
};
const withOutputs = (outputs: TaskOutput[], extra: Partial<TaskDefinition> = {}): TaskDefinition => ({
  ...base,
  outputs,
  ...extra,
});

describe('definitionChanges', () => {
  it('says nothing for the same definition', () => {
    expect(definitionChanges(base, structuredClone(base))).toEqual([]);
  });

  it('names additions with their type and removals', () => {
    const after = withOutputs([...base.outputs.slice(0, 3), out('monthly_price', { type: 'money' })]);
    expect(definitionChanges(base, after)).toEqual([
      'removed `city`',
      'added output `monthly_price` (money)',
    ]);
    const list = withOutputs([...base.outputs, out('tags', { type: 'list', items: 'string' })]);
    expect(definitionChanges(base, list)).toEqual(['added output `tags` (list of string)']);
  });

  it('reads a rename as a rename, not a removal and an addition', () => {
    const after = withOutputs(
      base.outputs.map((o) => (o.name === 'phone' ? { ...o, name: 'phone_number' } : o)),
    );
    expect(definitionChanges(base, after, new Map([['phone_number', 'phone']]))).toEqual([
      'renamed `phone` to `phone_number`',
    ]);
    // Without the rename it is a removal and an addition.
    expect(definitionChanges(base, after)).toEqual([
      'removed `phone`',
      'added output `phone_number` (phone)',
    ]);
  });

  it('names type, question, description and format changes', () => {
    const after = withOutputs([
      { ...base.outputs[0]!, type: 'string' },
      { ...base.outputs[1]!, query: 'What is the main phone number?', format: 'international format' },
      { ...base.outputs[2]!, description: 'postal address' },
      base.outputs[3]!,
    ]);
    expect(definitionChanges(base, after)).toEqual([
      'changed the type of `email` from email to string',
      'changed the question of `phone`',
      'set the format of `phone` to "international format"',
      'changed the description of `address`',
    ]);
    const cleared = withOutputs([
      base.outputs[0]!,
      { ...base.outputs[1]!, format: 'E.164' },
      ...base.outputs.slice(2),
    ]);
    expect(definitionChanges(cleared, base)).toEqual(['cleared the format of `phone`']);
  });

  it('reports one move when one field moves, however far', () => {
    const [email, phone, address, city] = base.outputs as [TaskOutput, TaskOutput, TaskOutput, TaskOutput];
    expect(definitionChanges(base, withOutputs([city, email, phone, address]))).toEqual(['moved `city`']);
    expect(definitionChanges(base, withOutputs([phone, email, address, city]))).toHaveLength(1);
    // A removal shifts the rest but moves nothing.
    expect(definitionChanges(base, withOutputs([email, address, city]))).toEqual(['removed `phone`']);
  });

  it('names shape and scope changes, and input changes', () => {
    const list = withOutputs(base.outputs, { list: true });
    expect(definitionChanges(base, list)).toEqual(['made the task list-shaped (one row per item found)']);
    expect(definitionChanges(list, base)).toEqual(['made the task single (one answer per input)']);
    const scoped = withOutputs([{ ...base.outputs[0]!, scope: 'task' }, ...base.outputs.slice(1)], {
      list: true,
    });
    expect(definitionChanges(list, scoped)).toEqual([
      'changed the scope of `email`: asked once for the page',
    ]);
    expect(definitionChanges(scoped, list)).toEqual(['changed the scope of `email`: a column of each row']);
    const inputs = {
      ...base,
      inputs: [{ name: 'company_name', type: 'string' as const, description: 'name' }],
    };
    expect(definitionChanges(base, inputs)).toEqual([
      'removed input `website_url`',
      'added input `company_name` (string)',
    ]);
  });
});

describe('applyStructuredEdit', () => {
  it('keeps the question and description of an output the editor sends without them', () => {
    const { definition, changes } = applyStructuredEdit(base, {
      outputs: [{ name: 'email_address', previous_name: 'email', type: 'email' }, ...base.outputs.slice(1)],
    });
    expect(definition.outputs[0]).toEqual({ ...base.outputs[0], name: 'email_address' });
    expect(changes).toEqual(['renamed `email` to `email_address`']);
  });

  it('reads "rename a to b and add a new a" as a rename plus an addition', () => {
    const { changes } = applyStructuredEdit(base, {
      outputs: [
        { name: 'contact_email', previous_name: 'email', type: 'email' },
        { name: 'email', type: 'email', query: 'What is the support email?' },
        ...base.outputs.slice(1),
      ],
    });
    expect(changes).toEqual(['renamed `email` to `contact_email`', 'added output `email` (email)']);
  });

  it('drops scope outside a list task and items outside a list output', () => {
    const { definition } = applyStructuredEdit(base, {
      outputs: [
        { ...base.outputs[0]!, scope: 'task', items: 'string' },
        ...base.outputs.slice(1),
        out('x_y'),
      ],
    });
    expect(definition.outputs[0]).not.toHaveProperty('scope');
    expect(definition.outputs[0]).not.toHaveProperty('items');
  });

  it('refuses what the contract refuses, with the place named', () => {
    expect(() => applyStructuredEdit(base, { outputs: [out('email'), out('email')] })).toThrow(
      /Duplicate output name/,
    );
    expect(() => applyStructuredEdit(base, { outputs: base.outputs })).toThrow(/Nothing changed/);
    expect(() => applyStructuredEdit(base, { outputs: [{ name: 'fresh', type: 'string' }] })).toThrow(
      /Question missing/,
    );
    expect(() =>
      applyStructuredEdit(base, { outputs: [{ ...base.outputs[0]!, name: 'b', previous_name: 'nope' }] }),
    ).toThrow(/Unknown output/);
  });
});
