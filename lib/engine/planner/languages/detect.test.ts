import { describe, expect, it } from 'vitest';
import { detectLanguage } from './detect';

const CASES: Array<[string, 'en' | 'de' | 'fr' | 'es']> = [
  // Short texts: five words or fewer, often with English field names in them.
  ['entferne phone', 'de'],
  ['finde die E-Mail-Adresse', 'de'],
  ['Liste alle Produkte', 'de'],
  ['Gruendungsjahr und Geschaeftsfuehrer', 'de'],
  ['benenne email in kontakt_email um', 'de'],
  ['supprime phone', 'fr'],
  ["Trouve l'adresse e-mail", 'fr'],
  ['renomme email en email_contact', 'fr'],
  ['prix et nombre de pages', 'fr'],
  ['Renombra email a email_contacto', 'es'],
  ['elimina el teléfono', 'es'],
  ['Encuentra el correo electronico', 'es'],
  ['precio y número de páginas', 'es'],
  ['remove phone', 'en'],
  ['List all products', 'en'],
  ['rename email to contact_email', 'en'],
  ['find the email address', 'en'],
  ['Preis', 'de'],
  ['Bieten sie eine kostenlose Testversion an? Versenden sie international?', 'de'],
  ['¿Qué métodos de pago aceptan?', 'es'],
  ['Quels moyens de paiement acceptent-ils ?', 'fr'],
  ['Is the company hiring?', 'en'],
  ['linkedin, twitter, facebook links', 'en'],
  ['Does the website mention SOC 2 compliance? Also give the name of their data protection officer', 'en'],
  // Long texts.
  [
    'Für jedes Unternehmen auf der Liste: finde die allgemeine E-Mail-Adresse, die Telefonnummer im internationalen Format, das Gründungsjahr und den Namen des Geschäftsführers.',
    'de',
  ],
  [
    "Pour chaque entreprise, trouve l'adresse e-mail générale, le numéro de téléphone au format international, l'année de fondation et le nom du PDG.",
    'fr',
  ],
  [
    'Para cada empresa, encuentra el correo electrónico general, el número de teléfono en formato internacional, el año de fundación y el nombre del director general.',
    'es',
  ],
  [
    'For each company on the list, find the general email address, the phone number in international format, the founding year and the name of the CEO.',
    'en',
  ],
  // A German question quoted inside an English instruction is still an English instruction.
  ['change the query for email to "Wie lautet die allgemeine E-Mail-Adresse der Firma?"', 'en'],
];

describe('detectLanguage', () => {
  it.each(CASES)('%s → %s', (text, language) => {
    expect(detectLanguage(text).language).toBe(language);
  });

  it('reads text without a single known word as English, so it is never rewritten', () => {
    expect(detectLanguage('xyzzy plugh').language).toBe('en');
    expect(detectLanguage('').language).toBe('en');
  });
});
