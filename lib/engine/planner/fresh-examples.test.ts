// Fresh description phrasings for the fault classes session 33's reading of dev-4 showed (issue 29),
// in other words and domains than those cases: quoted examples and times inside a field list, guidance
// said as "written on one line" or "comma-separated", yes/no questions about a named subject ("whether
// the clinic takes …"), short acronyms, plural fields a thing has several of, both genders of one noun.
import { describeRuleGroups, EMAIL, PHONE, type DescribeRule } from '../../../bench/planner/fresh';

const RULES: Record<string, DescribeRule[]> = {
  'a quoted example or a time never cuts the list': [
    [
      'en',
      'Dentists: the surgery hours written like "Mon, Tue 8:30-17:00; Sat 9-12", the phone and the email',
      false,
      ['opening_hours|surgery_hours|hours:string', PHONE, EMAIL],
    ],
    [
      'en',
      'Bakeries. I want the address, the hours on one line such as "Tue-Sun 7:00-13:00", and the owner',
      false,
      ['address:string', 'opening_hours|hours:string', 'owner|owner_name:string'],
    ],
    [
      'fr',
      'Garages : le téléphone, les horaires sur une seule ligne comme « Lun-Ven 8:00-18:00, Sam 9:00-12:00 » et l’adresse',
      false,
      [PHONE, 'opening_hours|hours:string', 'address:string'],
    ],
  ],
  'guidance after the field: with +NN in front, comma-separated, always in a format': [
    [
      'en',
      'Vets: phone number always in the format +44 …, the animals they treat comma-separated, and the email',
      false,
      [PHONE, 'animals|animals_treated:string|list', EMAIL],
    ],
    [
      'de',
      'Zahnärzte: Telefonnummer mit +43 vorne und die Sprachen kommagetrennt',
      false,
      [PHONE, 'languages|spoken_languages:string|list'],
    ],
  ],
  'yes/no about the subject the question names': [
    [
      'en',
      'For each clinic find the lead physician and whether the clinic accepts walk-in patients',
      false,
      [
        'lead_physician|lead_physician_name:string',
        'accepts_walk_in_patients|accepts_walk_ins|walk_in_patients:boolean',
      ],
    ],
    [
      'en',
      'whether the venue offers step-free access and whether the box office takes card payments',
      false,
      [
        'offers_step_free_access|step_free_access:boolean',
        'takes_card_payments|accepts_card_payments|card_payments:boolean',
      ],
    ],
  ],
  'several of a known field, typed in the plural': [
    [
      'en',
      'Bookshop catalogue → one row per book: title, authors, publisher, price',
      true,
      ['title|book_title:string', 'authors:list|string', 'publisher:string', 'price:money'],
    ],
    [
      'en',
      'For each restaurant: the cuisines it serves, the phone and the address',
      false,
      ['cuisines:list|string', PHONE, 'address:string'],
    ],
  ],
  'a clause after "of" says what the value covers': [
    [
      'en',
      'For each charity: the registered number and a brief overview of what they fund',
      false,
      ['registered_number|registration_number|charity_number:string', 'overview|description:string'],
    ],
  ],
  'a superlative after its noun goes before the whole noun group': [
    [
      'es',
      'Academias de idiomas: la matrícula más barata y el teléfono',
      false,
      [
        'cheapest_enrolment_fee|cheapest_enrollment_fee|cheapest_tuition|cheapest_registration_fee|cheapest_enrolment|cheapest_enrollment|cheapest_registration:money|string',
        PHONE,
      ],
    ],
    [
      'fr',
      "Pour chaque auberge : la chambre la moins chère par nuit et l'adresse",
      false,
      ['cheapest_room|cheapest_room_price|cheapest_room_per_night:money|string', 'address:string'],
    ],
  ],
  'the page\'s own organisation after "of" adds nothing to the name': [
    ['en', 'the phone of the embassy and its email', false, [PHONE, EMAIL]],
  ],
  'yes/no names for what holds: free X, accepts X, on X, certified': [
    [
      'en',
      'Bike shop catalogue → one row per bike: model, price, and whether it is on clearance',
      true,
      ['model|bike_model:string', 'price:money', 'on_clearance|is_on_clearance:boolean'],
    ],
    [
      'en',
      'Museums: is the entry free? does the museum accept payment via Apple Pay? is the shop open on Mondays?',
      false,
      [
        'free_entry|free_admission:boolean',
        'accepts_apple_pay|apple_pay:boolean',
        'open_on_mondays|shop_open_on_mondays|open_mondays:boolean',
      ],
    ],
    [
      'fr',
      'Chocolatiers : est-ce que le site mentionne le label Fairtrade ? et le prix au kilo',
      false,
      ['fairtrade_certified|fairtrade_label|mentions_fairtrade:boolean', 'price_per_kilo|price_per_kg:money'],
    ],
  ],
  'a sentence of guidance for outputs already asked ("Dates as …, revenue in USD")': [
    [
      'en',
      'Find when the new wing was opened and the annual visitor count. Dates as DD/MM/YYYY please.',
      false,
      [
        'opening_date|new_wing_opening_date|wing_opened_date|opened_date:date',
        'annual_visitor_count|visitor_count:number',
      ],
    ],
    [
      'en',
      'Find when the theatre was last renovated and the total budget it states. Budget in EUR.',
      false,
      [
        'renovated_date|last_renovated_date|renovation_date|last_renovation_date:date',
        'total_budget|budget:money',
      ],
    ],
  ],
  'rows said as a noun\'s list, a row for every A/B, properties; "once per site" asks once': [
    [
      'en',
      'Festival site: festival name, and the sponsor list with sponsor name and tier',
      true,
      ['festival_name|name:string@task', 'sponsor_name|name:string', 'tier|sponsor_tier:string'],
    ],
    [
      'en',
      'For each chain we need the support email once per site, then a row for every store/outlet they list with the city and the opening hours',
      true,
      ['support_email|email:email@task', 'city:string', 'opening_hours|hours:string'],
    ],
    [
      'en',
      'Letting agent pages: all properties to let with address, monthly rent and bedrooms',
      true,
      ['address:string', 'monthly_rent|rent:money', 'bedrooms|bedroom_count:number|string'],
    ],
  ],
  'rows named at the end of a sentence, their columns in the next': [
    [
      'en',
      'Open the board page and collect every trustee listed there. Name, role and their email if it is shown.',
      true,
      ['name|trustee_name:string', 'role|job_title:string', 'email:email'],
    ],
  ],
  "the subject's head noun names its name column": [
    [
      'en',
      'We are listing independent veterinary clinics. For each clinic website I need the clinic name and the phone.',
      false,
      ['clinic_name|name:string', PHONE],
    ],
  ],
  'two "whether" questions joined by a comma are two fields': [
    [
      'de',
      'Hotels: ob es einen Pool gibt, ob Hunde erlaubt sind',
      false,
      ['has_pool|pool:boolean', 'dogs_allowed|allows_dogs|pets_allowed:boolean'],
    ],
  ],
  'guidance said first, and what any subject does': [
    [
      'en',
      'In two sentences at most, what does the charity do? And its registered number.',
      false,
      ['description|summary:string', 'registered_number|registration_number|charity_number:string'],
    ],
  ],
  "a person's full name and an h-index are their own fields": [
    [
      'en',
      'From each lab member page: full name, h-index and the ORCID',
      false,
      ['full_name|name:string', 'h_index:number', 'orcid|orcid_id:string'],
    ],
  ],
  'a two-letter ISO code is guidance; "résume" and "de máximo" read in other languages': [
    [
      'es',
      'Para cada distribuidor: el país de la sede en código ISO de dos letras y una descripción de máximo 20 palabras',
      false,
      ['headquarters_country|country|hq_country:string', 'description|summary:string'],
    ],
  ],
  'both genders of one noun are one field': [
    [
      'de',
      'Name des Leiters bzw. der Leiterin und die E-Mail',
      false,
      ['head_name|manager_name|director_name|leader_name|head:string', EMAIL],
    ],
  ],
};

describeRuleGroups(RULES, new Set());
