// Fresh edit phrasings for a fault class a blind held-out set showed (issue 29), written before their
// rules: conversational instructions whose commentary clauses request nothing.
import { editRuleGroups, EMAIL, PHONE, type EditRule } from '../../../bench/planner/fresh';

const PROFILE = ['company_name:string', 'description:string', 'industry:string', 'founded_year:number'];
const PROFILE_REST = ['employee_count:number', 'headquarters:string'];

const EDIT_RULES: Record<string, EditRule[]> = {
  // Thanks, apologies and reasons ("we never use it", "it reads better") are ignored; a removal said as a
  // statement ("isn't needed", "we don't need X") is applied; nonsense beside a request is still refused.
  'commentary clauses in an edit': [
    { lang: 'en', base: 'contact', text: 'Get rid of the phone, nobody calls them anyway', fields: [EMAIL] },
    {
      lang: 'en',
      base: 'jobs',
      text: "Remove the posted date - we don't care when it was posted. Thanks!",
      fields: ['job_title:string', 'location:string', 'department:string'],
    },
    {
      lang: 'en',
      base: 'book',
      text: 'The ISBN is not needed, easier that way',
      fields: ['title:string', 'author:string', 'publisher:string', 'page_count:number'],
    },
    {
      lang: 'en',
      base: 'leadership',
      text: "We don't need the employee count anymore",
      fields: ['ceo_name:string', 'founders:list'],
    },
    {
      lang: 'en',
      base: 'products',
      text: 'Please add the product rating, our buyers look at it first. Much appreciated',
      fields: ['name:string', 'price:money', 'rating|product_rating:number'],
    },
    {
      lang: 'de',
      base: 'contact',
      text: 'Lösche die E-Mail-Adresse, die nutzen wir nie. Vielen Dank!',
      fields: [PHONE],
    },
    {
      lang: 'fr',
      base: 'social',
      text: "Supprime le lien Facebook, on ne l'utilise jamais. Merci !",
      fields: ['linkedin_url:url', 'twitter_url:url'],
    },
    {
      lang: 'es',
      base: 'article',
      text: 'Elimina las etiquetas, nunca las usamos. ¡Gracias!',
      fields: ['title:string', 'author:string', 'published_date:date'],
    },
    {
      lang: 'en',
      base: 'company_profile',
      text: 'Sorry for the back and forth. Add the CEO name, it would really help',
      fields: [...PROFILE, ...PROFILE_REST, 'ceo_name|ceo:string'],
    },
    {
      lang: 'en',
      base: 'contact',
      text: 'Remove the phone and make it more clever',
      fields: [],
      refused: true,
    },
    { lang: 'en', base: 'contact', text: 'lorem ipsum, thanks', fields: [], refused: true },
  ],
  // Second round, written after the rules above and before their own fixes.
  'commentary clauses in an edit, second round': [
    { lang: 'en', base: 'contact', text: "the email isn't needed anymore, thanks", fields: [PHONE] },
    {
      lang: 'de',
      base: 'jobs',
      text: 'Füge das Gehalt hinzu, das wäre super',
      fields: [
        'job_title:string',
        'location:string',
        'department:string',
        'posted_date:date',
        'salary:money|string',
      ],
    },
    {
      lang: 'es',
      base: 'article',
      text: 'Añade el número de palabras, nos sirve para los informes',
      fields: ['title:string', 'author:string', 'tags:list', 'published_date:date', 'word_count:number'],
    },
    {
      lang: 'en',
      base: 'contact',
      text: 'add the address. Oh and thanks a lot for the help earlier!',
      fields: [EMAIL, PHONE, 'address|street_address:string'],
    },
  ],
  // Fifth round: French "c'est ce que nos clients…", a German demonstrative remark after the comma.
  'commentary clauses in an edit, fifth round': [
    {
      lang: 'fr',
      base: 'products',
      text: "Ajoute la note moyenne, c'est ce que nos clients regardent",
      fields: ['name:string', 'price:money', 'rating|average_rating:number'],
    },
    {
      lang: 'es',
      base: 'jobs',
      text: 'Quita el departamento, no nos interesa',
      fields: ['job_title:string', 'location:string', 'posted_date:date'],
    },
    {
      lang: 'de',
      base: 'contact',
      text: 'Bitte die Telefonnummer löschen, die ist veraltet',
      fields: [EMAIL],
    },
  ],
  // Requests that look like commentary (a question-word clause, "we also need X") are kept, and an
  // instruction that is only commentary changes nothing: it is refused.
  'commentary is not a request, and a request is not commentary': [
    {
      lang: 'en',
      base: 'company_profile',
      text: 'add the CEO, and whether they ever raised funding',
      fields: [
        ...PROFILE,
        ...PROFILE_REST,
        'ceo_name|ceo:string',
        'raised_funding|has_raised_funding|ever_raised_funding:boolean',
      ],
    },
    {
      lang: 'en',
      base: 'contact',
      text: 'add the address, we also need the opening hours',
      fields: [EMAIL, PHONE, 'address|street_address:string', 'opening_hours|hours:string'],
    },
    { lang: 'en', base: 'contact', text: 'we never use it', fields: [], refused: true },
    { lang: 'en', base: 'contact', text: 'thanks!', fields: [], refused: true },
  ],
};

editRuleGroups(EDIT_RULES, new Set<string>([]));
