import { describe, expect, it } from 'vitest';
import type { OutputType } from '@/lib/contract/task-definition';
import { classifyQuery } from './classify-query';

const kind = (keyword: string, query: string, type: OutputType = 'string') => {
  const c = classifyQuery({ keyword, query, type });
  return c.network ? `${c.kind}:${c.network}` : c.kind;
};

describe('classifyQuery', () => {
  it.each([
    ['company_name', 'What is the company called?', 'company_name'],
    ['name', 'Business name', 'company_name'],
    ['company', 'Which company runs the site?', 'company_name'],
    ['contact_email', 'Email address for sales', 'email'],
    ['support', 'Where to write for help', 'email', 'email'],
    ['phone', 'Main telephone number', 'phone'],
    ['hq', 'Where is the headquarters?', 'address'],
    ['linkedin_url', 'LinkedIn page', 'social:linkedin'],
    ['x_handle', 'X profile of the company', 'social:x'],
    ['socials', 'Social media profiles', 'social'],
    ['founded_year', 'When was the company founded?', 'founded'],
    ['headcount', 'How many employees does the company have?', 'employees'],
    ['pricing', 'Starting price of the cheapest plan', 'price'],
    ['plan_name', 'Plan name', 'product_name'],
    ['ceo', 'Who is the CEO?', 'person'],
    ['author', 'Who wrote the article?', 'author'],
    ['published', 'Publication date', 'published'],
    ['date', 'Date of the post', 'published', 'date'],
    ['language', 'Language of the website', 'language'],
    ['website', 'Company website', 'website', 'url'],
    ['headline', 'Article headline', 'title'],
    ['summary', 'Short description of the company', 'description'],
    ['careers_page', 'Careers page', 'link', 'url'],
    ['free_trial', 'Does the company offer a free trial?', 'passage', 'boolean'],
    ['founder_blog', 'Does the founder write a blog?', 'passage', 'boolean'],
  ])('%s: %s → %s', (keyword, query, expected, type = 'string') => {
    expect(kind(keyword, query, type as OutputType)).toBe(expected);
  });

  it('keeps content words of keyword and query for search', () => {
    expect(
      classifyQuery({ keyword: 'free_trial', query: 'Does {company} offer a free trial?', type: 'boolean' })
        .terms,
    ).toEqual(['free', 'trial', 'offer']);
  });
});
