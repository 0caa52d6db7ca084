// Fresh phrasings for a fault class a blind held-out set showed (issue 29), written before their rules:
// the page's own subject and filler verbs in column names, and context sentences around the request.
import { describeRuleGroups, PHONE, type DescribeRule } from '../../../bench/planner/fresh';

const HOURS = 'opening_hours|hours|office_hours:string';

const RULES: Record<string, DescribeRule[]> = {
  // The thing each run researches (a practice, a hotel, a brewery) names no column: its phone is "phone".
  'subject entity dropped from field names': [
    [
      'en',
      'We look at dental practices. Find the dental practice phone number and the dental practice opening hours',
      false,
      [PHONE, HOURS],
    ],
    ['en', 'Look up the phone number of the law firm and its opening hours', false, [PHONE, HOURS]],
    ['de', 'Die Telefonnummer der Tierarztpraxis und die Sprechzeiten der Praxis', false, [PHONE, HOURS]],
    [
      'es',
      '¿Cuál es la certificación energética y la orientación del piso?',
      false,
      ['energy_certification|energy_certificate|energy_rating:string', 'orientation:string'],
    ],
    [
      'fr',
      "Trouve l'adresse de la pharmacie et le numéro de téléphone de la pharmacie",
      false,
      ['address|street_address:string', PHONE],
    ],
  ],
  // "find out", "figure out", "tell me", "I want to know" say nothing; "who founded X" is its founder.
  'filler verbs and question-word clauses': [
    ['en', 'Figure out what the return policy is', false, ['return_policy:string']],
    [
      'en',
      'Tell me who founded the brewery and how many beers they brew',
      false,
      ['founder|founders|founder_name:string|list', 'beer_count|number_of_beers:number'],
    ],
    [
      'en',
      'Find out whether the gym offers personal training',
      false,
      ['offers_personal_training|personal_training|has_personal_training:boolean'],
    ],
    [
      'fr',
      "Découvre quel est le prix de l'abonnement",
      false,
      ['subscription_price|subscription_plan_price|price:money'],
    ],
    ['es', 'Dime cuál es el horario de la biblioteca', false, [HOURS]],
    [
      'de',
      'Finde heraus, wer die Bäckerei gegründet hat',
      false,
      ['founder|founders|founder_name:string|list'],
    ],
    ['en', 'I want to know who designed the museum', false, ['designer|designer_name|architect:string']],
  ],
  // Sentences that say who asks and why give no fields: only the request sentences do.
  'context sentences around the request': [
    // A first-person sentence that asks ("I wonder whether …") is a request, not context.
    [
      'en',
      'We sell shoes. I wonder whether the company is hiring. Find the email.',
      false,
      ['is_hiring|hiring:boolean', 'email|email_address|contact_email:email'],
    ],
    [
      'en',
      "We're building a lead list for our sales team. For each company we need the CEO name and the phone number.",
      false,
      ['ceo_name|ceo:string', PHONE],
    ],
    [
      'en',
      'I run a small agency and we track competitors every month. Please get the pricing page URL and the number of employees.',
      false,
      ['pricing_page_url|pricing_url:url', 'employee_count|employees|number_of_employees:number'],
    ],
    [
      'de',
      'Wir sammeln Daten über Kliniken. Finde die Adresse und die Telefonnummer.',
      false,
      ['address|street_address:string', PHONE],
    ],
    [
      'fr',
      'Nous préparons une étude de marché sur les hôtels. Trouve le nombre de chambres et le prix moyen.',
      false,
      ['room_count|number_of_rooms:number', 'average_price|average_room_price:money'],
    ],
    [
      'es',
      'Trabajamos con clínicas veterinarias desde hace años. Necesitamos el teléfono y el horario.',
      false,
      [PHONE, HOURS],
    ],
    [
      'en',
      'Context: we sell software to dentists, so accuracy matters. Extract the phone number and the opening hours.',
      false,
      [PHONE, HOURS],
    ],
  ],
  // Third round, written after the rules above and before their own fixes: "when X opens" is an
  // opening time; a custom field's length counts its content words, not its articles.
  'question-word clauses, third round': [
    [
      'en',
      'Can you tell me when the library opens on Saturdays?',
      false,
      ['saturday_opening_time|saturday_opening_hours|opening_time:string'],
    ],
    ['en', 'Find out when the event starts', false, ['start_time|start_date|event_start_time:string|date']],
    [
      'fr',
      "Quels sont les tarifs d'entrée du musée ?",
      false,
      ['admission_prices|admission_price|ticket_prices|ticket_price:money|list'],
    ],
    [
      'es',
      'Encuentra el precio de la clase de prueba del estudio de yoga',
      false,
      ['trial_class_price|price:money'],
    ],
  ],
};

describeRuleGroups(RULES, new Set<string>([]));
