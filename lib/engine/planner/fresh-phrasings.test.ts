// Fresh phrasings, written before reading the planner's rules, the way analysts write descriptions and
// instructions: terse lists, questions, polite requests, long sentences, bullets, yes/no, formatting,
// scalars with lists, four languages. They guard against the planner fitting only the benchmark's
// phrasings; they are scored by the benchmark's own pass rules (bench/planner/score.ts).
import { describe, expect, it } from 'vitest';
import { loadBases } from '../../../bench/planner/cases';
import { EMAIL, expectPass, field, FOUNDED, PHONE } from '../../../bench/planner/fresh';
import type { BenchCase, Lang } from '../../../bench/planner/score';
import { applyInstruction, planFromDescription } from './index';

const CEO = 'ceo|ceo_name:string';
const HQ = 'headquarters|hq|headquarters_location|hq_location|headquarters_city:string';
const EMPLOYEES = 'employee_count|employees|number_of_employees:number';
const PRICE = 'price:money';

type D = [Lang, string, boolean, string[]];
const DESCRIBE: D[] = [
  ['en', 'CEO, HQ, # employees', false, [CEO, HQ, EMPLOYEES]],
  ['en', 'Who founded it and when?', false, ['founders|founder|founder_names:list|string', FOUNDED]],
  ['en', 'Could you grab the main contact email and phone number?', false, [EMAIL, PHONE]],
  [
    'en',
    'I need the company name, what industry they are in and also the year they were founded',
    false,
    ['company_name|name:string', 'industry:string', FOUNDED],
  ],
  ['en', 'Is there a free trial?', false, ['free_trial|has_free_trial|free_trial_available:boolean']],
  [
    'en',
    'Does the company offer a free trial, and how much does the cheapest plan cost per month?',
    false,
    [
      'free_trial|has_free_trial|free_trial_available|offers_free_trial:boolean',
      'cheapest_plan_price|cheapest_plan_monthly_price|cheapest_monthly_price|cheapest_price|lowest_monthly_price:money',
    ],
  ],
  ['en', 'annual revenue in millions', false, ['revenue|annual_revenue:money|number']],
  ['en', 'headquarters address', false, ['headquarters_address|hq_address|address|headquarters:string']],
  [
    'en',
    'their office locations with city and country, plus the main phone',
    true,
    ['city:string', 'country:string', `${PHONE}@task`],
  ],
  [
    'en',
    'List every job opening with title, location and salary',
    true,
    ['job_title|title:string', 'location:string', 'salary:money'],
  ],
  [
    'en',
    'All open positions: job title, department, whether it is remote',
    true,
    ['job_title|title:string', 'department:string', 'remote|is_remote:boolean'],
  ],
  [
    'en',
    'Get every product with its name, price and SKU',
    true,
    ['name|product_name:string', PRICE, 'sku:string'],
  ],
  ['en', 'product name and price', false, ['product_name|name:string', PRICE]],
  [
    'en',
    'For each pricing plan: name, monthly price, annual price',
    true,
    ['plan_name|name:string', 'monthly_price:money', 'annual_price|yearly_price:money'],
  ],
  [
    'en',
    'We want to know the pricing plans (name and monthly price) and the support email',
    true,
    ['plan_name|name:string', 'monthly_price:money', `support_email|${EMAIL}@task`],
  ],
  [
    'en',
    'Upcoming events with date, venue and ticket price',
    true,
    ['date|event_date:date', 'venue:string', 'ticket_price|price:money'],
  ],
  [
    'en',
    'List the blog posts: title, author, publication date',
    true,
    ['title|post_title:string', 'author:string', 'published_date|publication_date|date:date'],
  ],
  [
    'en',
    'Title, author and publication date of the article',
    false,
    ['title:string', 'author:string', 'published_date|publication_date:date'],
  ],
  ['en', 'How many words does the article have?', false, ['word_count:number']],
  ['en', 'What is the main topic of the article?', false, ['main_topic|topic:string']],
  [
    'en',
    'book title, author, ISBN, number of pages, publisher',
    false,
    ['title|book_title:string', 'author:string', 'isbn:string', 'page_count:number', 'publisher:string'],
  ],
  [
    'en',
    'For each listing give the address, asking price, number of bedrooms and square footage',
    true,
    [
      'address:string',
      'asking_price|price:money',
      'bedroom_count|bedrooms:number',
      'square_footage|square_feet|floor_area|area:number',
    ],
  ],
  [
    'en',
    'restaurant name, cuisine, opening hours and phone',
    false,
    ['restaurant_name|name:string', 'cuisine:string', 'opening_hours:string', PHONE],
  ],
  ['en', 'Every dish on the menu with its price', true, ['dish_name|name|dish:string', PRICE]],
  [
    'en',
    'average rating and number of reviews',
    false,
    ['average_rating|rating:number', 'review_count|reviews_count:number'],
  ],
  [
    'en',
    'Collect all customer reviews with reviewer name, rating and review date',
    true,
    ['reviewer_name|name|reviewer:string', 'rating:number', 'review_date|date:date'],
  ],
  ['en', 'Is the company GDPR compliant?', false, ['gdpr_compliant|is_gdpr_compliant:boolean']],
  [
    'en',
    'Does the site have a privacy policy? Link to it if so',
    false,
    ['has_privacy_policy|privacy_policy:boolean', 'privacy_policy_url|privacy_policy_link:url'],
  ],
  [
    'en',
    'How much funding have they raised in total, and who led the last round?',
    false,
    [
      'total_funding|funding|total_funding_raised|funding_raised:money',
      'lead_investor|last_round_lead|round_lead_investor:string',
    ],
  ],
  [
    'en',
    'latest funding round and amount',
    false,
    [
      'latest_funding_round|funding_round|last_funding_round|funding_stage:string',
      'funding_amount|amount:money',
    ],
  ],
  [
    'en',
    'Which programming languages and frameworks do they use?',
    false,
    ['programming_languages:list', 'frameworks:list'],
  ],
  ['en', 'tech stack', false, ['tech_stack|technologies:list']],
  [
    'en',
    'All branch locations with address and opening hours',
    true,
    ['address|branch_address:string', 'opening_hours:string'],
  ],
  [
    'en',
    'Links to their LinkedIn, Twitter and Instagram profiles',
    false,
    ['linkedin_url|linkedin:url', 'twitter_url|twitter:url', 'instagram_url|instagram:url'],
  ],
  [
    'en',
    'Who is on the leadership team? Name and title for each person',
    true,
    ['name|person_name:string', 'job_title|title:string'],
  ],
  ['en', 'the names of the founders and the current CEO', false, ['founders|founder_names:list', CEO]],
  [
    'en',
    '- company name\n- website\n- LinkedIn page\n- number of employees',
    false,
    ['company_name|name:string', 'linkedin_url|linkedin_page|linkedin:url', EMPLOYEES],
  ],
  [
    'en',
    'Pull the support email, the sales phone number and the street address',
    false,
    [
      'support_email|email:email',
      'sales_phone|sales_phone_number|phone:phone',
      'street_address|address:string',
    ],
  ],
  [
    'en',
    'What does the company do? One sentence please',
    false,
    ['description|company_description|summary:string'],
  ],
  [
    'en',
    'Find the documentation pages with their title and URL',
    true,
    ['title|page_title:string', 'url|page_url:url'],
  ],
  [
    'en',
    'Does the API documentation mention rate limits?',
    false,
    ['mentions_rate_limits|rate_limits_mentioned|rate_limits:boolean'],
  ],
  ['en', 'Give me the phone number in international format', false, [PHONE]],
  ['en', 'the price of the product, in euros', false, [PRICE]],
  [
    'en',
    'When was the article published? Date as YYYY-MM-DD',
    false,
    ['published_date|publication_date|date:date'],
  ],
  [
    'en',
    'Is the product in stock and how much does it cost?',
    false,
    ['in_stock|is_in_stock:boolean', PRICE],
  ],
  [
    'en',
    'Please list all the team members with their role and LinkedIn profile',
    true,
    ['name|member_name:string', 'role|job_title:string', 'linkedin_url|linkedin_profile|linkedin:url'],
  ],
  [
    'en',
    'the return policy: how many days do customers have to return items?',
    false,
    ['return_days|return_period_days|return_window_days|return_window|return_period:number'],
  ],
  [
    'en',
    'Find the company VAT number and registered address',
    false,
    ['vat_number|vat_id:string', 'registered_address|address:string'],
  ],
  [
    'en',
    'Gather the name, price and rating of every book in the catalog',
    true,
    ['name|title|book_name|book_title:string', PRICE, 'rating:number'],
  ],
  [
    'en',
    'I would like the number of locations and the year the company went public',
    false,
    ['location_count|locations_count:number', 'ipo_year|public_year:number|date'],
  ],
  [
    'en',
    'When is the conference and where is it held?',
    false,
    ['date|conference_date|event_date|start_date:date', 'location|venue:string'],
  ],
  [
    'en',
    'speakers with name, company and talk title',
    true,
    ['name|speaker_name:string', 'company:string', 'talk_title|title:string'],
  ],
  [
    'en',
    'Does the shop ship internationally? Also what is the shipping cost?',
    false,
    ['ships_internationally|international_shipping:boolean', 'shipping_cost|shipping_price:money'],
  ],
  ['en', 'CEO name, CTO name and CFO name', false, [CEO, 'cto|cto_name:string', 'cfo|cfo_name:string']],
  [
    'en',
    'the customer logos on the homepage: company names only',
    true,
    ['company_name|name|company|customer_name:string'],
  ],
  [
    'en',
    'Check whether the site offers live chat support',
    false,
    ['live_chat|has_live_chat|live_chat_support|offers_live_chat|offers_live_chat_support:boolean'],
  ],
  // German
  [
    'de',
    'Geschäftsführer, Sitz und Anzahl der Mitarbeiter',
    false,
    ['managing_director|ceo|ceo_name:string', HQ, EMPLOYEES],
  ],
  [
    'de',
    'Wann wurde die Firma gegründet und wer sind die Gründer?',
    false,
    [FOUNDED, 'founders|founder_names:list'],
  ],
  [
    'de',
    'Alle Stellenangebote mit Titel, Ort und Gehalt',
    true,
    ['job_title|title:string', 'location:string', 'salary:money'],
  ],
  [
    'de',
    'Gibt es eine kostenlose Testversion?',
    false,
    ['free_trial|has_free_trial|free_trial_available:boolean'],
  ],
  [
    'de',
    'Bitte die E-Mail-Adresse, die Telefonnummer und die Adresse des Hauptsitzes',
    false,
    [EMAIL, PHONE, 'headquarters_address|hq_address|address|headquarters:string'],
  ],
  ['de', 'Alle Produkte mit Name und Preis', true, ['name|product_name:string', PRICE]],
  [
    'de',
    'Titel, Autor und Erscheinungsdatum des Artikels',
    false,
    ['title:string', 'author:string', 'published_date|publication_date:date'],
  ],
  // French
  [
    'fr',
    "Le nom du PDG, l'adresse du siège et le nombre d'employés",
    false,
    [CEO, 'headquarters_address|hq_address|address|headquarters:string', EMPLOYEES],
  ],
  [
    'fr',
    "Toutes les offres d'emploi avec intitulé du poste, lieu et date de publication",
    true,
    ['job_title|title:string', 'location:string', 'posted_date|published_date|publication_date:date'],
  ],
  ['fr', 'Y a-t-il un essai gratuit ?', false, ['free_trial|has_free_trial|free_trial_available:boolean']],
  ['fr', "Pourriez-vous trouver l'e-mail de contact et le numéro de téléphone ?", false, [EMAIL, PHONE]],
  [
    'fr',
    'Chaque formule tarifaire avec son nom et son prix mensuel',
    true,
    ['plan_name|name:string', 'monthly_price:money'],
  ],
  [
    'fr',
    'Titre, auteur, éditeur et nombre de pages du livre',
    false,
    ['title|book_title:string', 'author:string', 'publisher:string', 'page_count:number'],
  ],
  // Spanish
  ['es', 'Nombre del director ejecutivo, sede y número de empleados', false, [CEO, HQ, EMPLOYEES]],
  [
    'es',
    '¿Quién fundó la empresa y en qué año?',
    false,
    ['founders|founder|founder_names:list|string', FOUNDED],
  ],
  [
    'es',
    'Todos los productos con nombre, precio y disponibilidad',
    true,
    ['name|product_name:string', PRICE, 'availability|in_stock|available:string|boolean'],
  ],
  ['es', '¿Hay una prueba gratuita?', false, ['free_trial|has_free_trial|free_trial_available:boolean']],
  ['es', 'Necesito el correo electrónico y el teléfono de contacto', false, [EMAIL, PHONE]],
  [
    'es',
    'Lista de eventos con fecha, lugar y precio de la entrada',
    true,
    ['date|event_date:date', 'venue|location|place:string', 'ticket_price|price:money'],
  ],
  // A second batch, written after the first round of fixes and before running it.
  ['en', 'Who is the CEO and how many people work there?', false, [CEO, EMPLOYEES]],
  [
    'en',
    "What's the company's revenue and when was it founded?",
    false,
    ['revenue|annual_revenue:money|number', FOUNDED],
  ],
  ['en', 'opening hours, address, phone', false, ['opening_hours:string', 'address:string', PHONE]],
  [
    'en',
    'For every store location, give me the street address and the opening hours',
    true,
    ['address|street_address:string', 'opening_hours:string'],
  ],
  [
    'en',
    'Does the restaurant take reservations?',
    false,
    ['takes_reservations|accepts_reservations|reservations:boolean'],
  ],
  ['en', 'Is the job remote?', false, ['remote|is_remote:boolean']],
  [
    'en',
    'How many open positions do they have?',
    false,
    ['open_position_count|job_count|open_positions_count|position_count|job_opening_count:number'],
  ],
  [
    'en',
    'Name of each product, its price in USD and a link to the product page',
    true,
    ['name|product_name:string', PRICE, 'url|product_url|link|product_page_url:url'],
  ],
  ['en', 'Get me the twitter handle', false, ['twitter_url|twitter|twitter_handle:url|string']],
  ['en', 'Which countries do they operate in?', false, ['countries:list']],
  [
    'en',
    'We need the name of the data protection officer and their email',
    false,
    [
      'dpo_name|data_protection_officer|data_protection_officer_name:string',
      'dpo_email|data_protection_officer_email|email:email',
    ],
  ],
  [
    'en',
    'price per month for the basic plan',
    false,
    ['basic_plan_price|basic_plan_monthly_price|monthly_price|price:money'],
  ],
  [
    'en',
    'number of pages and publication year of the book',
    false,
    ['page_count:number', 'published_year|publication_year:number|date'],
  ],
  [
    'en',
    'all reviews: author, star rating, text',
    true,
    ['author|reviewer_name|name:string', 'rating|star_rating:number', 'text|review_text|main_text:string'],
  ],
  ['en', 'Is parking available?', false, ['parking|parking_available|has_parking:boolean']],
  // German
  ['de', 'Wer ist der Geschäftsführer?', false, ['managing_director|ceo|ceo_name:string']],
  ['de', 'Wie viele Mitarbeiter hat das Unternehmen?', false, [EMPLOYEES]],
  ['de', 'Öffnungszeiten und Adresse des Restaurants', false, ['opening_hours:string', 'address:string']],
  [
    'de',
    'Liste alle Veranstaltungen mit Datum und Ort',
    true,
    ['date|event_date:date', 'location|venue|place:string'],
  ],
  [
    'de',
    'Bietet die Firma eine kostenlose Testversion an?',
    false,
    ['free_trial|has_free_trial|offers_free_trial:boolean'],
  ],
  [
    'de',
    'Ich brauche den Preis und die Verfügbarkeit des Produkts',
    false,
    [PRICE, 'availability|in_stock:string|boolean'],
  ],
  [
    'de',
    'Gründungsjahr, Branche und Umsatz',
    false,
    [FOUNDED, 'industry:string', 'revenue|annual_revenue:money|number'],
  ],
  ['de', 'Alle Preispläne mit Name und Monatspreis', true, ['plan_name|name:string', 'monthly_price:money']],
  // French
  ['fr', "Quel est le chiffre d'affaires de l'entreprise ?", false, ['revenue|annual_revenue:money|number']],
  ['fr', "Horaires d'ouverture et adresse du restaurant", false, ['opening_hours:string', 'address:string']],
  ['fr', 'Tous les produits avec leur nom et leur prix', true, ['name|product_name:string', PRICE]],
  [
    'fr',
    "L'entreprise propose-t-elle un essai gratuit ?",
    false,
    ['free_trial|has_free_trial|offers_free_trial:boolean'],
  ],
  // Spanish
  ['es', '¿Cuántos empleados tiene la empresa?', false, [EMPLOYEES]],
  [
    'es',
    'Horario de apertura y dirección del restaurante',
    false,
    ['opening_hours:string', 'address:string'],
  ],
  [
    'es',
    'Todas las ofertas de empleo con título, ubicación y salario',
    true,
    ['job_title|title:string', 'location:string', 'salary:money'],
  ],
  ['es', 'Podrías darme el nombre del CEO y el año de fundación', false, [CEO, FOUNDED]],
  // A third batch, written before running it.
  ['de', 'Welche Programmiersprachen verwenden sie?', false, ['programming_languages:list']],
  [
    'de',
    'Name und E-Mail des Datenschutzbeauftragten',
    false,
    ['dpo_name|data_protection_officer_name:string', 'dpo_email|data_protection_officer_email|email:email'],
  ],
  [
    'de',
    'Für jedes Produkt: Name, Preis und Artikelnummer',
    true,
    ['name|product_name:string', PRICE, 'sku|article_number|item_number|product_number:string'],
  ],
  [
    'de',
    'Wann wurde der Artikel veröffentlicht und wer ist der Autor?',
    false,
    ['published_date|publication_date:date', 'author:string'],
  ],
  ['de', 'Hat das Unternehmen ein Impressum?', false, ['has_imprint|imprint|has_legal_notice:boolean']],
  ['de', 'Sitz des Unternehmens und Telefonnummer', false, [HQ, PHONE]],
  [
    'de',
    'Alle Bewertungen mit Sternen und Datum',
    true,
    ['rating|stars|star_rating:number', 'date|review_date:date'],
  ],
  ['de', 'Wir möchten wissen, wie viele Standorte es gibt', false, ['location_count|locations_count:number']],
  ['en', 'Tell me the CEO and the CFO', false, [CEO, 'cfo|cfo_name:string']],
  ['en', 'the ISBN and the number of pages', false, ['isbn:string', 'page_count:number']],
  ['en', 'Where are they headquartered?', false, [HQ]],
  [
    'en',
    'What languages is the website available in?',
    false,
    ['languages|site_languages|available_languages:list'],
  ],
  [
    'en',
    'each job: title, team, location',
    true,
    ['job_title|title:string', 'team|department:string', 'location:string'],
  ],
  [
    'en',
    'Do they have an affiliate program? If so, what commission do they pay?',
    false,
    [
      'affiliate_program|has_affiliate_program:boolean',
      'commission|affiliate_commission|commission_rate:string|number|money',
    ],
  ],
  [
    'en',
    'Find the support phone number in E.164 format',
    false,
    ['support_phone|phone|support_phone_number:phone'],
  ],
  ['fr', 'Qui est le fondateur ?', false, ['founders|founder|founder_name:list|string']],
  ['fr', "Le nombre d'employés et l'année de création", false, [EMPLOYEES, FOUNDED]],
  [
    'es',
    'Precio mensual y anual de cada plan',
    true,
    ['monthly_price:money', 'annual_price|yearly_price:money'],
  ],
  ['es', '¿Dónde está la sede?', false, [HQ]],
];

interface E {
  lang: Lang;
  base: string;
  text: string;
  fields?: string[];
  list?: boolean;
  format?: string[];
  changed?: string[];
  from?: Record<string, string>;
}
const CONTACT = [EMAIL, PHONE];
const EDIT: E[] = [
  {
    lang: 'en',
    base: 'contact',
    text: 'also get the street address',
    fields: [...CONTACT, 'street_address|address:string'],
  },
  { lang: 'en', base: 'contact', text: 'drop the phone', fields: [EMAIL] },
  {
    lang: 'en',
    base: 'contact',
    text: 'Could you also add the fax number?',
    fields: [...CONTACT, 'fax|fax_number:phone'],
  },
  {
    lang: 'en',
    base: 'contact',
    text: 'Phone numbers should be in E.164 format',
    fields: CONTACT,
    format: ['phone'],
  },
  {
    lang: 'en',
    base: 'contact',
    text: 'rename email to contact_email',
    fields: ['contact_email:email', PHONE],
    from: { contact_email: 'email' },
  },
  {
    lang: 'en',
    base: 'contact',
    text: 'We also need to know whether they have a free trial',
    fields: [...CONTACT, 'free_trial|has_free_trial|free_trial_available:boolean'],
  },
  {
    lang: 'en',
    base: 'company_profile',
    text: 'remove industry and description',
    fields: ['company_name:string', 'founded_year:number', 'employee_count:number', 'headquarters:string'],
  },
  {
    lang: 'en',
    base: 'company_profile',
    text: 'add the CEO and the annual revenue',
    fields: [
      'company_name:string',
      'description:string',
      'industry:string',
      'founded_year:number',
      'employee_count:number',
      'headquarters:string',
      CEO,
      'revenue|annual_revenue:money|number',
    ],
  },
  {
    lang: 'en',
    base: 'company_profile',
    text: 'keep the description under 30 words',
    fields: [
      'company_name:string',
      'description:string',
      'industry:string',
      'founded_year:number',
      'employee_count:number',
      'headquarters:string',
    ],
    format: ['description'],
  },
  {
    lang: 'en',
    base: 'company_profile',
    text: 'Headquarters should be just the city name',
    fields: [
      'company_name:string',
      'description:string',
      'industry:string',
      'founded_year:number',
      'employee_count:number',
      'headquarters:string',
    ],
    format: ['headquarters'],
  },
  {
    lang: 'en',
    base: 'products',
    text: 'also add the SKU for each product',
    fields: ['name:string', PRICE, 'sku:string'],
  },
  {
    lang: 'en',
    base: 'products',
    text: 'add a column for whether each product is in stock',
    fields: ['name:string', PRICE, 'in_stock|is_in_stock:boolean'],
  },
  {
    lang: 'en',
    base: 'products',
    text: 'show prices in USD',
    fields: ['name:string', PRICE],
    format: ['price'],
  },
  {
    lang: 'en',
    base: 'jobs',
    text: 'drop the department column',
    fields: ['job_title:string', 'location:string', 'posted_date:date'],
  },
  {
    lang: 'en',
    base: 'jobs',
    text: 'for every job also include the salary range',
    fields: [
      'job_title:string',
      'location:string',
      'department:string',
      'posted_date:date',
      'salary_range|salary:string|money',
    ],
  },
  {
    lang: 'en',
    base: 'jobs',
    text: 'Also give me the careers page email',
    fields: [
      'job_title:string',
      'location:string',
      'department:string',
      'posted_date:date',
      'careers_email|careers_page_email|email:email@task',
    ],
  },
  {
    lang: 'en',
    base: 'article',
    text: 'replace the tags with the category',
    fields: ['title:string', 'author:string', 'category:string', 'published_date:date'],
  },
  {
    lang: 'en',
    base: 'article',
    text: 'add the reading time in minutes',
    fields: [
      'title:string',
      'author:string',
      'tags:list',
      'published_date:date',
      'reading_time|reading_time_minutes:number',
    ],
  },
  {
    lang: 'en',
    base: 'article',
    text: 'dates as DD.MM.YYYY please',
    fields: ['title:string', 'author:string', 'tags:list', 'published_date:date'],
    format: ['published_date'],
  },
  {
    lang: 'en',
    base: 'book',
    text: 'also the publication year and the language',
    fields: [
      'title:string',
      'author:string',
      'publisher:string',
      'isbn:string',
      'page_count:number',
      'published_year|publication_year:number|date',
      'language:string',
    ],
  },
  {
    lang: 'en',
    base: 'book',
    text: 'get rid of the ISBN',
    fields: ['title:string', 'author:string', 'publisher:string', 'page_count:number'],
  },
  {
    lang: 'en',
    base: 'speakers',
    text: 'add their LinkedIn profile for each speaker',
    fields: [
      'name:string',
      'job_title:string',
      'company:string',
      'linkedin_url|linkedin_profile|linkedin:url',
    ],
  },
  {
    lang: 'en',
    base: 'leadership',
    text: 'Also who is the CTO?',
    fields: ['ceo_name:string', 'founders:list', 'employee_count:number', 'cto|cto_name:string'],
  },
  {
    lang: 'en',
    base: 'social',
    text: 'also Instagram and YouTube',
    fields: [
      'linkedin_url:url',
      'twitter_url:url',
      'facebook_url:url',
      'instagram_url|instagram:url',
      'youtube_url|youtube:url',
    ],
  },
  {
    lang: 'en',
    base: 'compliance',
    text: 'Also check for ISO 27001 certification',
    fields: [
      'soc2_compliant:boolean',
      'dpo_name:string',
      'has_iso_27001_certification|iso_27001_certified|iso27001_certified|iso_27001|iso27001_certification|iso_27001_certification:boolean',
    ],
  },
  { lang: 'en', base: 'contact', text: 'asdf qwerty zxcv' },
  {
    lang: 'en',
    base: 'product_page',
    text: 'the price should include VAT',
    fields: ['product_name:string', PRICE, 'in_stock:boolean'],
    format: ['price'],
  },
  {
    lang: 'de',
    base: 'contact',
    text: 'Füge auch die Faxnummer hinzu',
    fields: [...CONTACT, 'fax|fax_number:phone'],
  },
  { lang: 'de', base: 'contact', text: 'Entferne die Telefonnummer', fields: [EMAIL] },
  {
    lang: 'fr',
    base: 'contact',
    text: "Ajoute aussi l'adresse postale",
    fields: [...CONTACT, 'postal_address|address|mailing_address:string'],
  },
  { lang: 'fr', base: 'products', text: 'supprime le prix', fields: ['name:string'] },
  { lang: 'es', base: 'contact', text: 'Añade también la dirección', fields: [...CONTACT, 'address:string'] },
  {
    lang: 'es',
    base: 'jobs',
    text: 'quita la fecha de publicación',
    fields: ['job_title:string', 'location:string', 'department:string'],
  },
  // A second batch of instructions, written before running it.
  { lang: 'en', base: 'contact', text: 'We no longer need the email', fields: [PHONE] },
  {
    lang: 'en',
    base: 'contact',
    text: 'swap the phone for the WhatsApp number',
    fields: [EMAIL, 'whatsapp|whatsapp_number:phone'],
  },
  {
    lang: 'en',
    base: 'contact',
    text: 'Could you make the email lowercase?',
    fields: CONTACT,
    format: ['email'],
  },
  {
    lang: 'en',
    base: 'company_profile',
    text: 'call the headquarters field hq_city',
    fields: [
      'company_name:string',
      'description:string',
      'industry:string',
      'founded_year:number',
      'employee_count:number',
      'hq_city:string',
    ],
    from: { hq_city: 'headquarters' },
  },
  {
    lang: 'en',
    base: 'company_profile',
    text: 'Also: is the company publicly traded?',
    fields: [
      'company_name:string',
      'description:string',
      'industry:string',
      'founded_year:number',
      'employee_count:number',
      'headquarters:string',
      'publicly_traded|is_publicly_traded:boolean',
    ],
  },
  {
    lang: 'en',
    base: 'book',
    text: 'add the price of the book and the cover image URL',
    fields: [
      'title:string',
      'author:string',
      'publisher:string',
      'isbn:string',
      'page_count:number',
      PRICE,
      'cover_image_url|image_url|cover_url:url',
    ],
  },
  { lang: 'en', base: 'speakers', text: 'remove company and job title', fields: ['name:string'] },
  {
    lang: 'en',
    base: 'jobs',
    text: 'Is each job remote? Add that',
    fields: [
      'job_title:string',
      'location:string',
      'department:string',
      'posted_date:date',
      'remote|is_remote:boolean',
    ],
  },
  {
    lang: 'en',
    base: 'leadership',
    text: 'founders should be a comma-separated text, not a list',
    fields: ['ceo_name:string', 'founders:string', 'employee_count:number'],
  },
  {
    lang: 'en',
    base: 'product_page',
    text: 'add the brand and the average rating',
    fields: [
      'product_name:string',
      PRICE,
      'in_stock:boolean',
      'brand:string',
      'rating|average_rating:number',
    ],
  },
  { lang: 'en', base: 'contact', text: 'make it better' },
  {
    lang: 'de',
    base: 'products',
    text: 'Füge für jedes Produkt die Bewertung hinzu',
    fields: ['name:string', PRICE, 'rating:number'],
  },
  {
    lang: 'de',
    base: 'contact',
    text: 'Die Telefonnummer bitte im internationalen Format',
    fields: CONTACT,
    format: ['phone'],
  },
  {
    lang: 'fr',
    base: 'article',
    text: 'Supprime les tags et ajoute le nombre de mots',
    fields: ['title:string', 'author:string', 'published_date:date', 'word_count:number'],
  },
  {
    lang: 'es',
    base: 'company_profile',
    text: 'Elimina la descripción y añade el nombre del CEO',
    fields: [
      'company_name:string',
      'industry:string',
      'founded_year:number',
      'employee_count:number',
      'headquarters:string',
      CEO,
    ],
  },
];

const describeCases: BenchCase[] = DESCRIBE.map(([lang, text, list, fields], i) => ({
  id: `fresh-d-${i}`,
  kind: 'describe',
  lang,
  category: 'fresh',
  text,
  expect: { list, fields: fields.map(field) },
}));

const editCases: BenchCase[] = EDIT.map((e, i) => ({
  id: `fresh-e-${i}`,
  kind: 'edit',
  lang: e.lang,
  category: 'fresh',
  base: e.base,
  text: e.text,
  expect: e.fields
    ? {
        fields: e.fields.map((spec) => {
          const f = field(spec);
          const from = e.from?.[f.names[0]!];
          return from ? { ...f, from } : f;
        }),
        ...(e.list !== undefined ? { list: e.list } : {}),
        ...(e.format ? { format: Object.fromEntries(e.format.map((k) => [k, true])) } : {}),
        ...(e.changed ? { query_changed: e.changed } : {}),
      }
    : { refused: true },
}));

const bases = loadBases();

// Phrasings the planner still gets wrong, kept as expected failures so a fix shows up here (an
// `it.fails` case fails once it passes) instead of going unnoticed.
const KNOWN_GAPS = new Set<string>([]);

// Instructions the planner still gets wrong (see KNOWN_GAPS).
const KNOWN_EDIT_GAPS = new Set<string>([]);

describe('fresh description phrasings', () => {
  for (const c of describeCases) {
    (KNOWN_GAPS.has(c.text) ? it.fails : it)(c.text, () => {
      expectPass(c, planFromDescription(c.text));
    });
  }
});

describe('fresh instruction phrasings', () => {
  for (const c of editCases) {
    (KNOWN_EDIT_GAPS.has(c.text) ? it.fails : it)(`${c.base}: ${c.text}`, () => {
      const base = structuredClone(bases[c.base!]!);
      expectPass(c, applyInstruction(base, c.text), bases[c.base!]);
    });
  }
});
