import type { OutputType } from '../lib/contract/task-definition';
import { FACTS, companyFacts } from '../tests/fixtures/site/server';

// The quality set: start pages of the fixture website and what a correct answer is for each field.
// `expect` is the exact value, null (must stay empty: never invented), {contains: parts},
// {snippet: text the supporting snippet must contain} for free-text questions, or a list.

export type Field =
  | 'title'
  | 'author'
  | 'date'
  | 'language'
  | 'email'
  | 'phone'
  | 'social'
  | 'free text'
  | 'name'
  | 'address'
  | 'founded'
  | 'employees'
  | 'price'
  | 'count'
  | 'topics';

export interface Expectation {
  field: Field;
  keyword: string;
  query: string;
  type: OutputType;
  expect: string | number | boolean | null | string[] | { contains: string[] } | { snippet: string };
}

const f = (
  field: Field,
  keyword: string,
  query: string,
  type: OutputType,
  expect: Expectation['expect'],
): Expectation => ({
  field,
  keyword,
  query,
  type,
  expect,
});

const language = (v: string | null) => f('language', 'language', 'Language of the page', 'string', v);
const email = (v: string | null) => f('email', 'email', 'Contact email address', 'email', v);
const phone = (v: string | null) => f('phone', 'phone', 'Main phone number', 'string', v);
const socials = (s: Record<string, string>) =>
  Object.entries(s).map(([network, url]) =>
    f('social', `${network}_url`, `${network === 'x' ? 'Twitter / X' : network} profile URL`, 'url', url),
  );

function company(key: 'acme' | 'bergmann' | 'lumen' | 'cafe' | 'northwind'): Expectation[] {
  const c = FACTS[key];
  return [
    f(
      'name',
      'company_name',
      'What is the name of the company?',
      'string',
      key === 'northwind' ? { contains: ['Northwind Outfitters'] } : c.name,
    ),
    email(c.email),
    phone(c.phone),
    f('address', 'address', 'Postal address of the headquarters', 'string', {
      contains: [...c.addressParts],
    }),
    f('founded', 'founded', 'Year the company was founded', 'number', c.founded),
    language(c.language),
    ...socials(c.social as Record<string, string>),
  ];
}

function article(a: {
  path: string;
  title: string;
  author: string;
  published: string;
  language: string | null;
}) {
  return {
    path: a.path,
    fields: [
      f('title', 'headline', 'Headline of the article', 'string', a.title),
      f('author', 'author', 'Author of the article', 'string', a.author),
      f('date', 'published', 'Publication date', 'date', a.published),
      language(a.language),
    ],
  };
}

export const QUALITY_CASES: { path: string; fields: Expectation[] }[] = [
  {
    path: FACTS.acme.path,
    fields: [
      ...company('acme'),
      f('employees', 'employees', 'Number of employees', 'number', FACTS.acme.employees),
      f('free text', 'free_trial', 'How long is the free trial?', 'string', { snippet: '30-day free trial' }),
      f('free text', 'cancellation', 'How can plans be cancelled?', 'string', { snippet: '30 days notice' }),
      f('free text', 'charity_discount', 'Is there a discount for charities?', 'string', {
        snippet: '20% off',
      }),
      f('free text', 'integrations', 'Which systems does it integrate with?', 'string', {
        snippet: 'SAP, NetSuite',
      }),
      f(
        'title',
        'page_title',
        'Title of the page',
        'string',
        'Acme Robotics | Warehouse automation that pays for itself',
      ),
      f('title', 'headline', 'Main headline', 'string', 'Warehouse automation that pays for itself'),
    ],
  },
  { path: FACTS.bergmann.path, fields: [...company('bergmann')] },
  {
    path: FACTS.lumen.path,
    fields: [
      ...company('lumen'),
      f('free text', 'annual_billing', 'Does annual billing save money?', 'string', {
        snippet: 'saves two months',
      }),
      f('free text', 'vat', 'Do prices include VAT?', 'string', { snippet: 'exclude VAT' }),
    ],
  },
  {
    path: FACTS.cafe.path,
    fields: [
      ...company('cafe'),
      f('title', 'title', 'Title of the page', 'string', FACTS.cafe.title),
      f('free text', 'opening_hours', 'What are the opening hours?', 'string', { snippet: '8 h à 22 h' }),
    ],
  },
  {
    path: FACTS.northwind.path,
    fields: [
      ...company('northwind'),
      f('employees', 'employees', 'How many people work there?', 'number', FACTS.northwind.employees),
      f('free text', 'returns', 'What is the return policy?', 'string', { snippet: 'within 60 days' }),
      f('free text', 'warranty', 'What warranty do the boots have?', 'string', {
        snippet: 'two-year warranty',
      }),
      f('free text', 'free_shipping', 'When is shipping free?', 'string', { snippet: 'over $150' }),
      f('free text', 'support_hours', 'What are the customer care hours?', 'string', {
        snippet: '8 am to 6 pm',
      }),
      f('free text', 'leather', 'Where does the leather come from?', 'string', {
        snippet: 'Leather Working Group',
      }),
    ],
  },
  {
    path: FACTS.ru.path,
    fields: [
      f('name', 'company_name', 'Company name', 'string', FACTS.ru.name),
      email(FACTS.ru.email),
      phone(FACTS.ru.phone),
      language(FACTS.ru.language),
      f('founded', 'founded', 'Year founded', 'number', FACTS.ru.founded),
    ],
  },
  {
    path: FACTS.app.path,
    fields: [
      email(FACTS.app.email),
      phone(FACTS.app.phone),
      language(FACTS.app.language),
      f('founded', 'founded', 'Year founded', 'number', FACTS.app.founded),
      f('social', 'linkedin_url', 'LinkedIn profile URL', 'url', FACTS.app.linkedin),
      f('free text', 'languages_read', 'How many languages can the models read?', 'string', {
        snippet: 'eleven languages',
      }),
    ],
  },
  {
    ...article({ ...FACTS.article, path: FACTS.article.path }),
  },
  ...FACTS.articles.map(article),
  {
    path: FACTS.articles[0]!.path,
    fields: [
      f('free text', 'vote', 'How did the council vote?', 'string', { snippet: '7-2' }),
      f('free text', 'bike_lanes', 'How much money goes to bike lanes?', 'string', {
        snippet: '$3.2 million',
      }),
      f('free text', 'tax', 'How much will property taxes rise?', 'string', { snippet: '2.5' }),
      f('email', 'email', 'Newsroom email', 'email', 'tips@riverton-daily.example'),
      // Counted over the main content (byline included, headline not), never a number printed in it.
      f('count', 'word_count', 'Number of words in the article', 'number', 119),
      // From the page's keyword data; its first keyword is the site's own name, which is no topic.
      f('topics', 'main_topic', 'What is the main topic of the article?', 'string', 'City budget'),
      f('topics', 'keywords', 'Keywords', 'list', ['City budget', 'Bike lanes', 'Property taxes']),
      f('topics', 'section', 'Which section is the article in?', 'string', 'Local'),
    ],
  },
  {
    path: FACTS.articles[1]!.path,
    fields: [
      f('free text', 'cost', 'How much did the project cost?', 'string', { snippet: '£31 million' }),
      f('free text', 'homes', 'How many homes will it power?', 'string', { snippet: '7,000 homes' }),
      f('email', 'email', 'Contact email', 'email', null),
    ],
  },
  {
    path: FACTS.articles[2]!.path,
    fields: [
      f('free text', 'overlap', 'When is the overlap window?', 'string', { snippet: '14:00 to 16:00 UTC' }),
      f('free text', 'meeting_free', 'Which day is meeting-free?', 'string', { snippet: 'Wednesdays' }),
    ],
  },
  {
    path: FACTS.faq.path,
    fields: [
      f('free text', 'deployment_time', 'How long does a deployment take?', 'string', {
        snippet: FACTS.faq.deployment,
      }),
      f('free text', 'warranty', 'What is the warranty on the robots?', 'string', { snippet: 'three-year' }),
    ],
  },
  {
    path: FACTS.lamp.path,
    fields: [
      f('name', 'product_name', 'Product name', 'string', FACTS.lamp.name),
      f('price', 'price', 'Price', 'number', FACTS.lamp.price),
      f('free text', 'warranty', 'How long is the warranty?', 'string', { snippet: '3 years' }),
    ],
  },
  {
    path: FACTS.product.path,
    fields: [
      f('name', 'product_name', 'Product name', 'string', FACTS.product.name),
      f('price', 'price', 'Price', 'number', FACTS.product.price),
    ],
  },
  {
    path: FACTS.listings.path,
    fields: [
      phone(FACTS.listings.phone),
      f('title', 'title', 'Page headline', 'string', 'Apartments for rent in Portland'),
    ],
  },
  ...[1, 2, 3, 4, 5].map((n) => {
    const c = companyFacts(n);
    return {
      path: c.path,
      fields: [
        f('name', 'company_name', 'Company name', 'string', c.name),
        email(c.email),
        phone(c.phone),
        f('founded', 'founded', 'Year founded', 'number', c.founded),
        f('employees', 'employees', 'Number of employees', 'number', c.employees),
        language('en'),
      ],
    };
  }),
  {
    path: FACTS.json.path,
    fields: [email(FACTS.json.email), f('founded', 'founded', 'Year founded', 'number', FACTS.json.founded)],
  },
  {
    path: FACTS.text.path,
    fields: [email(FACTS.text.email), phone(FACTS.text.phone)],
  },
];
