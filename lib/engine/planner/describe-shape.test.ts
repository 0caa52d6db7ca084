import { describe, expect, it } from 'vitest';
import type { TaskDefinition, TaskOutput } from '@/lib/contract/task-definition';
import { planFromDescription } from './index';

function plan(description: string): TaskDefinition {
  const result = planFromDescription(description);
  if (!result.ok) throw new Error(`refused: ${result.message}`);
  return result.definition;
}

const brief = (o: TaskOutput): string =>
  [
    `${o.name}:${o.type}`,
    o.items ? `items=${o.items}` : '',
    o.scope ? `@${o.scope}` : '',
    o.format ? `fmt=${o.format}` : '',
  ]
    .filter(Boolean)
    .join(' ');
const shape = (d: TaskDefinition): string[] => d.outputs.map(brief);

describe('planFromDescription: header names, types and formats', () => {
  it.each([
    ['Find the year the company was founded', ['founded_year:number']],
    ['Find the number of pages of the book', ['page_count:number']],
    ['Find the number of words in the article', ['word_count:number']],
    ['Find the name of the CEO and the main topic of the article', ['ceo_name:string', 'main_topic:string']],
    ['Find the salary and the annual fee', ['salary:money', 'annual_fee:money']],
    ['Find the support phone number and the fax', ['support_phone_number:phone', 'fax:phone']],
    ['Find the revenue as a number', ['revenue:number']],
    ['Find the phone number in international format', ['phone:phone fmt=international format']],
    ['Get the price in USD', ['price:money fmt=USD']],
    ['Find the publication date (YYYY-MM-DD)', ['published_date:date fmt=YYYY-MM-DD']],
    ['Find the list of URLs of their case studies', ['case_study_urls:list items=url']],
    ['Find their social media links', ['social_links:list items=url']],
  ])('%s', (description, expected) => {
    expect(shape(plan(description))).toEqual(expected);
  });

  it.each([
    ['Does the privacy policy mention GDPR?', ['mentions_gdpr:boolean']],
    ['Which payment methods do they accept?', ['payment_methods:list']],
    ['Which countries does the company ship to?', ['countries:list']],
    ['Find all email addresses', ['emails:list items=email']],
    ['email address of the press contact', ['press_contact_email:email']],
    ['Get me their emial and phone nubmer', ['email:email', 'phone:phone']],
    ['Find the main topic of the article, as one short phrase', ['main_topic:string fmt=one short phrase']],
    ['Return the number of pages and the publisher', ['page_count:number', 'publisher:string']],
    ['How much does the basic plan cost per month?', ['basic_plan_monthly_price:money']],
    ['Is the product in stock, and what does it cost?', ['in_stock:boolean', 'price:money']],
    ['Tell me how much shipping costs', ['shipping_cost:money']],
    ['Is the company B Corp certified?', ['b_corp_certified:boolean']],
    ['Return the revenue as a plain number', ['revenue:number']],
    ['Founded year as a four-digit number', ['founded_year:number']],
    ['How old is the company?', ['founded_year:number']],
    ['Fields: email, phone, address', ['email:email', 'phone:phone', 'address:string']],
    ['What does the company sell?', ['products:list']],
    ['Get the monthly and annual price', ['monthly_price:money', 'annual_price:money']],
    ['The annual revenue in millions of euros', ['revenue:money fmt=millions of euros']],
    [
      'contact email and phone number, the phone number in international format',
      ['email:email', 'phone:phone fmt=international format'],
    ],
    [
      'the title of the article and the publication date in the format YYYY-MM-DD',
      ['title:string', 'published_date:date fmt=YYYY-MM-DD'],
    ],
    [
      'I need a task that goes to the website of each company and finds the CEO and the number of employees',
      ['ceo_name:string', 'employee_count:number'],
    ],
    ["What's their email and phone?", ['email:email', 'phone:phone']],
    ['contact email + phone number', ['email:email', 'phone:phone']],
    ['What year was the company founded?', ['founded_year:number']],
    ['What payment options are available?', ['payment_methods:list']],
    ['Do they mention ISO 27001 certification anywhere?', ['iso_27001_certified:boolean']],
    ['How many employees work there?', ['employee_count:number']],
    ["Find the CEO's full name and the CFO", ['ceo_name:string', 'cfo_name:string']],
    ['Find the name of the person who wrote the article', ['author:string']],
    ['When was the article published? Also, who wrote it?', ['published_date:date', 'author:string']],
    [
      'company name; founded year; headquarters city',
      ['company_name:string', 'founded_year:number', 'headquarters_city:string'],
    ],
  ])('%s', (description, expected) => {
    expect(shape(plan(description))).toEqual(expected);
  });

  it('keeps every field of a question followed by a request', () => {
    const d = plan(
      'Does the website mention SOC 2 compliance? Also give the name of their data protection officer',
    );
    expect(shape(d)).toEqual(['soc_2_compliant:boolean', 'data_protection_officer_name:string']);
  });
});

describe('planFromDescription: rows and page-level fields together', () => {
  it('keeps the company of each speaker', () => {
    const d = plan('List all the speakers of a conference with their name, job title and company');
    expect(d.list).toBe(true);
    expect(shape(d)).toEqual(['name:string', 'job_title:string', 'company:string']);
  });

  it('asks page-level fields once and the columns per row', () => {
    const d = plan(
      "Find the company's email and phone number, and list its pricing plans with name and monthly price",
    );
    expect(d.list).toBe(true);
    expect(shape(d)).toEqual([
      'name:string',
      'monthly_price:money',
      'email:email @task',
      'phone:phone @task',
    ]);
    expect(d.outputs[2]?.query).toBe("What is the company's contact email address?");
  });

  it('keeps a field about each row in the rows', () => {
    const d = plan(
      "List all products with their name and price. Also find the store's email address and whether each product is in stock",
    );
    expect(shape(d)).toEqual(['name:string', 'price:money', 'email:email @task', 'in_stock:boolean']);
  });

  it('reads a plural heading over its columns as rows', () => {
    const d = plan('speakers — name, title, company');
    expect(d.list).toBe(true);
    expect(shape(d)).toEqual(['name:string', 'title:string', 'company:string']);
  });

  it('asks the words before the list phrase once for the page', () => {
    const d = plan('The conference name and date, and every speaker with their name and company');
    expect(shape(d)).toEqual([
      'name:string',
      'company:string',
      'conference_name:string @task',
      'date:date @task',
    ]);
  });

  it('reads "for each X its A and B" as the columns of X', () => {
    const d = plan("Get the company's email and phone, and for each pricing plan its name and monthly price");
    expect(d.list).toBe(true);
    expect(shape(d)).toEqual([
      'name:string',
      'monthly_price:money',
      'email:email @task',
      'phone:phone @task',
    ]);
  });

  it("asks a column owned by something else once: 'the restaurant's opening hours'", () => {
    const d = plan(
      "Extract the list of dishes on the menu with their prices and the restaurant's opening hours",
    );
    expect(shape(d)).toEqual(['name:string', 'price:money', 'opening_hours:string @task']);
  });

  it('reads a type word and guidance in one aside; the row name keeps the noun typed with it', () => {
    const d = plan('Return the product name and price (as a number, no currency) for each product');
    expect(shape(d)).toEqual(['product_name:string', 'price:number fmt=no currency']);
  });

  it.each([
    [
      'go to the careers page and list each job opening: job title, location, publication date',
      ['job_title:string', 'location:string', 'posted_date:date'],
    ],
    [
      'list all stores with their address and their opening hours',
      ['address:string', 'opening_hours:string'],
    ],
    [
      'the contact email for applications and each job opening with their title',
      ['title:string', 'application_email:email @task'],
    ],
    ['Pricing plans and their monthly prices', ['name:string', 'monthly_price:money']],
    ['name, price, url for every product', ['name:string', 'price:money', 'url:url']],
    [
      "For every location: address, phone, opening hours. Also the company's head office email.",
      ['address:string', 'phone:phone', 'opening_hours:string', 'head_office_email:email @task'],
    ],
    ['a table of products (name, price, link)', ['name:string', 'price:money', 'url:url']],
    ["Get every team member's name and position", ['name:string', 'job_title:string']],
    ['One row per location with address and phone', ['address:string', 'phone:phone']],
    [
      'Get the event name, the venue, and a list of all talks with title and speaker',
      ['title:string', 'speaker:string', 'event_name:string @task', 'venue:string @task'],
    ],
  ])('list: %s', (description, expected) => {
    const d = plan(description);
    expect(d.list).toBe(true);
    expect(shape(d)).toEqual(expected);
  });

  it('keeps guidance written after the item with the columns', () => {
    const d = plan('Get the price of each plan as a number');
    expect(d.list).toBe(true);
    expect(shape(d)).toEqual(['price:number']);
  });

  it('reads columns written before "for each"', () => {
    const d = plan('Extract name, price and SKU for each product on the page');
    expect(shape(d)).toEqual(['name:string', 'price:money', 'sku:string']);
  });
});
