import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TaskDefinition } from '@/lib/contract/task-definition';
import { startFakeOpenAI, textOf, type FakeOpenAI } from '../../../tests/fixtures/llm/fake-openai';
import { planFromDescription } from '../planner';
import { createPlanner, type Planner } from './model-planner';

let llm: FakeOpenAI;
let planner: Planner;

const CURRENT: TaskDefinition = {
  name: 'Company contacts',
  description: 'Find the contact email and phone number of a company website',
  list: false,
  inputs: [{ name: 'website', type: 'url', description: 'Company website' }],
  outputs: [
    {
      name: 'email',
      description: 'Contact email',
      type: 'email',
      query: 'What is the contact email address?',
    },
    { name: 'phone', description: 'Phone number', type: 'string', query: 'What is the main phone number?' },
  ],
};

// The reply shape has every key (strict structured output): absent format, items and scope are null.
const definition = (outputs: TaskDefinition['outputs'], list = false, name = 'Company contacts') => ({
  name,
  list,
  inputs: CURRENT.inputs,
  outputs: outputs.map((o) => ({ format: null, items: null, scope: null, ...o })),
});

const applied = (understood: string, outputs: TaskDefinition['outputs'], list = false, name?: string) =>
  JSON.stringify({
    applied: true,
    understood,
    reason: null,
    changes: [understood],
    definition: definition(outputs, list, name),
  });

const PLANS: TaskDefinition = {
  ...CURRENT,
  outputs: [
    ...CURRENT.outputs,
    {
      name: 'pricing_plans',
      description: 'Pricing plans',
      type: 'list',
      items: 'string',
      query: 'What pricing plans are offered?',
    },
  ],
};

beforeAll(async () => {
  llm = await startFakeOpenAI();
  planner = createPlanner({
    provider: 'openai-compatible',
    model: 'planner-model',
    turboModel: 'planner-model',
    baseUrl: llm.baseUrl,
    tokenBudget: 2_000,
    providerRetries: 0,
  });
});
afterAll(() => llm.close());
beforeEach(() => {
  llm.requests.length = 0;
});

describe('model planner against a local OpenAI-compatible server', () => {
  it('plans a description with the model, sending the description and the schema', async () => {
    llm.setReply(() =>
      JSON.stringify({ understood: true, message: null, definition: definition(CURRENT.outputs) }),
    );
    const plan = await planner.planFromDescription('Get the contact email and phone of each company');
    expect(plan).toMatchObject({ ok: true, planner: 'model' });
    if (!plan.ok) return;
    expect(plan.definition.outputs.map((o) => o.name)).toEqual(['email', 'phone']);
    expect(plan.definition.description).toBe('Get the contact email and phone of each company');
    expect(textOf(llm.requests[0]!)).toContain('Get the contact email and phone of each company');
    const schema = llm.requests[0]?.response_format?.json_schema?.schema as {
      properties: Record<string, unknown>;
    };
    expect(Object.keys(schema.properties)).toEqual(['understood', 'message', 'definition']);
    expect(plan.usage?.input_tokens).toBe(1200);
  });

  it('falls back to the offline planner when the model output is invalid or the model is down', async () => {
    const description = 'Find the contact email and phone number of a company website';
    llm.setReply(() => 'not json at all');
    const invalid = await planner.planFromDescription(description);
    expect(llm.requests).toHaveLength(3);
    expect(invalid.planner).toBe('offline');
    expect(invalid).toMatchObject(planFromDescription(description));

    llm.setReply(() => ({ status: 500 }));
    const down = await planner.planFromDescription(description);
    expect(down.planner).toBe('offline');
    expect(down.ok).toBe(true);
  });

  it('falls back to offline when the model writes a definition the contract rejects', async () => {
    llm.setReply(() =>
      JSON.stringify({
        understood: true,
        message: null,
        definition: definition([{ name: 'Bad Name!', description: '', type: 'string', query: 'q' }]),
      }),
    );
    const plan = await planner.planFromDescription('Find the contact email of a company website');
    expect(plan.planner).toBe('offline');
    expect(plan.ok).toBe(true);
  });

  it('keeps offline refusals: empty and over-long descriptions never reach the model', async () => {
    expect(await planner.planFromDescription('   ')).toMatchObject({ ok: false, planner: 'offline' });
    expect(await planner.planFromDescription('x'.repeat(10_001))).toMatchObject({ ok: false });
    expect(llm.requests).toHaveLength(0);
  });

  it('refuses a description neither the model nor the offline planner understands', async () => {
    llm.setReply(() =>
      JSON.stringify({ understood: false, message: 'It does not say what to extract.', definition: null }),
    );
    const plan = await planner.planFromDescription('Hello there, how are you?');
    expect(plan).toMatchObject({ ok: false, message: 'It does not say what to extract.' });
  });

  it('applies an instruction with the model and reports its changes', async () => {
    llm.setReply(() =>
      JSON.stringify({
        applied: true,
        understood: 'add the CEO name',
        reason: null,
        changes: ['added output ceo_name (string)'],
        definition: definition([
          ...CURRENT.outputs,
          { name: 'ceo_name', description: 'Name of the CEO', type: 'string', query: 'Who is the CEO?' },
        ]),
      }),
    );
    const edit = await planner.applyInstruction(CURRENT, 'also extract the CEO name');
    expect(edit).toMatchObject({ ok: true, planner: 'model', changes: ['added output ceo_name (string)'] });
    if (edit.ok) expect(edit.definition.description).toBe(CURRENT.description);
    const prompt = textOf(llm.requests[0]!);
    expect(prompt).toContain('also extract the CEO name');
    expect(prompt).toContain('What is the contact email address?');
  });

  it('refuses an instruction the model cannot apply, saying what it understood', async () => {
    llm.setReply(() =>
      JSON.stringify({
        applied: false,
        understood: 'remove the output fax',
        reason: 'there is no output named fax',
        changes: [],
        definition: null,
      }),
    );
    const edit = await planner.applyInstruction(CURRENT, 'remove fax');
    expect(edit).toMatchObject({ ok: false, planner: 'model' });
    if (!edit.ok)
      expect(edit.message).toBe(
        'Understood: remove the output fax — but it cannot be applied: there is no output named fax',
      );
  });

  it('refuses an edit that changes nothing instead of making a silent no-op version', async () => {
    llm.setReply(() =>
      JSON.stringify({
        applied: true,
        understood: 'keep email',
        reason: null,
        changes: [],
        definition: definition(CURRENT.outputs),
      }),
    );
    const edit = await planner.applyInstruction(CURRENT, 'keep the email');
    expect(edit.ok).toBe(false);
    if (!edit.ok) expect(edit.message).toMatch(/changes nothing/);
  });

  it('uses the offline planner for instructions when the model is down, including its refusals', async () => {
    llm.setReply(() => ({ status: 503 }));
    const edit = await planner.applyInstruction(CURRENT, 'rename email to contact_email');
    expect(edit).toMatchObject({ ok: true, planner: 'offline' });
    const refused = await planner.applyInstruction(CURRENT, 'remove the fax number');
    expect(refused).toMatchObject({ ok: false, planner: 'offline' });
  });

  it('takes format, items, scope and the money and phone types from the model', async () => {
    const [email, phone] = CURRENT.outputs;
    llm.setReply(() =>
      applied(
        'one row per pricing plan with its monthly price',
        [
          { ...email!, scope: 'task' },
          { ...phone!, scope: 'task' },
          {
            name: 'plan_name',
            description: 'Plan',
            type: 'string',
            query: 'What is the name of each plan?',
            scope: 'row',
          },
          {
            name: 'monthly_price',
            description: 'Monthly price',
            type: 'money',
            query: 'What does each plan cost per month?',
            scope: 'row',
            format: 'without the currency sign',
          },
        ],
        true,
      ),
    );
    const edit = await planner.applyInstruction(
      PLANS,
      'for each pricing plan also return its monthly price, without the currency sign',
    );
    expect(edit).toMatchObject({ ok: true, planner: 'model' });
    if (!edit.ok) return;
    expect(edit.definition.list).toBe(true);
    expect(edit.definition.outputs.map((o) => [o.name, o.type, o.scope])).toEqual([
      ['email', 'email', 'task'],
      ['phone', 'string', 'task'],
      ['plan_name', 'string', 'row'],
      ['monthly_price', 'money', 'row'],
    ]);
    expect(edit.definition.outputs[3]?.format).toBe('without the currency sign');
    expect(edit.definition.outputs[0]).not.toHaveProperty('format');
    const schema = JSON.stringify(llm.requests[0]?.response_format?.json_schema?.schema);
    for (const word of ['format', 'items', 'scope', 'money', 'phone']) expect(schema).toContain(word);
    expect(textOf(llm.requests[0]!)).toMatch(/Keep every output the instruction does not mention/);
  });

  it('falls back to the offline planner when the model drops an output the instruction does not mention', async () => {
    // The defect: "for each pricing plan also return its monthly price" left only monthly_price.
    llm.setReply(() =>
      applied(
        'monthly price per plan',
        [
          {
            name: 'monthly_price',
            description: 'Monthly price',
            type: 'money',
            query: 'What is the monthly price?',
          },
        ],
        true,
      ),
    );
    const edit = await planner.applyInstruction(PLANS, 'for each pricing plan also return its monthly price');
    expect(edit).toMatchObject({ ok: true, planner: 'offline' });
    if (!edit.ok) return;
    expect(edit.definition.outputs.map((o) => o.name)).toEqual(['email', 'phone', 'name', 'monthly_price']);
    expect(edit.definition.outputs.filter((o) => o.scope === 'task').map((o) => o.name)).toEqual([
      'email',
      'phone',
    ]);
  });

  it('falls back when the model rewrites an unmentioned output or renames the task unasked', async () => {
    const [email, phone] = CURRENT.outputs;
    llm.setReply(() =>
      applied('phone in international format', [
        { ...email!, query: 'What is the email?' },
        { ...phone!, format: 'in international format' },
      ]),
    );
    const rewritten = await planner.applyInstruction(
      CURRENT,
      'give the phone number in international format',
    );
    expect(rewritten).toMatchObject({ ok: true, planner: 'offline' });
    if (rewritten.ok) expect(rewritten.definition.outputs[0]).toEqual(email);

    llm.setReply(() =>
      applied(
        'add the CEO name',
        [
          ...CURRENT.outputs,
          { name: 'ceo_name', description: 'CEO', type: 'string', query: 'Who is the CEO?' },
        ],
        false,
        'Company contacts and CEO',
      ),
    );
    const renamed = await planner.applyInstruction(CURRENT, 'also extract the CEO name');
    expect(renamed).toMatchObject({ ok: true, planner: 'offline' });
    if (renamed.ok) expect(renamed.definition.name).toBe(CURRENT.name);

    llm.setReply(() => applied('rename the task', CURRENT.outputs, false, 'Vendor contacts'));
    const asked = await planner.applyInstruction(CURRENT, 'rename the task to Vendor contacts');
    expect(asked).toMatchObject({ ok: true, planner: 'model' });
    if (asked.ok) expect(asked.definition.name).toBe('Vendor contacts');
  });

  it('refuses through the offline planner when the model changed unasked fields of an instruction it cannot read', async () => {
    llm.setReply(() =>
      applied('improve', [{ ...CURRENT.outputs[0]!, query: 'Better email question?' }, CURRENT.outputs[1]!]),
    );
    const edit = await planner.applyInstruction(CURRENT, 'make it better');
    expect(edit).toMatchObject({ ok: false, planner: 'offline' });
    if (!edit.ok) expect(edit.message).toMatch(/Not understood: "make it better". The task was not changed/);
  });

  it('is the offline planner when no model is configured', async () => {
    const offline = createPlanner();
    const plan = await offline.planFromDescription('Find the contact email of a company website');
    expect(plan).toMatchObject({ ok: true, planner: 'offline' });
  });
});
