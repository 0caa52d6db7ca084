import { describe, expect, it } from 'vitest';
import { capName, headerName } from './header-names';

describe('headerName: column headers a person would write', () => {
  it.each([
    ['year the company was founded', 'company', 'founded_year'],
    ['number of pages of the book', 'book', 'page_count'],
    ['number of words in the article', 'article', 'word_count'],
    ['date the article was posted', 'article', 'posted_date'],
    ['the date it was last updated', 'article', 'last_updated_date'],
    ['main topic of the article', 'article', 'main_topic'],
    ['single main topic', 'article', 'main_topic'],
    ['name of their data protection officer', 'company', 'data_protection_officer_name'],
    ['URLs of their case studies', 'company', 'case_study_urls'],
    ['date of the event', 'event', 'event_date'],
    ['discount for students', 'company', 'student_discount'],
    ['how many offices', 'company', 'office_count'],
    ['terms of service', 'company', 'terms_of_service'],
    ['terms and conditions', 'company', 'terms_and_conditions'],
    ['refund policy', 'company', 'refund_policy'],
  ])('%s → %s', (phrase, subject, name) => {
    expect(headerName(phrase, subject)).toBe(name);
  });

  it('keeps at most four words, the ones nearest the head', () => {
    const name = headerName(
      'extraordinarily detailed international headquarters relocation announcement timeline summary',
    );
    expect(name).toBe('relocation_announcement_timeline_summary');
    expect(capName('offers_free_shipping_to_canada')).toBe('offers_free_shipping_canada');
  });
});
