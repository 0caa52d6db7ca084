// Fresh phrasings for the fault classes a blind held-out set showed (issue 29), written before their
// rules, on topics the dev cases do not cover: words outside the glossaries and the vocabulary.
import { describeRuleGroups, EMAIL, PHONE, type DescribeRule } from '../../../bench/planner/fresh';

const RULES: Record<string, DescribeRule[]> = {
  // A word no glossary or vocabulary entry reads is translated by its parts (German compounds, plural
  // and feminine forms, cognate endings) or else kept in ASCII letters, never with its accents cut out.
  'words outside the glossaries': [
    [
      'de',
      'Finde die Fahrradstellplätze und die Ladesäulen',
      false,
      [
        'bicycle_parking_spaces|bike_parking_spaces|bicycle_parking|bike_parking|bicycle_parking_space_count',
        'charging_points|charging_stations|charging_point_count',
      ],
    ],
    [
      'fr',
      'Trouve le nombre de couverts et le chef pâtissier',
      false,
      ['cover_count|seat_count|seats|covers:number', 'pastry_chef|head_pastry_chef|pastry_chef_name:string'],
    ],
    [
      'es',
      'Encuentra el precio del jamón ibérico',
      false,
      ['iberian_ham_price|jamon_iberico_price|price:money'],
    ],
    [
      'fr',
      'Trouve la directrice commerciale et son adresse e-mail',
      false,
      ['sales_director|commercial_director|sales_director_name|commercial_director_name:string', EMAIL],
    ],
    [
      'es',
      'Encuentra la directora comercial y su teléfono',
      false,
      ['sales_director|commercial_director|sales_director_name|commercial_director_name:string', PHONE],
    ],
    ['de', 'Wie hoch ist die Kaltmiete?', false, ['cold_rent|base_rent|rent|kaltmiete:money']],
    ['de', 'Wie groß ist die Wohnfläche?', false, ['living_area|living_space|wohnflaeche:number|string']],
    [
      'fr',
      'Quelle est la superficie habitable ?',
      false,
      ['living_area|living_space|habitable_area:number|string'],
    ],
    [
      'es',
      '¿Cuál es la certificación energética y la orientación del piso?',
      false,
      ['energy_certification|energy_certificate|energy_rating:string', 'orientation:string'],
    ],
    [
      'fr',
      'Trouve la capacité électrique et la puissance thermique',
      false,
      ['electrical_capacity|electric_capacity|capacity', 'thermal_power|thermal_output|power'],
    ],
    [
      'de',
      'Finde die Kernkompetenzen und die Gründerin',
      false,
      ['core_competencies|core_competences|competencies|kernkompetenzen', 'founder|founder_name|founders'],
    ],
  ],
  // Second round, written after the rules above and before their own fixes (German verb-final
  // copula and passive, Spanish impersonal "se"); one is still open (see KNOWN_GAPS).
  'words outside the glossaries, second round': [
    [
      'de',
      'Finde heraus, ob die Praxis barrierefrei ist und welche Sprachen gesprochen werden',
      false,
      ['is_wheelchair_accessible|wheelchair_accessible:boolean', 'spoken_languages|languages:string|list'],
    ],
    ['es', '¿Qué idiomas se hablan en la clínica?', false, ['spoken_languages|languages:string|list']],
    [
      'es',
      'Encuentra la tarifa de la consulta y el horario de apertura de la clínica',
      false,
      ['consultation_price|consultation_fee|price:money', 'opening_hours|hours:string'],
    ],
    [
      'fr',
      'Dis-moi quel est le prix du menu du jour',
      false,
      ['daily_menu_price|set_menu_price|menu_price|price:money'],
    ],
  ],
  // Fourth round: German compounds of a prefix and a noun, days of the week, price questions.
  'words outside the glossaries, fourth round': [
    [
      'de',
      'Finde die Anzahl der Sitzplätze und die Mindestbestellmenge',
      false,
      ['seat_count|number_of_seats:number', 'minimum_order_quantity|minimum_order:number|string'],
    ],
    [
      'de',
      'Finde den Stundensatz und die Stornogebühren',
      false,
      ['hourly_rate:money|string', 'cancellation_fees|cancellation_fee:money|string'],
    ],
    [
      'fr',
      'Le magasin est-il ouvert le dimanche ?',
      false,
      ['is_open_sunday|open_on_sunday|open_sunday|is_open_on_sunday:boolean'],
    ],
    ['de', 'Finde heraus, wie viel ein Tageskurs kostet', false, ['day_course_cost|day_course_price:money']],
  ],
};

// "consulta" reads as the verb "look at" (or the glossary's "query") before its sense "consultation".
const KNOWN_GAPS = new Set<string>([
  'Encuentra la tarifa de la consulta y el horario de apertura de la clínica',
]);

describeRuleGroups(RULES, KNOWN_GAPS);
