// Nouns for the places and organisations one run researches: a practice, a gym, a brewery. Such a
// noun is the subject of the page, like "company" or "hotel": "the phone number of the pharmacy" is
// the pharmacy's phone, so the noun adds nothing to a column name, and "whether the gym offers X"
// asks whether the page's subject offers X.

import { singular } from './names';

// prettier-ignore
export const ESTABLISHMENT_NOUNS: ReadonlySet<string> = new Set([
  'practice', 'clinic', 'hospital', 'pharmacy', 'surgery', 'gym', 'studio', 'salon', 'spa', 'museum',
  'gallery', 'library', 'theater', 'theatre', 'cinema', 'venue', 'brewery', 'winery', 'distillery', 'vineyard',
  'bakery', 'cafe', 'pub', 'bistro', 'hostel', 'inn', 'guesthouse', 'motel', 'lodge', 'campsite', 'apartment', 'kindergarten',
  'daycare', 'nursery', 'charity', 'foundation', 'association', 'club', 'agency', 'dealership', 'workshop', 'farm',
  'consultancy', 'institute', 'academy', 'college', 'university', 'school', 'hotel', 'restaurant', 'shop', 'store',
  'firm', 'company', 'business', 'startup', 'nonprofit', 'manufacturer', 'supplier', 'retailer', 'marketplace',
  'ngo', 'provider', 'vendor', 'hall', 'municipality', 'council', 'embassy', 'consulate', 'church', 'parish',
]);

const MODIFIER_STOP = new Set(
  (
    'a an the and or of to in on at for from by with about as is are was were be it its they their this that these ' +
    'those each every all any some our your my his her look looking research researching collect collecting list ' +
    'find visit check many much which what who whose new other parent sister holding partner competitor ' +
    'subsidiary main previous former same own best good local nearest'
  ).split(' '),
);

/**
 * The first establishment noun of a text with its one modifier ("dental practice", "law firm"), in the
 * singular, and where it starts; undefined when the text names none.
 */
export function findEstablishment(text: string): { noun: string; index: number } | undefined {
  let previous: RegExpMatchArray | undefined;
  for (const m of text.matchAll(/[a-z]+/gi)) {
    const head = singular(m[0].toLowerCase());
    if (ESTABLISHMENT_NOUNS.has(head)) {
      const modifier = previous?.[0].toLowerCase() ?? '';
      // Only a word right before it ("dental practice", not "dental, practice") modifies it.
      const adjacent = previous && /^\s+$/.test(text.slice((previous.index ?? 0) + modifier.length, m.index));
      if (
        adjacent &&
        modifier &&
        !MODIFIER_STOP.has(modifier) &&
        !ESTABLISHMENT_NOUNS.has(singular(modifier))
      )
        return { noun: `${modifier} ${head}`, index: previous?.index ?? 0 };
      return { noun: head, index: m.index ?? 0 };
    }
    previous = m;
  }
  return undefined;
}
