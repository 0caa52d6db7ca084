import { describe, expect, it } from 'vitest';
import type { OutputType } from '@/lib/contract/task-definition';
import { readPage } from '../read-page';
import { addressFromLines } from './address';
import { AnswerSheet } from './answer';
import { classifyQuery } from './classify-query';
import { normalizePhone } from './phone';
import { socialNetworkOf } from './social';

/** Answers one query against one synthetic page, the way the runner does. */
function ask(
  body: string,
  keyword: string,
  query: string,
  type: OutputType = 'string',
  url = 'https://example.com/',
) {
  const read = readPage({
    url,
    status: 200,
    contentType: 'text/html',
    body: Buffer.from(`<!DOCTYPE html><html lang="en"><head></head><body>${body}</body></html>`),
  });
  if (!read.ok) throw new Error(read.error);
  const sheet = new AnswerSheet([classifyQuery({ keyword, query, type })]);
  sheet.addPage(read.page);
  return sheet.answer(0);
}

describe('email extraction', () => {
  it('reads obfuscated addresses', () => {
    expect(ask('<p>E-Mail: kontakt [at] firma [dot] de</p>', 'email', 'Email').value).toBe(
      'kontakt@firma.de',
    );
    expect(ask('<p>Write to info(at)beispiel.de</p>', 'email', 'Email').value).toBe('info@beispiel.de');
  });

  it('prefers the department the query names, and general addresses otherwise', () => {
    const page =
      '<h2>Press</h2><p><a href="mailto:press@x.example">press@x.example</a></p><h2>Contact</h2><p>hello@x.example</p>';
    expect(ask(page, 'email', 'Contact email').value).toBe('hello@x.example');
    expect(ask(page, 'press_email', 'Press contact email').value).toBe('press@x.example');
  });

  it('ignores image names that look like addresses', () => {
    expect(ask('<p>logo@2x.png</p>', 'email', 'Email').value).toBeNull();
  });
});

describe('phone extraction', () => {
  it('normalises to E.164 using the page country and skips fax numbers', () => {
    const page = '<p>Telefax: 030 1234567-99<br>Telefon: 030 1234567-0</p>';
    const read = readPage({
      url: 'https://firma.de/',
      status: 200,
      contentType: 'text/html',
      body: Buffer.from(`<html lang="de"><head></head><body>${page}</body></html>`),
    });
    if (!read.ok) throw new Error(read.error);
    const sheet = new AnswerSheet([
      classifyQuery({ keyword: 'phone', query: 'Telefonnummer', type: 'string' }),
    ]);
    sheet.addPage(read.page);
    expect(sheet.answer(0).value).toBe('+493012345670');
  });

  it('keeps an unparseable number as written rather than dropping it', () => {
    expect(normalizePhone('+1 415-555-0188', 'US')).toBe('+14155550188');
    expect(normalizePhone('12', 'US')).toBeNull();
  });
});

describe('address extraction', () => {
  it('cuts the street-to-postcode run out of surrounding lines', () => {
    expect(addressFromLines(['Acme Inc.', '1 Infinite Loop', 'Cupertino, CA 95014', 'Phone: 555'])).toBe(
      '1 Infinite Loop, Cupertino, CA 95014',
    );
    expect(addressFromLines(['Musterfirma GmbH', 'Hauptstr. 5', '10115 Berlin', 'Deutschland'])).toBe(
      'Hauptstr. 5, 10115 Berlin, Deutschland',
    );
    expect(addressFromLines(['Head office: 10 Downing Street, London SW1A 2AA'])).toBe(
      '10 Downing Street, London SW1A 2AA',
    );
    expect(addressFromLines(['We moved in 2019 to a bigger street'])).toBeNull();
  });

  it('reads postal addresses in <address> and footers', () => {
    expect(
      ask('<footer>Firma · Gartenweg 3 · 80331 München · Tel. 089 1234</footer>', 'address', 'Address').value,
    ).toBe('Gartenweg 3, 80331 München');
  });
});

describe('social profiles', () => {
  it.each([
    ['https://www.linkedin.com/company/acme/', 'linkedin'],
    ['https://www.linkedin.com/shareArticle?url=x', null],
    ['https://twitter.com/acme', 'x'],
    ['https://x.com/intent/tweet?text=hi', null],
    ['https://www.facebook.com/acme', 'facebook'],
    ['https://www.facebook.com/sharer/sharer.php?u=x', null],
    ['https://www.instagram.com/acme/', 'instagram'],
    ['https://www.instagram.com/p/Cx123/', null],
    ['https://www.youtube.com/@acme', 'youtube'],
    ['https://www.youtube.com/watch?v=1', null],
    ['https://github.com/acme', 'github'],
    ['https://github.com/features', null],
    ['https://example.com/acme', null],
  ])('%s → %s', (href, network) => {
    expect(socialNetworkOf(href)).toBe(network);
  });
});

describe('company facts', () => {
  it('reads founding years without mistaking copyright years', () => {
    expect(ask('<p>Established in 1921 in Ohio.</p>', 'founded', 'Year founded', 'number').value).toBe(1921);
    expect(ask('<p>Gegründet 1962 als Werkstatt.</p>', 'founded', 'Gründungsjahr', 'number').value).toBe(
      1962,
    );
    expect(
      ask('<footer>© 2024 Acme</footer><p>Welcome.</p>', 'founded', 'Year founded', 'number').value,
    ).toBeNull();
  });

  it('reads employee counts in several phrasings', () => {
    expect(ask('<p>We employ more than 1,200 engineers.</p>', 'employees', 'Employees', 'number').value).toBe(
      1200,
    );
    expect(ask('<p>A 35-person team in Lisbon.</p>', 'employees', 'Employees', 'number').value).toBe(35);
    expect(
      ask('<p>Rund 80 Mitarbeiterinnen und Mitarbeiter.</p>', 'employees', 'Mitarbeiter', 'number').value,
    ).toBe(80);
    expect(ask('<p>Trusted by 5,000 customers.</p>', 'employees', 'Employees', 'number').value).toBeNull();
  });

  it('finds people by role in sentences and on team cards', () => {
    expect(
      ask('<p>"We grow," said Jane Smith, chief executive of Foo.</p>', 'ceo', 'Who is the CEO?').value,
    ).toBe('Jane Smith');
    expect(ask('<p>CEO John Doe founded the firm.</p>', 'ceo', 'Name of the CEO').value).toBe('John Doe');
    expect(ask('<h3>Ana Silva</h3><p>Founder and CEO</p>', 'ceo', 'Who is the CEO?').value).toBe('Ana Silva');
  });

  it('picks the cheapest price when the query asks for a starting price', () => {
    const page = '<h2>Pro</h2><p>$99/month</p><h2>Basic</h2><p>$19/month</p>';
    expect(ask(page, 'starting_price', 'Starting price').value).toBe('$19/month');
  });
});

describe('passages', () => {
  it('answers booleans from yes/no evidence only', () => {
    const page = '<p>We do not offer a free trial, but demos are free.</p><p>Shipping is worldwide.</p>';
    expect(ask(page, 'trial', 'Is there a free trial?', 'boolean').value).toBe(false);
    expect(ask(page, 'ships_worldwide', 'Do they ship worldwide?', 'boolean').value).toBe(true);
    expect(ask(page, 'vegan', 'Are the products vegan?', 'boolean').value).toBeNull();
  });

  it('gives the matching passage with a snippet for free-text questions', () => {
    const answer = ask(
      '<p>Our warehouse robots lift up to 40 kg.</p><p>Unrelated text.</p>',
      'payload',
      'How much can the robots lift?',
    );
    expect(answer.value).toBe('Our warehouse robots lift up to 40 kg');
    expect(answer.source?.snippet).toBe('Our warehouse robots lift up to 40 kg.');
  });

  it('answers a question with the clause that holds its answer, quoting the whole sentence', () => {
    const sentence =
      'Council member Rita Alvarez, who voted against the plan, said property taxes would rise by 2.5 percent as a result.';
    const answer = ask(
      `<p>${sentence}</p><p>Unrelated text.</p>`,
      'tax',
      'How much will property taxes rise?',
    );
    expect(answer.value).toBe('said property taxes would rise by 2.5 percent as a result');
    expect(answer.source?.snippet).toBe(sentence);
  });

  it('answers a field named by a topic with the passage, as an analyst would copy it', () => {
    const text = 'Refunds arrive within a week, and returns are free within 60 days.';
    const answer = ask(`<p>${text}</p><p>Unrelated text.</p>`, 'refunds', 'Refunds');
    expect(answer.value).toBe(text);
  });
});
