// Fresh edit phrasings grouped by the linguistic rule they exercise (issue 29), split from
// fresh-rules.test.ts: each group was written before its rule and is scored by the benchmark's pass rules.
import { editRuleGroups, EMAIL, PHONE, type EditRule } from '../../../bench/planner/fresh';

const EDIT_RULES: Record<string, EditRule[]> = {
  // "for each X, <add …>": the comma after the per-row group is punctuation, not part of the request.
  'per-row group before the verb': [
    {
      lang: 'en',
      base: 'products',
      text: 'for each product, also add the rating',
      fields: ['name:string', 'price:money', 'rating:number'],
    },
    {
      lang: 'en',
      base: 'jobs',
      text: 'For every job, add the salary',
      fields: [
        'job_title:string',
        'location:string',
        'department:string',
        'posted_date:date',
        'salary|salary_range:string|money',
      ],
    },
    {
      lang: 'de',
      base: 'products',
      text: 'Füge für jedes Produkt die Bewertung hinzu',
      fields: ['name:string', 'price:money', 'rating:number'],
    },
    {
      lang: 'es',
      base: 'speakers',
      text: 'Para cada ponente, añade su perfil de LinkedIn',
      fields: [
        'name:string',
        'job_title:string',
        'company:string',
        'linkedin_url|linkedin|linkedin_profile:url',
      ],
    },
  ],
  // "Add that" after a question adds what the question asks.
  'question then add that': [
    {
      lang: 'en',
      base: 'contact',
      text: 'Do they offer a free trial? Add that.',
      fields: [EMAIL, PHONE, 'offers_free_trial|free_trial|has_free_trial:boolean'],
    },
    {
      lang: 'en',
      base: 'company_profile',
      text: 'Is the company publicly traded? Please include that',
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
  ],
  // German genitive after a noun: "Produkte dieser Marke" are the products of that brand.
  'German genitive demonstrative': [
    {
      lang: 'de',
      base: 'products',
      text: 'Füge eine Marke als Eingabe hinzu und liste nur Produkte dieser Marke',
      fields: ['name:string', 'price:money'],
      inputs: ['website:url', 'brand|product_brand:string'],
      touched: ['name', 'price'],
    },
    {
      lang: 'de',
      base: 'jobs',
      text: 'Füge eine Stadt als Eingabe hinzu und liste nur Stellen dieser Stadt',
      fields: ['job_title:string', 'location:string', 'department:string', 'posted_date:date'],
      inputs: ['website:url', 'city:string'],
      touched: ['job_title', 'location', 'department', 'posted_date'],
    },
  ],
  // German existential after "ob": "ob es … gibt" is "whether there is …".
  'existential there is (edit)': [
    {
      lang: 'de',
      base: 'contact',
      text: 'Prüfe zusätzlich, ob es einen Onlineshop gibt',
      fields: [EMAIL, PHONE, 'has_online_shop|online_shop|has_online_store|online_store:boolean'],
    },
    {
      lang: 'es',
      base: 'contact',
      text: 'Comprueba también si hay envío gratuito',
      fields: [EMAIL, PHONE, 'free_shipping|has_free_shipping|offers_free_shipping:boolean'],
    },
  ],
};

editRuleGroups(EDIT_RULES, new Set<string>([]));
