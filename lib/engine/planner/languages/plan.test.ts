// End to end: a German, French or Spanish description or instruction plans the same outputs as
// its English equivalent. The English plan is the reference, so these tests hold whatever names
// the English planner chooses.

import { describe, expect, it } from 'vitest';
import type { TaskDefinition } from '@/lib/contract/task-definition';
import { applyInstruction, planFromDescription } from '../index';

type Outcome = { ok: false } | { ok: true; list: boolean; outputs: string[] };

function outcome(result: { ok: true; definition: TaskDefinition } | { ok: false; message: string }): Outcome {
  if (!result.ok) return { ok: false };
  const { list, outputs } = result.definition;
  return {
    ok: true,
    list,
    outputs: outputs.map(
      (o) => `${o.name}:${o.type}:${o.scope ?? '-'}:${o.items ?? '-'}:${o.format ? 'format' : '-'}`,
    ),
  };
}

// prettier-ignore
const DESCRIPTIONS: Array<[string, string]> = [
  ['finde die E-Mail-Adresse und die Telefonnummer', 'find the email address and the phone number'],
  ['Extrahiere das Gründungsjahr, den Geschäftsführer und die Anzahl der Mitarbeiter', 'Extract the founding year, the CEO and the number of employees'],
  ['Gib mir die Adresse und die Öffnungszeiten', 'Give me the address and the opening hours'],
  ['Finde für jedes Produkt den Namen und den Preis', 'For each product find the name and the price'],
  ['Liste alle Stellenangebote mit Titel und Standort auf', 'List all job openings with title and location'],
  ['Finde den Autor und das Veröffentlichungsdatum des Artikels', "Find the article's author and publication date"],
  ['Extrahiere die Social-Media-Profile sowie die Kontaktseite', 'Extract the social media profiles as well as the contact page'],
  ['Finde den Firmennamen, die Branche und den Hauptsitz', 'Find the company name, the industry and the headquarters'],
  ['Ermittle die durchschnittliche Bewertung und die Anzahl der Bewertungen', 'Find the average rating and the number of reviews'],
  ['Bitte die Kontakt-E-Mail und die Faxnummer extrahieren', 'Please extract the contact email and the fax number'],
  ['Finde den Namen des Datenschutzbeauftragten und die Datenschutzerklärung', 'Find the name of the data protection officer and the privacy policy'],
  ['Liste alle Referenten der Konferenz mit Name, Position und Firma auf', 'List all speakers of the conference with name, job title and company'],
  ["Trouve l'adresse e-mail et le numéro de téléphone", 'find the email address and the phone number'],
  ["Extrais l'année de fondation, le PDG et le nombre d'employés", 'Extract the founding year, the CEO and the number of employees'],
  ["Donne-moi l'adresse et les horaires d'ouverture", 'Give me the address and the opening hours'],
  ['Pour chaque produit, trouve le nom et le prix', 'For each product find the name and the price'],
  ["Liste toutes les offres d'emploi avec le titre et le lieu", 'List all job openings with the title and the location'],
  ["Trouve l'auteur et la date de publication de l'article", "Find the article's author and publication date"],
  ['Extrais les profils sur les réseaux sociaux ainsi que la page de contact', 'Extract the social media profiles as well as the contact page'],
  ["Trouve le nom de l'entreprise, le secteur et le siège social", 'Find the company name, the industry and the headquarters'],
  ["Récupère la note moyenne et le nombre d'avis", 'Get the average rating and the number of reviews'],
  ['Trouve le nom du délégué à la protection des données et la politique de confidentialité', 'Find the name of the data protection officer and the privacy policy'],
  ['Encuentra el correo electrónico y el número de teléfono', 'find the email and the phone number'],
  ['Extrae el año de fundación, el director general y el número de empleados', 'Extract the founding year, the CEO and the number of employees'],
  ['Dame la dirección y el horario de apertura', 'Give me the address and the opening hours'],
  ['Para cada producto, encuentra el nombre y el precio', 'For each product find the name and the price'],
  ['Lista todas las ofertas de empleo con el título y la ubicación', 'List all job openings with the title and the location'],
  ['Encuentra el autor y la fecha de publicación del artículo', "Find the article's author and publication date"],
  ['Extrae los perfiles en redes sociales así como la página de contacto', 'Extract the social media profiles as well as the contact page'],
  ['Encuentra el nombre de la empresa, el sector y la sede', 'Find the company name, the industry and the headquarters'],
  ['Obtén la valoración media y el número de reseñas', 'Get the average rating and the number of reviews'],
  ['Encuentra el nombre del delegado de protección de datos y la política de privacidad', 'Find the name of the data protection officer and the privacy policy'],
];

const BASE = 'Find the contact email, the phone number and the CEO of the company';

// prettier-ignore
const INSTRUCTIONS: Array<[string, string]> = [
  ['Entferne die Telefonnummer', 'remove the phone number'],
  ['Füge auch das Gründungsjahr hinzu', 'also add the founding year'],
  ['Benenne email in kontakt_email um', 'rename email to kontakt_email'],
  ['Die Telefonnummer soll im internationalen Format sein', 'the phone number should be in international format'],
  ['Entferne den Geschäftsführer und füge die Anzahl der Mitarbeiter hinzu', 'remove the CEO and add the number of employees'],
  ['Ersetze die Telefonnummer durch die Faxnummer', 'replace the phone number with the fax number'],
  ['Supprime le numéro de téléphone', 'remove the phone number'],
  ["Ajoute aussi l'année de fondation", 'also add the founding year'],
  ['Renomme email en email_contact', 'rename email to email_contact'],
  ['Le numéro de téléphone doit être au format international', 'the phone number should be in international format'],
  ["Supprime le PDG et ajoute le nombre d'employés", 'remove the CEO and add the number of employees'],
  ['Remplace le numéro de téléphone par le numéro de fax', 'replace the phone number with the fax number'],
  ['Elimina el número de teléfono', 'remove the phone number'],
  ['Añade también el año de fundación', 'also add the founding year'],
  ['Renombra email a email_contacto', 'rename email to email_contacto'],
  ['El número de teléfono debe estar en formato internacional', 'the phone number should be in international format'],
  ['Elimina el director general y añade el número de empleados', 'remove the CEO and add the number of employees'],
  ['Reemplaza el número de teléfono por el número de fax', 'replace the phone number with the fax number'],
];

function base(): TaskDefinition {
  const result = planFromDescription(BASE);
  if (!result.ok) throw new Error(result.message);
  return result.definition;
}

describe('descriptions in German, French and Spanish', () => {
  it.each(DESCRIPTIONS)('%s', (text, english) => {
    const reference = outcome(planFromDescription(english));
    expect(reference.ok).toBe(true);
    expect(outcome(planFromDescription(text))).toEqual(reference);
  });

  it("keeps the analyst's own text as the description", () => {
    const result = planFromDescription('  finde die E-Mail-Adresse und die Telefonnummer ');
    expect(result.ok && result.definition.description).toBe('finde die E-Mail-Adresse und die Telefonnummer');
  });

  it('refuses a text that asks for nothing, saying how it was read', () => {
    const result = planFromDescription('Die Katze schläft auf dem Sofa');
    expect(result.ok).toBe(false);
    expect(!result.ok && result.message).toMatch(/Read from German as "/);
  });
});

describe('instructions in German, French and Spanish', () => {
  it.each(INSTRUCTIONS)('%s', (text, english) => {
    const reference = applyInstruction(base(), english);
    expect(reference.ok).toBe(true);
    expect(outcome(applyInstruction(base(), text))).toEqual(outcome(reference));
  });

  it('edits a task described in German like its English twin', () => {
    const german = planFromDescription('Liste alle Produkte mit Name und Preis auf');
    const english = planFromDescription('List all products with name and price');
    if (!german.ok || !english.ok) throw new Error('planning failed');
    const edited = applyInstruction(german.definition, 'Füge auch die Marke hinzu');
    expect(outcome(edited)).toEqual(outcome(applyInstruction(english.definition, 'also add the brand')));
    expect(edited.ok && edited.definition.description).toBe('Liste alle Produkte mit Name und Preis auf');
  });

  it('refuses an instruction it cannot read and leaves the task as it was', () => {
    const current = base();
    const before = structuredClone(current);
    const result = applyInstruction(current, 'Die Katze schläft auf dem Sofa');
    expect(result.ok).toBe(false);
    expect(!result.ok && result.message).toMatch(/German/);
    expect(current).toEqual(before);
  });
});

describe('noun-phrase descriptions', () => {
  it('reads a verb-less phrase of known words as a request to find what it names', () => {
    const result = planFromDescription('Das Hauptthema des Artikels, als kurze Phrase');
    const english = planFromDescription("Find the article's main topic, as one short phrase");
    expect(outcome(result)).toEqual(outcome(english));
  });

  it.each(['améliore ça', 'lo de siempre', 'mach das besser'])('still refuses %s', (text) => {
    expect(planFromDescription(text).ok).toBe(false);
  });
});
