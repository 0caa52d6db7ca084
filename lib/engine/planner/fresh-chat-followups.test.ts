// Fresh edit phrasings for the fault classes session 33's reading of dev-4 showed (issue 29), in other
// words than those cases: a second sentence that goes on with "and", a condition such as "if they list
// them", a type said after the addition ("just yes/no"), the column named first ("For the title
// column, …"), a purpose beside the request ("so we can dedupe"), a reason after a rename's new name,
// an adverb before the guidance ("always lowercase"), "they're", a rename by pointer ("Call it …"), a
// summary named as typed.
import { editRuleGroups, type EditRule } from '../../../bench/planner/fresh';

const BOOK = ['title:string', 'author:string', 'publisher:string', 'isbn:string', 'page_count:number'];
const SPEAKERS = ['name:string', 'job_title:string', 'company:string'];

const RULES: Record<string, EditRule[]> = {
  'a sentence that goes on with "and" adds too; a condition is not a field': [
    {
      lang: 'en',
      base: 'book',
      text: 'Could you add the edition? And the cover price if they show it.',
      fields: [...BOOK, 'edition:string|number', 'cover_price|price:money'],
    },
    {
      lang: 'en',
      base: 'contact',
      text: 'add the fax number if it is listed',
      fields: ['email:email', 'phone:phone', 'fax|fax_number:phone'],
    },
  ],
  'the type said after the addition': [
    {
      lang: 'en',
      base: 'book',
      text: 'Would be nice to also know whether it is out of print. Only yes/no, like the others.',
      fields: [...BOOK, 'out_of_print|is_out_of_print:boolean'],
    },
    {
      lang: 'en',
      base: 'contact',
      text: 'Please add how many branches they have. Just a number.',
      fields: ['email:email', 'phone:phone', 'branch_count|number_of_branches:number'],
    },
  ],
  'the column named first, a purpose beside the request': [
    {
      lang: 'en',
      base: 'book',
      text: 'For the publisher column, please strip words like "Press" and "Verlag". We only want the bare name so the list sorts well.',
      fields: BOOK,
      format: ['publisher'],
    },
    {
      lang: 'en',
      base: 'speakers',
      text: 'In the job title field, just use lowercase',
      fields: SPEAKERS,
      format: ['job_title'],
    },
    {
      lang: 'en',
      base: 'speakers',
      text: 'strip the legal form from the company. We also need their country so we can group them',
      fields: [...SPEAKERS, 'country:string'],
      format: ['company'],
    },
  ],
  'a rename with its reason; guidance with an adverb': [
    {
      lang: 'en',
      base: 'book',
      text: 'rename isbn to isbn_13 because that is what our system calls it',
      fields: ['title:string', 'author:string', 'publisher:string', 'isbn_13:string', 'page_count:number'],
      renamed: { isbn_13: 'isbn' },
    },
    {
      lang: 'en',
      base: 'contact',
      text: 'phone always in international format please',
      fields: ['email:email', 'phone:phone'],
      format: ['phone'],
    },
  ],
  'a rename by pointer to the column the sentence before named': [
    {
      lang: 'en',
      base: 'book',
      text: 'The isbn header means nothing to our editors. Call it book_number.',
      fields: [
        'title:string',
        'author:string',
        'publisher:string',
        'book_number:string',
        'page_count:number',
      ],
      renamed: { book_number: 'isbn' },
    },
    {
      lang: 'en',
      base: 'book',
      text: 'The page_count is too small. Make it bigger.',
      fields: BOOK,
      refused: true,
    },
  ],
  'a summary is named as typed': [
    {
      lang: 'en',
      base: 'book',
      text: 'please also add a short summary of the plot (three sentences at most)',
      fields: [...BOOK, 'summary|plot_summary:string'],
    },
  ],
  'a field named first with a comma ("For the price, I want just …"); "otherwise …" beside a request': [
    {
      lang: 'en',
      base: 'book',
      text: 'For the ISBN, I only want the number as a plain number please',
      fields: ['title:string', 'author:string', 'publisher:string', 'isbn:number', 'page_count:number'],
      touched: ['isbn'],
    },
    {
      lang: 'en',
      base: 'speakers',
      text: 'as for the company, just the short name without legal form',
      fields: SPEAKERS,
      format: ['company'],
    },
    {
      lang: 'de',
      base: 'contact',
      text: 'Die Telefonnummer bitte immer international formatieren, sonst kann unser CRM nichts damit anfangen',
      fields: ['email:email', 'phone:phone'],
      format: ['phone'],
    },
  ],
  'a list field turned into rows, said with a wish and "instead of"': [
    {
      lang: 'en',
      base: 'contact_plans',
      text: 'Rather than the list of plans we would like a row for each plan with the plan name and the yearly price. Email and phone just once per site.',
      list: true,
      fields: ['email:email@task', 'phone:phone@task', 'plan_name:string', 'yearly_price|annual_price:money'],
    },
  ],
  'German "könnt ihr", a copula after its subject, "(ja / nein)"': [
    {
      lang: 'de',
      base: 'book',
      text: 'Könnt ihr noch aufnehmen, ob das Buch vergriffen ist (ja / nein)?',
      fields: [...BOOK, 'out_of_print|is_out_of_print:boolean'],
    },
  ],
  'German separable verbs, a subject clause after a comma, a reason after a dash': [
    {
      lang: 'de',
      base: 'book',
      text: 'Bitte noch die Sprache reinnehmen, wir sortieren die Liste danach.',
      fields: [...BOOK, 'language|book_language:string'],
    },
    {
      lang: 'de',
      base: 'book',
      text: 'Bitte die Spalte isbn in isbn_13 umbenennen – so heißt sie bei uns im System.',
      fields: ['title:string', 'author:string', 'publisher:string', 'isbn_13:string', 'page_count:number'],
      renamed: { isbn_13: 'isbn' },
    },
  ],
  'a replacement by a synonym renames the field and keeps its question': [
    {
      lang: 'en',
      base: 'contact',
      text: 'replace email with email_address',
      fields: ['email_address:email', 'phone:phone'],
      renamed: { email_address: 'email' },
    },
  ],
  '"they\'re" read in full': [
    {
      lang: 'en',
      base: 'contact',
      text: "It'd be useful to also know whether they're open on Sundays",
      fields: [
        'email:email',
        'phone:phone',
        'open_on_sundays|open_sundays|open_on_sunday|is_open_on_sundays:boolean',
      ],
    },
  ],
};

editRuleGroups(RULES, new Set());
