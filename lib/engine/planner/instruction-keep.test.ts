import { describe, expect, it } from 'vitest';
import type { TaskDefinition, TaskOutput } from '@/lib/contract/task-definition';
import { applyInstruction } from './index';

// Issue 29: an edit does exactly what the instruction says and keeps every output it does not name.

const website = [{ name: 'website', type: 'url' as const, description: 'Company website' }];
const out = (name: string, type: TaskOutput['type'], query: string, extra: Partial<TaskOutput> = {}) => ({
  name,
  type,
  description: name,
  query,
  ...extra,
});

const CONTACT_PLANS: TaskDefinition = {
  name: 'Company contact details and pricing plans',
  description: 'Find the contact email, the phone number and the pricing plans',
  list: false,
  inputs: website,
  outputs: [
    out('email', 'email', "What is the company's contact email address?"),
    out('phone', 'phone', "What is the company's main phone number?"),
    out('pricing_plans', 'list', 'What pricing plans are offered?', { items: 'string' }),
  ],
};
const ARTICLE: TaskDefinition = {
  name: 'Article details',
  description: "Extract the article's title, author, tags and publication date",
  list: false,
  inputs: website,
  outputs: [
    out('title', 'string', 'What is the title of the article?'),
    out('author', 'string', 'Who wrote the article?'),
    out('tags', 'list', 'What tags does the article have?', { items: 'string' }),
    out('published_date', 'date', 'When was the article published?'),
  ],
};
const PLAN_ROWS: TaskDefinition = {
  name: 'Pricing plans with contact details',
  description: "Get the company's email and phone, and for each pricing plan its name and monthly price",
  list: true,
  inputs: website,
  outputs: [
    out('email', 'email', 'What is the email?', { scope: 'task' }),
    out('phone', 'phone', 'What is the phone?', { scope: 'task' }),
    out('plan_name', 'string', 'What is the name of each plan?', { scope: 'row' }),
  ],
};

function edit(def: TaskDefinition, instruction: string): TaskDefinition {
  const result = applyInstruction(def, instruction);
  if (!result.ok) throw new Error(`refused: ${result.message}`);
  return result.definition;
}

const shape = (d: TaskDefinition) =>
  d.outputs.map((o) => `${o.name}:${o.type}${o.scope ? `@${o.scope}` : ''}`);

/** Every output of `before` that `instruction` does not touch is in `after`, unchanged. */
function expectKept(before: TaskDefinition, after: TaskDefinition, touched: string[]): void {
  for (const o of before.outputs.filter((x) => !touched.includes(x.name))) {
    const kept = after.outputs.find((x) => x.name === o.name);
    expect(kept && { ...kept, scope: undefined }).toEqual({ ...o, scope: undefined });
  }
  expect(after.name).toBe(before.name);
}

describe('applyInstruction keeps what the instruction does not name', () => {
  it('"for each pricing plan also return its monthly price" makes rows and keeps email and phone for the page', () => {
    const after = edit(CONTACT_PLANS, 'for each pricing plan also return its monthly price');
    expect(after.list).toBe(true);
    expect(shape(after)).toEqual([
      'email:email@task',
      'phone:phone@task',
      'name:string',
      'monthly_price:money',
    ]);
    expectKept(CONTACT_PLANS, after, ['pricing_plans']);
  });

  it('"for each plan also return its price" adds a column to a list task', () => {
    const after = edit(PLAN_ROWS, 'for each plan also return its price');
    expect(shape(after)).toEqual([
      'email:email@task',
      'phone:phone@task',
      'plan_name:string@row',
      'price:money',
    ]);
    expectKept(PLAN_ROWS, after, []);
  });

  it('"also return the number of words in the article" adds word_count', () => {
    const after = edit(ARTICLE, 'also return the number of words in the article');
    expect(shape(after)).toEqual([...shape(ARTICLE), 'word_count:number']);
  });

  it('"replace the tags with the single main topic …, as one short phrase" is one field in the place of tags', () => {
    const after = edit(
      ARTICLE,
      'replace the tags with the single main topic of the article, as one short phrase',
    );
    expect(shape(after)).toEqual([
      'title:string',
      'author:string',
      'main_topic:string',
      'published_date:date',
    ]);
    expect(after.outputs[2]?.format).toBe('as one short phrase');
    expectKept(ARTICLE, after, ['tags']);
  });

  it('"instead of tags, give me the main topic as a short phrase" reads the same way', () => {
    const after = edit(ARTICLE, 'Instead of tags, give me the main topic as a short phrase');
    expect(after.outputs.map((o) => o.name)).toEqual(['title', 'author', 'main_topic', 'published_date']);
  });

  it('"remove the plans, keep only email and phone" leaves a single-result task', () => {
    const after = edit(PLAN_ROWS, 'remove the plans, keep only email and phone');
    expect(after.list).toBe(false);
    expect(shape(after)).toEqual(['email:email', 'phone:phone']);
  });

  it('adds a page-level field to a list task once, not per row', () => {
    const products: TaskDefinition = {
      name: 'Product list: name and price',
      description: 'For each product list name and price',
      list: true,
      inputs: website,
      outputs: [
        out('name', 'string', 'What is the name of each product?'),
        out('price', 'money', 'What is the price?'),
      ],
    };
    expect(shape(edit(products, "also get the store's contact email"))).toEqual([
      'name:string',
      'price:money',
      'email:email@task',
    ]);
    expect(shape(edit(products, 'also get the product URL for each product'))).toEqual([
      'name:string',
      'price:money',
      'url:url',
    ]);
    const jobs = edit(
      { ...PLAN_ROWS, outputs: PLAN_ROWS.outputs.slice(2) },
      'also give the name of the company that is hiring (once, not per plan)',
    );
    expect(shape(jobs)).toEqual(['plan_name:string@row', 'company_name:string@task']);
  });

  it('asks only the named output per a new input', () => {
    const after = edit(CONTACT_PLANS, 'add a country input and give the phone number for that country');
    expect(after.inputs.map((i) => i.name)).toEqual(['website', 'country']);
    expect(after.outputs[1]?.query).toContain('{country}');
    expectKept(CONTACT_PLANS, after, ['phone']);
  });
});

describe('formatting instructions change a format, never the set of outputs', () => {
  it.each([
    ['give the phone number in international format', 'phone', 'in international format'],
    ['phone in international format please', 'phone', 'in international format'],
    ['format the phone number like +49 30 1234567', 'phone', 'like +49 30 1234567'],
    ['use international format for the phone number', 'phone', 'international format'],
    ['the phone number should be in international format', 'phone', 'in international format'],
  ])('%s', (instruction, field, format) => {
    const after = edit(CONTACT_PLANS, instruction);
    expect(after.outputs.find((o) => o.name === field)?.format).toBe(format);
    expect(shape(after)).toEqual(shape(CONTACT_PLANS));
    expectKept(CONTACT_PLANS, after, [field]);
  });

  it('formats several outputs named together or in turn', () => {
    const both = edit(ARTICLE, 'title and author in uppercase');
    expect(both.outputs.slice(0, 2).map((o) => o.format)).toEqual(['in uppercase', 'in uppercase']);
    expect(shape(both)).toEqual(shape(ARTICLE));
    const each = edit(CONTACT_PLANS, 'email in lowercase, phone in international format');
    expect(each.outputs.slice(0, 2).map((o) => o.format)).toEqual([
      'in lowercase',
      'in international format',
    ]);
    expect(edit(CONTACT_PLANS, 'Please make the phone number international format').outputs[1]?.format).toBe(
      'international format',
    );
  });

  it('formats every date for "dates as YYYY-MM-DD" and the title for "title in lowercase"', () => {
    expect(edit(ARTICLE, 'dates as YYYY-MM-DD').outputs[3]?.format).toBe('as YYYY-MM-DD');
    expect(edit(ARTICLE, 'make the title lowercase').outputs[0]?.format).toBe('lowercase');
  });

  it('retypes when a type is named, and keeps the rest as format', () => {
    const after = edit(
      {
        ...PLAN_ROWS,
        outputs: [...PLAN_ROWS.outputs, out('monthly_price', 'money', 'What is the monthly price?')],
      },
      'monthly price as a number, without the currency',
    );
    expect(after.outputs[3]).toMatchObject({ type: 'number', format: 'without the currency' });
    expect(edit(ARTICLE, 'make tags a single text instead of a list').outputs[2]?.type).toBe('string');
  });

  it('reads "drop the currency sign from the price" as formatting', () => {
    const def = { ...ARTICLE, outputs: [...ARTICLE.outputs, out('price', 'money', 'What is the price?')] };
    expect(edit(def, 'drop the currency sign from the price').outputs[4]?.format).toBe(
      'without the currency sign',
    );
  });
});

describe('renames, reorders and the task name', () => {
  it('renames by "call the email column contact_email" and moves outputs', () => {
    expect(edit(CONTACT_PLANS, 'call the email column contact_email').outputs[0]?.name).toBe('contact_email');
    expect(edit(CONTACT_PLANS, 'move phone before email').outputs.map((o) => o.name)).toEqual([
      'phone',
      'email',
      'pricing_plans',
    ]);
    expect(edit(CONTACT_PLANS, 'put the email last').outputs.map((o) => o.name)).toEqual([
      'phone',
      'pricing_plans',
      'email',
    ]);
  });

  it('removes a group except what is named, and adds what a question asks for', () => {
    const social: TaskDefinition = {
      ...CONTACT_PLANS,
      outputs: [
        out('linkedin_url', 'url', 'LinkedIn?'),
        out('twitter_url', 'url', 'Twitter?'),
        out('facebook_url', 'url', 'Facebook?'),
      ],
    };
    expect(shape(edit(social, 'remove all social links except LinkedIn'))).toEqual(['linkedin_url:url']);
    expect(shape(edit(CONTACT_PLANS, 'drop everything but email and phone'))).toEqual([
      'email:email',
      'phone:phone',
    ]);
    expect(edit(CONTACT_PLANS, 'what is their revenue?').outputs.map((o) => o.name)).toContain('revenue');
  });

  it('changes the task name only when asked', () => {
    expect(edit(CONTACT_PLANS, 'rename the task to Vendor contacts').name).toBe('Vendor contacts');
    expect(edit(CONTACT_PLANS, 'remove the phone').name).toBe(CONTACT_PLANS.name);
  });
});

describe('unclear instructions are refused whole, saying what was understood', () => {
  it.each(['make it better', 'asdf qwer', 'do the thing', 'fix it'])('%s', (instruction) => {
    const result = applyInstruction(CONTACT_PLANS, instruction);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message).toMatch(/^Not understood: ".+"\. The task was not changed\./);
  });

  it('names the understood part of a partly understood instruction and applies none of it', () => {
    const result = applyInstruction(CONTACT_PLANS, 'add the CEO name and blah');
    expect(result).toMatchObject({ ok: false });
    if (!result.ok)
      expect(result.message).toMatch(
        /^Understood: add the CEO name\. Not understood: "blah"\. The task was not changed\./,
      );
  });

  it('refuses removing an output the task does not have', () => {
    const result = applyInstruction(CONTACT_PLANS, 'remove the fax number');
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message).toMatch(/no output "fax number".*The task was not changed\./);
  });
});
