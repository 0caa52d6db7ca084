// The general vocabularies are data: these tests hold their shape (English column words, no empty
// values), keep them from redefining a glossary word, and show that the loader reads them.

import { describe, expect, it } from 'vitest';
import { toEnglish } from './index';
import { GLOSSARIES, VOCABULARIES, keysOf, lexicon, type Language } from './lexicon';
import { rewriteTokens } from './segments';
import { tokenize } from './tokens';

const LANGUAGES: Language[] = ['de', 'fr', 'es'];
// Lowercase ASCII words, a hyphen allowed inside a word ("check-in time").
const ENGLISH = /^[a-z0-9]+(?:-[a-z0-9]+)*(?: [a-z0-9]+(?:-[a-z0-9]+)*)*$/;

function glossaryMeanings(language: Language): Map<string, string> {
  const meanings = new Map<string, string>();
  for (const table of Object.values(GLOSSARIES[language].phrases)) {
    for (const [phrase, en] of Object.entries(table)) {
      const key = keysOf(phrase, language === 'de').join(' ');
      if (!meanings.has(key)) meanings.set(key, en.toLowerCase());
    }
  }
  return meanings;
}

describe.each(LANGUAGES)('vocabulary-%s.json', (language) => {
  const vocabulary = VOCABULARIES[language];
  const german = language === 'de';

  it('holds at least 1,200 noun phrases and some attribute words', () => {
    expect(Object.keys(vocabulary.noun).length).toBeGreaterThanOrEqual(1200);
    expect(Object.keys(vocabulary.word).length).toBeGreaterThanOrEqual(50);
  });

  it('maps lowercase phrases to English column words', () => {
    for (const table of [vocabulary.noun, vocabulary.word]) {
      for (const [phrase, en] of Object.entries(table)) {
        expect(phrase, phrase).toBe(phrase.toLowerCase().trim());
        expect(keysOf(phrase, german).length, phrase).toBeGreaterThan(0);
        expect(en, phrase).toMatch(ENGLISH);
      }
    }
  });

  it('gives each phrase one meaning across its tables, accents and case folded', () => {
    const seen = new Map<string, string>();
    for (const table of [vocabulary.noun, vocabulary.word]) {
      for (const [phrase, en] of Object.entries(table)) {
        const key = keysOf(phrase, german).join(' ');
        expect(seen.get(key) ?? en, `${phrase} is also ${seen.get(key)}`).toBe(en);
        seen.set(key, en);
      }
    }
  });

  it('does not redefine a glossary phrase with another meaning', () => {
    const glossary = glossaryMeanings(language);
    const clashes = [...Object.entries(vocabulary.noun), ...Object.entries(vocabulary.word)].filter(
      ([phrase, en]) => {
        const meaning = glossary.get(keysOf(phrase, german).join(' '));
        return meaning !== undefined && meaning !== en;
      },
    );
    expect(clashes).toEqual([]);
  });

  it('lists as following their noun only words the lexicon reads (plurals included)', () => {
    const lex = lexicon(language);
    for (const word of vocabulary.postposed ?? []) {
      const kinds = rewriteTokens(tokenize(word), lex).map((s) => s.kind);
      expect(kinds, word).not.toContain('raw');
    }
  });

  it('is loaded into the lexicon after the glossary', () => {
    const lex = lexicon(language);
    const [phrase, en] = Object.entries(vocabulary.noun)[0] ?? ['', ''];
    const keys = keysOf(phrase, german);
    const entry = lex.entries.get(keys[0] ?? '')?.find((e) => e.keys.join(' ') === keys.join(' '));
    expect(entry).toMatchObject({ en, kind: 'noun' });
  });
});

const REWRITES: Array<[string, string]> = [
  ['Finde die Wohnfläche und die Kaltmiete', 'find the living area and the cold rent'],
  // Plural, genitive and adjective endings are the rules' work, not extra entries.
  ['Liste alle Aussteller mit Standnummer auf', 'list all exhibitor with booth number'],
  ['Finde die barrierefreien Eingänge', 'find the wheelchair accessible entrances'],
  ['Finde den Namen des Bürgermeisters', 'find the name of the mayor'],
  // A compound of vocabulary nouns that neither file lists.
  ['Finde die Praxistelefonnummer', 'find the practice phone number'],
  ['Trouve le nom du maire et le millésime', 'find the name of the mayor and the vintage'],
  ['Trouve les cours bilingues', 'find the bilingual courses'],
  ['Encuentra las habitaciones y la fianza', 'find the rooms and the deposit'],
  ['Encuentra los cursos bilingües', 'find the bilingual courses'],
  // Multi-word terms are listed with their plural: the rules inflect single words only.
  ['Trouve le nombre de salles de bain', 'find the number of bathrooms'],
  ['Encuentra las visitas guiadas y las plazas de garaje', 'find the guided tours and the parking spaces'],
];

describe('rewriting with the vocabulary', () => {
  it.each(REWRITES)('%s', (text, english) => {
    expect(toEnglish(text).text).toBe(english);
  });
});
