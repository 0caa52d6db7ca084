// Fresh edit phrasings for the fault classes the dev-3 and dev-4 blind sets showed (issue 29), in other
// words than those cases: instructions typed as in a chat — greetings, reasons beside the request,
// wishes, "X is missing", pointers ("get rid of it"), arrows, field names typed inside another
// language, scopes said after an addition.
import { editRuleGroups, type EditRule } from '../../../bench/planner/fresh';

const JOBS = ['job_title:string', 'location:string', 'department:string', 'posted_date:date'];
const BOOK = ['title:string', 'author:string', 'publisher:string', 'isbn:string', 'page_count:number'];

const RULES: Record<string, EditRule[]> = {
  'a reason beside the request asks for nothing': [
    {
      lang: 'en',
      base: 'jobs',
      text: 'Posted date should be text rather than a date; many boards only say "3 days ago".',
      fields: ['job_title:string', 'location:string', 'department:string', 'posted_date:string'],
    },
    {
      lang: 'en',
      base: 'book',
      text: 'The ISBN can go - our catalogue already has it.',
      fields: ['title:string', 'author:string', 'publisher:string', 'page_count:number'],
    },
    {
      lang: 'es',
      base: 'jobs',
      text: 'Quita la ubicación, no nos interesa',
      fields: ['job_title:string', 'department:string', 'posted_date:date'],
    },
  ],
  'greetings, wishes and "missing"': [
    {
      lang: 'en',
      base: 'book',
      text: 'Hey! It would be great to also have the language of the book. Thanks!',
      fields: [...BOOK, 'language|book_language:string'],
    },
    {
      lang: 'en',
      base: 'contact',
      text: 'the fax number is missing',
      fields: ['email:email', 'phone:phone', 'fax|fax_number:phone'],
    },
    {
      lang: 'fr',
      base: 'book',
      text: "Bonjour, il manque l'année de publication. Merci !",
      fields: [...BOOK, 'publication_year|published_year|year:number|date'],
    },
    {
      lang: 'de',
      base: 'book',
      text: 'Wäre super, wenn wir noch den Verlagsort hätten.',
      fields: [
        ...BOOK,
        'publisher_location|publishing_location|place_of_publication|publication_place:string',
      ],
    },
  ],
  'a pointer names the field before it': [
    {
      lang: 'en',
      base: 'contact',
      text: 'The phone column is useless for us, please drop it',
      fields: ['email:email'],
    },
    {
      lang: 'fr',
      base: 'jobs',
      text: "On n'a pas besoin de la date de publication, tu peux la supprimer.",
      fields: ['job_title:string', 'location:string', 'department:string'],
    },
  ],
  'arrows, names kept in another language, "also" at the end': [
    {
      lang: 'en',
      base: 'social',
      text: 'linkedin_url -> linkedin, twitter_url -> x_url',
      fields: ['linkedin:url', 'x_url:url', 'facebook_url:url'],
    },
    {
      lang: 'fr',
      base: 'jobs',
      text: 'department devrait être une liste : certains postes sont partagés entre équipes.',
      fields: ['job_title:string', 'location:string', 'department:list', 'posted_date:date'],
      touched: ['department'],
    },
    {
      lang: 'en',
      base: 'jobs',
      text: "each job's salary range as well",
      fields: [...JOBS, 'salary_range|salary:string|money'],
    },
    {
      lang: 'de',
      base: 'jobs',
      text: 'Abteilung kann weg',
      fields: ['job_title:string', 'location:string', 'posted_date:date'],
    },
  ],
  'a scope said after the addition': [
    {
      lang: 'en',
      base: 'jobs',
      text: 'add the careers contact email - only once for the page, not per job',
      fields: [...JOBS, 'careers_contact_email|careers_email|contact_email|email:email@task'],
    },
    {
      lang: 'en',
      base: 'speakers',
      text: 'also the venue of the conference, once (not per speaker)',
      fields: ['name:string', 'job_title:string', 'company:string', 'venue|conference_venue:string@task'],
    },
  ],
  'keeping fields beside a change': [
    {
      lang: 'en',
      base: 'contact',
      text: 'Add the opening hours and keep the email and the phone',
      fields: ['email:email', 'phone:phone', 'opening_hours|hours:string'],
    },
  ],
};

editRuleGroups(RULES);
