import { describe, expect, it } from 'vitest';
import { TaskDefinitionSchema, type TaskDefinition } from '@/lib/contract/task-definition';
import { planFromDescription } from './index';

const outputs = (d: TaskDefinition): string[] => d.outputs.map((o) => `${o.name}:${o.type}`);
const inputs = (d: TaskDefinition): string[] => d.inputs.map((i) => `${i.name}:${i.type}`);

function plan(description: string): TaskDefinition {
  const result = planFromDescription(description);
  if (!result.ok) throw new Error(`refused: ${result.message}`);
  return result.definition;
}

interface Accepted {
  description: string;
  outputs: string[];
  inputs?: string[];
  list?: boolean;
  name?: string;
}

const WEBSITE = ['website:url'];

const ACCEPTED: Accepted[] = [
  {
    description: 'Find the contact email and phone number of a company website',
    outputs: ['email:email', 'phone:phone'],
    name: 'Company contact details',
  },
  {
    description: 'Extract the company name, description, industry and founding year',
    outputs: ['company_name:string', 'description:string', 'industry:string', 'founded_year:number'],
  },
  {
    description: 'Get the LinkedIn, Twitter and Facebook pages of the company',
    outputs: ['linkedin_url:url', 'twitter_url:url', 'facebook_url:url'],
    name: 'Company social media profiles',
  },
  { description: 'Find their social media links', outputs: ['social_links:list'] },
  {
    description: 'Given a company website and a country, find the VAT number and local phone number',
    outputs: ['vat_number:string', 'local_phone_number:phone'],
    inputs: ['website:url', 'country:string'],
  },
  {
    description: 'For each product page URL, extract the product name, price and whether it is in stock',
    outputs: ['product_name:string', 'price:money', 'in_stock:boolean'],
    inputs: ['product_url:url'],
  },
  {
    description: 'For each product list name and price',
    outputs: ['name:string', 'price:money'],
    list: true,
    name: 'Product list: name and price',
  },
  {
    description: 'List all job openings with title and location',
    outputs: ['title:string', 'location:string'],
    list: true,
  },
  {
    description: 'Go to the careers page and list all job openings with their title and location',
    outputs: ['title:string', 'location:string'],
    list: true,
  },
  {
    description: 'Find the CEO, the founders and the number of employees',
    outputs: ['ceo_name:string', 'founders:list', 'employee_count:number'],
  },
  {
    description: 'Check whether they offer a free trial and whether they ship internationally',
    outputs: ['offers_free_trial:boolean', 'ships_internationally:boolean'],
  },
  {
    description: 'Find the number of office locations and the number of open positions',
    outputs: ['office_location_count:number', 'open_position_count:number'],
  },
  {
    description: 'Extract:\n- Email\n- Phone\n- Headquarters address\n- Year founded',
    outputs: ['email:email', 'phone:phone', 'headquarters:string', 'founded_year:number'],
  },
  {
    description: 'Scrape the article title, author, publish date and language',
    outputs: ['title:string', 'author:string', 'published_date:date', 'language:string'],
  },
  {
    description: 'Find the pricing plans as well as the refund policy plus the support email',
    outputs: ['pricing_plans:list', 'refund_policy:string', 'support_email:email'],
  },
  {
    description: "What is the company's headquarters and when was it founded?",
    outputs: ['headquarters:string', 'founded_year:number'],
  },
  {
    description: 'Company overview: name, summary, employee count, revenue and total funding raised',
    outputs: [
      'company_name:string',
      'description:string',
      'employee_count:number',
      'revenue:money',
      'total_funding:money',
    ],
  },
  {
    description: "I need the company's tech stack, customers and competitors",
    outputs: ['technologies:list', 'customers:list', 'competitors:list'],
  },
  {
    description:
      "Look up the business's Instagram, X and TikTok accounts; also the YouTube channel and GitHub organization",
    outputs: ['instagram_url:url', 'twitter_url:url', 'tiktok_url:url', 'youtube_url:url', 'github_url:url'],
  },
  {
    description: "Given a company name, find the company's website and LinkedIn URL",
    outputs: ['website:url', 'linkedin_url:url'],
    inputs: ['company_name:string'],
  },
  {
    description: 'Return one row per team member with name, role and LinkedIn profile',
    outputs: ['name:string', 'role:string', 'linkedin_url:url'],
    list: true,
  },
  { description: 'Find the contact details', outputs: ['email:email', 'phone:phone', 'address:string'] },
  {
    description: 'Find the opening hours; also the phone number. Does the restaurant take reservations?',
    outputs: ['opening_hours:string', 'phone:phone', 'takes_reservations:boolean'],
  },
  {
    description: 'Extract name, price, SKU, brand and image for each product on the page',
    outputs: ['name:string', 'price:money', 'sku:string', 'brand:string', 'image_url:url'],
    list: true,
  },
  {
    description: 'Find whether the company is hiring and how many job openings they list',
    outputs: ['is_hiring:boolean', 'job_opening_count:number'],
  },
  {
    description: 'Find the product name, brand, rating and number of reviews from a product page',
    outputs: ['product_name:string', 'brand:string', 'rating:number', 'review_count:number'],
  },
  {
    description: 'Get me the pricing page URL, the CEO email and the careers page',
    outputs: ['pricing_page_url:url', 'ceo_email:email', 'careers_page_url:url'],
  },
  {
    description: "Given a person's full name and the company website, find their job title and email",
    outputs: ['job_title:string', 'email:email'],
    inputs: ['full_name:string', 'website:url'],
  },
  {
    description: "Inputs: company domain, country. Find the company's VAT ID and registration number.",
    outputs: ['vat_number:string', 'registration_number:string'],
    inputs: ['website:url', 'country:string'],
  },
  {
    description:
      'Visit the website, go to the about page and extract the mission statement and the names of the founders',
    outputs: ['mission:string', 'founders:list'],
  },
  {
    description:
      "I want to know the company's founding year, who the CEO is and where they are headquartered",
    outputs: ['founded_year:number', 'ceo_name:string', 'headquarters:string'],
  },
  {
    description: 'Find all products with their prices',
    outputs: ['name:string', 'price:money'],
    list: true,
  },
  {
    description:
      'Get the company description (1-2 sentences), founded year (number) and whether it is SOC 2 certified',
    outputs: ['description:string', 'founded_year:number', 'soc_2_certified:boolean'],
  },
  {
    description: 'Extract: name, email, phone. For each, if missing, leave empty.',
    outputs: ['company_name:string', 'email:email', 'phone:phone'],
  },
  { description: 'email/phone/address', outputs: ['email:email', 'phone:phone', 'address:string'] },
  {
    description: 'Find the terms and conditions, the revenue (as a number) and a list of awards',
    outputs: ['terms_and_conditions:string', 'revenue:number', 'awards:list'],
  },
  {
    description: 'Find whether the company has been acquired and what does the company do',
    outputs: ['has_been_acquired:boolean', 'description:string'],
  },
];

describe('planFromDescription: accepted descriptions', () => {
  it.each(ACCEPTED)('$description', (c) => {
    const d = plan(c.description);
    expect(outputs(d)).toEqual(c.outputs);
    expect(inputs(d)).toEqual(c.inputs ?? WEBSITE);
    expect(d.list).toBe(c.list ?? false);
    if (c.name) expect(d.name).toBe(c.name);
    expect(d.description).toBe(c.description.trim());
    // The contract schema is the definition of "valid"; the planner asserts it too.
    expect(() => TaskDefinitionSchema.parse(d)).not.toThrow();
    for (const o of d.outputs) {
      expect(o.query.length).toBeGreaterThan(10);
      expect(o.description.length).toBeGreaterThan(0);
    }
  });
});

describe('planFromDescription: queries, names and inputs', () => {
  it('writes concrete questions about the subject', () => {
    const d = plan('Find the contact email and phone number of a company website');
    expect(d.outputs[0]?.query).toBe("What is the company's contact email address?");
    expect(d.inputs).toEqual([{ name: 'website', type: 'url', description: 'Website address to research' }]);
  });

  it('asks list-task questions about each item', () => {
    const d = plan('List all job openings with title and location');
    expect(d.outputs.map((o) => o.query)).toEqual([
      "What is each job opening's title?",
      'Where is each job opening located?',
    ]);
  });

  it('references extra inputs in every query', () => {
    const d = plan('Given a company website and a country, find the VAT number and local phone number');
    for (const o of d.outputs) expect(o.query).toContain('{country}');
    expect(d.outputs[0]?.query).not.toContain('{website}');
  });

  it('asks yes/no questions for booleans and asks for a number for counts', () => {
    const d = plan('Check whether they offer a free trial, and the number of open positions');
    expect(d.outputs[0]?.query).toBe('Does the company offer a free trial? Answer yes or no.');
    expect(d.outputs[1]?.query).toBe('How many open positions does the company have? Give a number.');
  });

  it('answers unknown noun phrases with a passage query', () => {
    const d = plan('Find the refund policy');
    expect(d.outputs[0]).toMatchObject({ name: 'refund_policy', type: 'string' });
    expect(d.outputs[0]?.query).toBe("What is the company's refund policy, as stated on the website?");
  });

  it('deduplicates outputs named twice in different words', () => {
    const d = plan('Find the email, the e-mail address, the telephone and the phone number');
    expect(outputs(d)).toEqual(['email:email', 'phone:phone']);
  });

  it('keeps output names snake_case and at most 64 characters', () => {
    const d = plan(
      'Extract the extraordinarily detailed international headquarters relocation announcement timeline summary',
    );
    for (const o of d.outputs) expect(o.name).toMatch(/^[a-z][a-z0-9_]{0,63}$/);
  });

  it('accepts exactly 10,000 characters', () => {
    const text = `Find the email. ${' '.repeat(10_000 - 'Find the email. '.length - 1)}.`;
    expect(text.length).toBe(10_000);
    expect(planFromDescription(text).ok).toBe(true);
  });
});

const REFUSED: Array<{ description: string; message: RegExp }> = [
  { description: '', message: /description is empty.*Say what to extract/ },
  { description: '   \n  ', message: /description is empty/ },
  {
    description: 'asdkjhasd qwpoeiru zxmcnv',
    message: /Nothing to extract.*Find the contact email and phone number/,
  },
  { description: 'the and of a to', message: /Nothing to extract/ },
  { description: 'Find everything about the company', message: /Nothing to extract/ },
  { description: 'Hello, how are you today?', message: /Nothing to extract/ },
  { description: 'Can you help me?', message: /Nothing to extract/ },
  { description: 'Visit the website', message: /Nothing to extract/ },
  { description: 'Extract all information', message: /Nothing to extract/ },
  // A verb-less phrase that ends on a joining word names no value.
  { description: 'green eleven of the slowly teapot although', message: /Nothing to extract/ },
  {
    description: `Find the email ${'x'.repeat(10_001)}`,
    message: /too long \(10,016 characters\); the limit is 10,000/,
  },
];

describe('planFromDescription: refusals', () => {
  it.each(REFUSED)('refuses $description', ({ description, message }) => {
    const result = planFromDescription(description);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message).toMatch(message);
  });
});
