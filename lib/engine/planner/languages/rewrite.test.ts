import { describe, expect, it } from 'vitest';
import { toEnglish } from './index';

const REWRITES: Array<[string, string]> = [
  ['finde die E-Mail-Adresse und die Telefonnummer', 'find the email address and the phone number'],
  ['Finde für jedes Produkt den Namen und den Preis', 'for each product, find the name and the price'],
  ['für jeden Tarif auch den Monatspreis angeben', 'for each plan, also give the monthly price'],
  ['Bitte die E-Mail-Adresse extrahieren', 'please extract the email address'],
  ['Füge die Anzahl der Mitarbeiter hinzu', 'add the number of employees'],
  ['benenne email in kontakt_email um', 'rename email to kontakt_email'],
  ['Finde den Autor des Artikels', "find the article's author"],
  ['Ajoute la page LinkedIn de l’entreprise', "add the company's LinkedIn page"],
  ['Liste alle Produkte mit Preis auf', 'list all products with price'],
  // Compounds made of known words, and accents typed as "ue"/"oe" or left out.
  ['Finde die Kontakttelefonnummer', 'find the contact phone number'],
  ['Extrahiere das Gruendungsjahr und die Oeffnungszeiten', 'extract the founded year and the opening hours'],
  ['Extrahiere das Grundungsjahr', 'extract the founded year'],
  ["Trouve l'adresse e-mail et le numéro de téléphone", 'find the email address and the phone number'],
  [
    'Pour chaque plan tarifaire, donne aussi son prix mensuel',
    'for each pricing plan, also give its monthly price',
  ],
  ['renomme email en email_contact', 'rename email to email_contact'],
  [
    'le numero de telephone doit etre au format international',
    'the phone number should be in international format',
  ],
  ['Encuentra el correo electrónico y el número de teléfono', 'find the email and the phone number'],
  ['Para cada plan, añade también su precio mensual', 'for each plan, also add its monthly price'],
  ['EXTRAE EL AÑO DE FUNDACION', 'extract the founded year'],
  ['El teléfono debe estar en formato internacional', 'the phone should be in international format'],
  // Word order: questions, subordinate clauses, postposed adjectives, owners, verbs at the end.
  ['Bieten sie eine kostenlose Testversion an?', 'do they offer a free trial?'],
  ['Erwähnt die Website SOC 2?', 'does the website mention SOC 2?'],
  ['La politique de confidentialité mentionne-t-elle le RGPD ?', 'does the privacy policy mention the GDPR?'],
  ['¿La empresa está contratando?', 'is the company hiring?'],
  ['Quels moyens de paiement acceptent-ils ?', 'which payment methods do they accept?'],
  ['Prüfe, ob sie eine kostenlose Testversion anbieten', 'check whether they offer a free trial'],
  ['Comprueba también si ofrecen una prueba gratuita', 'also check whether they offer a free trial'],
  ['trouve le numéro de téléphone local', 'find the local phone number'],
  [
    'Titel, Autor und Veröffentlichungsdatum des Artikels',
    "the article's title, author and publication date",
  ],
  ['Entferne die Tarife, nur E-Mail und Telefon behalten', 'remove the plans, keep only email and phone'],
  ['Die Tags brauche ich nicht mehr', 'we no longer need the tags'],
  ['Elimina la columna del departamento', 'remove the column department'],
  ['employee_count soll Text sein, keine Zahl', 'employee_count should be text, not a number'],
  ['founders como un solo texto en lugar de una lista', 'make founders a single text instead of a list'],
  ['Kommende Veranstaltungen mit Name, Datum und Stadt', 'list all upcoming events with name, date and city'],
  [
    'Dado el nombre de una persona y el sitio web de su empresa, encuentra su cargo',
    "given a person's name and its company's website, find its job title",
  ],
];

describe('toEnglish', () => {
  it.each(REWRITES)('%s', (text, english) => {
    expect(toEnglish(text).text).toBe(english);
  });

  it('leaves English text exactly as typed', () => {
    const text = 'Find the Email and phone, then rename email to contact_email.';
    expect(toEnglish(text)).toEqual({ language: 'en', text, knownNounPhrase: false });
  });

  it('keeps quoted strings, URLs, e-mail addresses and snake_case identifiers untouched', () => {
    const { language, text } = toEnglish(
      'Ändere die Frage für kontakt_email zu "Wie lautet die E-Mail-Adresse?" und finde den Preis auf https://beispiel.de/preise-und-tarife oder info@beispiel.de',
    );
    expect(language).toBe('de');
    expect(text).toContain('kontakt_email');
    expect(text).toContain('"Wie lautet die E-Mail-Adresse?"');
    expect(text).toContain('https://beispiel.de/preise-und-tarife');
    expect(text).toContain('info@beispiel.de');
    expect(text).toMatch(/^change the query for kontakt_email to "/);
  });

  it('keeps bullet lines as lines', () => {
    expect(toEnglish('Finde für jedes Unternehmen:\n- E-Mail-Adresse\n- Telefonnummer').text).toBe(
      'for each company, find:\n- email address\n- phone number',
    );
  });

  it('keeps words it does not know as typed', () => {
    expect(toEnglish('Finde den Flux-Kompensator und die Telefonnummer').text).toBe(
      'find the Flux Kompensator and the phone number',
    );
  });
});
