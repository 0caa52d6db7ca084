import { describe, expect, it } from 'vitest';
import { TaskDefinitionSchema, type TaskDefinition } from '@/lib/contract/task-definition';
import { applyInstruction, planFromDescription } from './index';

const outputs = (d: TaskDefinition): string[] => d.outputs.map((o) => `${o.name}:${o.type}`);
const inputs = (d: TaskDefinition): string[] => d.inputs.map((i) => `${i.name}:${i.type}`);

function plan(description: string): TaskDefinition {
  const result = planFromDescription(description);
  if (!result.ok) throw new Error(`refused: ${result.message}`);
  return result.definition;
}

const FIXTURES = {
  contact: plan('Find the contact email, phone number and address'),
  country: plan('Given a company website and a country, find the VAT number and phone'),
  products: plan('For each product list name and price'),
  social: plan('Find the email, LinkedIn and Twitter'),
  numbers: plan('Find the employee count and founded year'),
};
type Fixture = keyof typeof FIXTURES;

interface Accepted {
  base: Fixture;
  instruction: string;
  outputs: string[];
  changes?: string[];
  inputs?: string[];
  list?: boolean;
}

const CONTACT = ['email:email', 'phone:phone', 'address:string'];

const ACCEPTED: Accepted[] = [
  {
    base: 'contact',
    instruction: 'also extract the CEO name',
    outputs: [...CONTACT, 'ceo_name:string'],
    changes: ['added output `ceo_name` (string)'],
  },
  {
    base: 'contact',
    instruction: 'add founded year and employee count',
    outputs: [...CONTACT, 'founded_year:number', 'employee_count:number'],
  },
  {
    base: 'contact',
    instruction: 'remove phone',
    outputs: ['email:email', 'address:string'],
    changes: ['removed output `phone`'],
  },
  { base: 'contact', instruction: 'drop the telephone number', outputs: ['email:email', 'address:string'] },
  {
    base: 'contact',
    instruction: 'remove the phone_number output',
    outputs: ['email:email', 'address:string'],
  },
  { base: 'contact', instruction: 'delete address and phone', outputs: ['email:email'] },
  { base: 'contact', instruction: 'We no longer need the phone', outputs: ['email:email', 'address:string'] },
  {
    base: 'contact',
    instruction: "Don't extract the addresses anymore",
    outputs: ['email:email', 'phone:phone'],
  },
  {
    base: 'contact',
    instruction: 'rename email to contact_email',
    outputs: ['contact_email:email', 'phone:phone', 'address:string'],
    changes: ['renamed output `email` to `contact_email`'],
  },
  {
    base: 'contact',
    instruction: 'rename email to contact email and phone number to main phone',
    outputs: ['contact_email:email', 'main_phone:phone', 'address:string'],
  },
  {
    base: 'contact',
    instruction: 'make phone a number',
    outputs: ['email:email', 'phone:number', 'address:string'],
    changes: ['changed type of `phone` from phone to number'],
  },
  {
    base: 'contact',
    instruction: 'email should be a list',
    outputs: ['email:list', 'phone:phone', 'address:string'],
  },
  {
    base: 'numbers',
    instruction: 'make employee_count and founded_year strings',
    outputs: ['employee_count:string', 'founded_year:string'],
  },
  {
    base: 'numbers',
    instruction: 'make employee count a string and founded year a date',
    outputs: ['employee_count:string', 'founded_year:date'],
  },
  {
    base: 'contact',
    instruction: "change the query for email to 'What is the sales email address?'",
    outputs: CONTACT,
    changes: ['changed the query for `email` to "What is the sales email address?"'],
  },
  {
    base: 'contact',
    instruction: 'change the description of email to Main inbox',
    outputs: CONTACT,
    changes: ['changed the description of `email` to "Main inbox"'],
  },
  {
    base: 'contact',
    instruction: 'add an input country',
    outputs: CONTACT,
    inputs: ['website:url', 'country:string'],
    changes: ['added input `country` (string)'],
  },
  {
    base: 'country',
    instruction: 'remove the input country',
    outputs: ['vat_number:string', 'phone:phone'],
    inputs: ['website:url'],
    changes: ['removed input `country`'],
  },
  {
    base: 'contact',
    instruction: 'make it a list of products with name and price',
    outputs: [...CONTACT, 'name:string', 'price:money'],
    list: true,
    changes: [
      'made the task list-shaped (one row per product)',
      '`email`, `phone`, `address` are now asked once for the whole page',
      'added column `name` (string)',
      'added column `price` (money)',
    ],
  },
  {
    base: 'contact',
    instruction: 'for each product list name and price',
    outputs: [...CONTACT, 'name:string', 'price:money'],
    list: true,
  },
  {
    base: 'products',
    instruction: 'make it a single result',
    outputs: ['name:string', 'price:money'],
    list: false,
  },
  {
    base: 'contact',
    instruction: 'add linkedin and twitter',
    outputs: [...CONTACT, 'linkedin_url:url', 'twitter_url:url'],
  },
  {
    base: 'social',
    instruction: 'remove all social links',
    outputs: ['email:email'],
    changes: ['removed output `linkedin_url`', 'removed output `twitter_url`'],
  },
  {
    base: 'contact',
    instruction: 'add whether they offer a free trial',
    outputs: [...CONTACT, 'offers_free_trial:boolean'],
  },
  {
    base: 'contact',
    instruction: 'add the number of locations',
    outputs: [...CONTACT, 'location_count:number'],
  },
  {
    base: 'contact',
    instruction: 'remove phone and rename email to contact_email',
    outputs: ['contact_email:email', 'address:string'],
    changes: ['removed output `phone`', 'renamed output `email` to `contact_email`'],
  },
  {
    base: 'contact',
    instruction: 'add revenue; make revenue a number',
    outputs: [...CONTACT, 'revenue:number'],
  },
  {
    base: 'contact',
    instruction: 'Add the CEO name. Then remove the address.',
    outputs: ['email:email', 'phone:phone', 'ceo_name:string'],
  },
  { base: 'contact', instruction: 'add revenue as a number', outputs: [...CONTACT, 'revenue:number'] },
  {
    base: 'contact',
    instruction: 'add email and CEO name',
    outputs: [...CONTACT, 'ceo_name:string'],
    changes: ['added output `ceo_name` (string)', 'unchanged: output `email` already exists (email)'],
  },
  {
    base: 'contact',
    instruction: 'add whether they offer a free trial, then rename it to free_trial',
    outputs: [...CONTACT, 'free_trial:boolean'],
  },
  {
    base: 'contact',
    instruction: 'Add a column for employee count (number)',
    outputs: [...CONTACT, 'employee_count:number'],
  },
  {
    base: 'contact',
    instruction: 'Please also get their LinkedIn URL and Twitter handle.',
    outputs: [...CONTACT, 'linkedin_url:url', 'twitter_url:url'],
  },
  {
    base: 'contact',
    instruction: 'rename the input website to homepage',
    outputs: CONTACT,
    inputs: ['homepage:url'],
    changes: ['renamed input `website` to `homepage`'],
  },
  {
    base: 'contact',
    instruction: 'rename the task to Lead enrichment',
    outputs: CONTACT,
    changes: ['renamed the task to "Lead enrichment"'],
  },
  {
    base: 'contact',
    instruction: 'Replace phone with fax',
    outputs: ['email:email', 'fax:phone', 'address:string'],
  },
  {
    base: 'contact',
    instruction: 'set email type to text',
    outputs: ['email:string', 'phone:phone', 'address:string'],
  },
  {
    base: 'contact',
    instruction: 'add: CEO name, CTO name',
    outputs: [...CONTACT, 'ceo_name:string', 'cto_name:string'],
  },
  {
    base: 'contact',
    instruction: '- add CEO name\n- remove address',
    outputs: ['email:email', 'phone:phone', 'ceo_name:string'],
  },
  {
    base: 'contact',
    instruction: 'add the number of employees, then make it a string',
    outputs: [...CONTACT, 'employee_count:string'],
  },
  {
    base: 'contact',
    instruction: "Also take the company's country as input",
    outputs: CONTACT,
    inputs: ['website:url', 'country:string'],
  },
  {
    base: 'products',
    instruction: 'also get the SKU and rating',
    outputs: ['name:string', 'price:money', 'sku:string', 'rating:number'],
    list: true,
  },
  {
    base: 'products',
    instruction: 'price should be in USD',
    outputs: ['name:string', 'price:money'],
    list: true,
    changes: ['formatted `price` "in USD"'],
  },
];

describe('applyInstruction: accepted instructions', () => {
  it.each(ACCEPTED)('$base: $instruction', (c) => {
    const current = FIXTURES[c.base];
    const before = JSON.stringify(current);
    const result = applyInstruction(current, c.instruction);
    if (!result.ok) throw new Error(`refused: ${result.message}`);
    expect(outputs(result.definition)).toEqual(c.outputs);
    expect(inputs(result.definition)).toEqual(c.inputs ?? inputs(current));
    expect(result.definition.list).toBe(c.list ?? current.list);
    if (c.changes) expect(result.changes).toEqual(c.changes);
    expect(result.changes.length).toBeGreaterThan(0);
    expect(() => TaskDefinitionSchema.parse(result.definition)).not.toThrow();
    // Never mutates the current definition.
    expect(JSON.stringify(current)).toBe(before);
  });
});

describe('applyInstruction: details of the result', () => {
  it('writes the new query and keeps the others', () => {
    const r = applyInstruction(FIXTURES.contact, 'change the query for email to What is the sales inbox?');
    expect(r.ok && r.definition.outputs.map((o) => o.query)).toEqual([
      'What is the sales inbox?',
      "What is the company's main contact phone number?",
      "What is the company's full postal address?",
    ]);
  });

  it('makes only the named queries mention a new input, and forgets a removed one', () => {
    const added = applyInstruction(
      FIXTURES.contact,
      'add an input country and give the phone number for that country',
    );
    if (!added.ok) throw new Error(added.message);
    expect(added.definition.outputs.map((o) => o.query.includes('{country}'))).toEqual([false, true, false]);
    const removed = applyInstruction(added.definition, 'remove the country input');
    if (!removed.ok) throw new Error(removed.message);
    expect(removed.definition.outputs.map((o) => o.query)).toEqual(
      FIXTURES.contact.outputs.map((o) => o.query),
    );
  });

  it('asks a yes/no question after a change to boolean', () => {
    const r = applyInstruction(FIXTURES.numbers, 'make employee_count a boolean');
    expect(r.ok && r.definition.outputs[0]?.query).toBe(
      'How many employees does the company have? Answer yes or no.',
    );
  });

  it('rewrites list questions when the task becomes a single result', () => {
    const r = applyInstruction(FIXTURES.products, 'make it a single result');
    expect(r.ok && r.definition.outputs[1]?.query).toBe(
      'What is the price of the product? Give the amount and currency.',
    );
  });

  it('gives a new meaning a new question', () => {
    const r = applyInstruction(
      FIXTURES.contact,
      'add ceo name; ceo_name should be the full name of the current CEO',
    );
    expect(r.ok && r.definition.outputs[3]).toMatchObject({
      name: 'ceo_name',
      query: 'What is the full name of the current CEO?',
      description: 'The full name of the current CEO',
    });
  });
});

const REFUSED: Array<{ base: Fixture; instruction: string; message: RegExp }> = [
  {
    base: 'contact',
    instruction: 'please make it better',
    message: /^Not understood: "please make it better". The task was not changed.*also extract the CEO name/,
  },
  { base: 'contact', instruction: 'thanks', message: /Not understood: "thanks"/ },
  {
    base: 'contact',
    instruction: 'remove phone; blorf the zazzle',
    message: /^Understood: remove phone. Not understood: "blorf the zazzle". The task was not changed/,
  },
  {
    base: 'contact',
    instruction: 'remove fax',
    message: /no output "fax".*Existing outputs: `email`, `phone`, `address`/,
  },
  {
    base: 'contact',
    instruction: 'change the query for fax to What is the fax?',
    message: /no output "fax" to change/,
  },
  {
    base: 'contact',
    instruction: 'remove email, phone and address',
    message: /every output.*needs at least one output/,
  },
  { base: 'contact', instruction: 'remove the input website', message: /only input.*at least one/ },
  {
    base: 'country',
    instruction: 'remove the input language',
    message: /no input "language".*Existing inputs: `website`, `country`/,
  },
  {
    base: 'contact',
    instruction: 'rename email to phone',
    message: /Cannot rename `email` to `phone`: an output named `phone` already exists/,
  },
  { base: 'contact', instruction: 'rename fax to facsimile', message: /no output "fax" to rename/ },
  {
    base: 'contact',
    instruction: 'add email',
    message: /Nothing to change: output `email` already exists \(email\)/,
  },
  {
    base: 'contact',
    instruction: 'also extract the telephone number',
    message: /output `phone` already exists/,
  },
  { base: 'contact', instruction: 'make email an email', message: /already of type email/ },
  { base: 'contact', instruction: 'add an input website', message: /input `website` already exists/ },
  { base: 'contact', instruction: 'rename email to 2nd_email', message: /must start with a letter/ },
  {
    base: 'contact',
    instruction: 'change the query for email to What is the email in {country}?',
    message: /\{country\}, which is not an input/,
  },
  {
    base: 'products',
    instruction: 'for each product list name and price',
    message: /Nothing to change: column `name` already exists.*column `price` already exists/,
  },
  { base: 'contact', instruction: 'make it a single result', message: /already returns a single result/ },
  { base: 'contact', instruction: '', message: /instruction is empty/ },
  { base: 'contact', instruction: `add ${'x'.repeat(10_000)}`, message: /too long \(10,004 characters\)/ },
];

describe('applyInstruction: refusals', () => {
  it.each(REFUSED)('$base: $instruction', ({ base, instruction, message }) => {
    const result = applyInstruction(FIXTURES[base], instruction);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message).toMatch(message);
  });
});
