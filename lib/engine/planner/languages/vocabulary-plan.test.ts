// End to end with the general vocabulary: descriptions about hotels, flats, town halls, clinics,
// fairs, shops, universities, podcasts and repositories plan the same outputs as their English twins,
// so no untranslated word ("zimmer_count", "maire_name", "has_piscina") reaches a column name.

import { describe, expect, it } from 'vitest';
import { applyInstruction, planFromDescription } from '../index';

function names(result: ReturnType<typeof planFromDescription>): string[] {
  if (!result.ok) throw new Error(result.message);
  return result.definition.outputs.map((o) => `${o.name}:${o.type}`);
}

// prettier-ignore
const DESCRIPTIONS: Array<[string, string, string[]]> = [
  ['Finde die Anzahl der Zimmer und die Sterne des Hotels', 'Find the number of rooms and the stars of the hotel', ['room_count']],
  ['Gib die Wohnfläche, die Kaltmiete und die Nebenkosten an', 'Give the living area, the cold rent and the additional costs', ['living_area', 'cold_rent']],
  ['Finde den Namen des Bürgermeisters und die Einwohnerzahl', 'Find the name of the mayor and the population', ['mayor_name', 'population']],
  ['Ist die Praxis barrierefrei? Gib auch die Sprechstunde und die Fachrichtung an', 'Is the practice wheelchair accessible? Also give the consultation hours and the specialty', ['consultation_hours']],
  ['Liste alle Aussteller mit Name, Standnummer und Halle auf', 'List all exhibitors with name, booth number and hall', ['booth_number']],
  ['Finde die Versandkosten, die Rückgabefrist und die Zahlungsarten', 'Find the shipping cost, the return period and the payment methods', ['shipping_cost', 'return_period']],
  ["Trouve le nom du maire et le nombre d'habitants", 'Find the name of the mayor and the population', ['mayor_name', 'population']],
  ["Donne la surface habitable, le loyer et le nombre de chambres de l'appartement", "Give the living area, the rent and the number of rooms of the apartment", ['living_area', 'rent']],
  ["Le parking est-il gratuit ? Donne aussi le prix par nuit et l'heure d'arrivée", 'Is the parking free? Also give the price per night and the check-in time', ['price_per_night']],
  ['Trouve le millésime, le cépage et le prix de la bouteille', 'Find the vintage, the grape variety and the price of the bottle', ['vintage', 'grape_variety']],
  ['Liste tous les épisodes du podcast avec le titre, la durée et l’invité', 'List all episodes of the podcast with the title, the duration and the guest', ['guest']],
  ['¿El hotel tiene piscina? Encuentra también el precio por noche', 'Does the hotel have a swimming pool? Also find the price per night', ['price_per_night']],
  ['Dame la superficie útil, el alquiler mensual y la fianza', 'Give me the usable area, the monthly rent and the deposit', ['usable_area', 'monthly_rent', 'deposit']],
  ['Encuentra el decano de la facultad y el precio de la matrícula', 'Find the dean of the faculty and the tuition fee', ['tuition_fee']],
  ['Encuentra la cosecha, la variedad de uva y el precio de la botella', 'Find the vintage, the grape variety and the price of the bottle', ['vintage', 'grape_variety']],
  ['Encuentra la última versión, la licencia y el número de estrellas del repositorio', 'Find the latest version, the licence and the number of stars of the repository', ['latest_version', 'licence']],
];

describe('descriptions across topics read through the vocabulary', () => {
  it.each(DESCRIPTIONS)('%s', (text, english, expected) => {
    const planned = names(planFromDescription(text));
    expect(planned).toEqual(names(planFromDescription(english)));
    const plain = planned.map((n) => n.split(':')[0] ?? '');
    for (const name of expected) expect(plain).toContain(name);
    for (const name of plain) expect(name).toMatch(/^[a-z0-9_]+$/);
  });
});

describe('instructions read through the vocabulary', () => {
  it.each([
    ['Füge auch die Kaution und das Baujahr hinzu', 'also add the deposit and the year built'],
    [
      "Ajoute aussi le dépôt de garantie et l'année de construction",
      'also add the deposit and the year built',
    ],
    ['Añade también la fianza y el año de construcción', 'also add the deposit and the year built'],
  ])('%s', (text, english) => {
    const base = planFromDescription('Find the living area and the rent of the apartment');
    if (!base.ok) throw new Error(base.message);
    const edited = applyInstruction(base.definition, text);
    const reference = applyInstruction(base.definition, english);
    if (!edited.ok || !reference.ok) throw new Error('edit refused');
    expect(edited.definition.outputs.map((o) => o.name)).toEqual(
      reference.definition.outputs.map((o) => o.name),
    );
    expect(edited.definition.outputs.map((o) => o.name)).toContain('year_built');
  });
});
