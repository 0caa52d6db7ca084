// Whether a list phrase's rows are on the page or are the runs' own inputs, and which phrases only
// name the pages the rows are on. Split from list-shape.ts, which asks these about every shape it finds.

import { ESTABLISHMENT_NOUNS } from './establishments';
import { singular, words } from './names';

// Organisations and places are what a run's website is about: "for each hotel of our list", "pharmacies:
// opening hours, phone" ask one answer per site, unless the page is said to list them ("every hotel
// listed on the booking page").
// prettier-ignore
const SITE_OWNERS = new Set([
  // "workshop" is also an event ("the workshops the studio runs").
  ...[...ESTABLISHMENT_NOUNS].filter((n) => n !== 'workshop'), 'fund', 'supplier', 'provider', 'vendor', 'insurer', 'parish', 'church', 'app', 'dealer',
  'ngo', 'municipality', 'council', 'forwarder', 'organization', 'organisation', 'competitor', 'client', 'lead',
  'prospect', 'distributor', 'wholesaler', 'operator', 'bank', 'broker', 'airline', 'asso', 'office', 'insurance',
  'website', 'site', 'homepage',
  // Trades run as one business per site ("Vets: phone, hours"); "lawyers" and "doctors" are often a
  // team page's rows, so they are not here.
  'dentist', 'vet', 'veterinarian', 'optician', 'plumber', 'electrician', 'garage', 'hairdresser', 'barber',
  'florist', 'butcher', 'roofer', 'locksmith', 'builder', 'carpenter', 'installer', 'caterer', 'notary',
]);
const PAGE_LISTS =
  /\b(?:listed|directory|on\s+(?:the|this|that|their|its|a|each)\s+(?:[a-z-]+\s+){0,2}(?:page|site|website|portal|platform|map)|(?:page|site|website|portal)\s+(?:lists|shows))\b/i;
const INPUT_LIST =
  /\b(?:(?:of|in|from|on)\s+(?:the|our|my|this|your)\s+(?:list|spreadsheet|sheet|csv|file|excel|table|database)|upload|csv)\b/i;

/** "for each hotel of our list": the rows are the inputs, not things on one page. */
export function rowsAreInputs(item: string, sentence: string, text: string): boolean {
  if (INPUT_LIST.test(sentence)) return true;
  const head = singular(words(item).at(-1) ?? '');
  // "all stores with address and opening hours" are a store finder's rows.
  const gathered = /\b(?:all|every|list\s+of|table\s+of)\b/i.test(sentence);
  return SITE_OWNERS.has(head) && !gathered && !PAGE_LISTS.test(text);
}

// prettier-ignore
const PAGE_NOUNS = new Set([
  'page', 'site', 'website', 'calendar', 'timetable', 'schedule', 'programme', 'program', 'agenda', 'directory',
  'catalogue', 'catalog', 'portal', 'platform', 'section', 'overview', 'listing', 'homepage', 'url', 'link',
]);

/**
 * "Publications page of a research group →", "Theatre season programme pages.": a phrase that only
 * says which pages the rows are on, not a field to return.
 */
export function isPageNote(text: string): boolean {
  const clean = text.replace(/\s*(?:→|->|=>|:|,|[-\u2013\u2014])\s*$/, '').trim();
  const tokens = words(clean);
  if (tokens.length === 0 || tokens.length > 8 || /,|\band\b|\bwith\b/i.test(clean)) return false;
  const ofAt = tokens.indexOf('of');
  const head = singular(tokens[(ofAt > 0 ? ofAt : tokens.length) - 1] ?? '');
  return PAGE_NOUNS.has(head);
}
