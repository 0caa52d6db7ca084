// Known fields of the kinds of pages analysts research besides companies and shops: books, events,
// restaurants, listings and legal pages. Without them a verb-less list ("the ISBN and the number
// of pages") named nothing the planner knew and was refused.

import { field, type FieldSpec } from './vocabulary-types';

// One field per entry: reads better than one alias per line.
// prettier-ignore
export const DOMAIN_FIELDS: readonly FieldSpec[] = [
  // Books
  field('isbn', 'string', 'ISBN', 'content',
    ['isbn', 'isbn number', 'isbn 13', 'isbn 10', 'isbn13', 'isbn10', 'book number'],
    'ISBN of {the}', 'What is the ISBN of {the}?'),
  field('publisher', 'string', 'publisher', 'content',
    ['publisher', 'publishing house', 'published by', 'publisher name', 'imprint name'],
    'Publisher of {the}', 'Who is the publisher of {the}?'),
  // Events
  field('venue', 'string', 'venue', undefined,
    ['venue', 'venue name', 'event venue', 'event location', 'where it is held', 'where it takes place'],
    'Venue', 'Where does {the} take place? Give the venue and city.'),
  field('ticket_price', 'money', 'ticket price', 'product',
    ['ticket price', 'ticket cost', 'entry fee', 'admission fee', 'admission price', 'entrance fee', 'price of a ticket', 'price of the ticket', 'ticket'],
    'Ticket price', 'How much does a ticket for {the} cost? Give the amount and currency.'),
  // Restaurants
  field('cuisine', 'string', 'cuisine', undefined,
    ['cuisine', 'type of cuisine', 'cuisine type', 'kind of food', 'food type', 'type of food'],
    'Cuisine', 'What kind of cuisine does {the} serve?'),
  // Listings
  field('bedroom_count', 'number', 'bedrooms', undefined,
    ['bedroom', 'bedrooms', 'number of bedroom', 'bedroom count', 'beds', 'how many bedroom'],
    'Number of bedrooms', 'How many bedrooms does {the} have? Give a number.'),
  // Legal and policy pages
  field('privacy_policy_url', 'url', 'privacy policy link', 'content',
    ['privacy policy url', 'privacy policy link', 'link to the privacy policy', 'privacy page', 'privacy policy page'],
    'Privacy policy URL', 'What is the URL of {poss} privacy policy?'),
  field('terms_url', 'url', 'terms link', 'content',
    ['terms url', 'terms of service url', 'terms and conditions url', 'terms link', 'terms of service link', 'terms page'],
    'Terms of service URL', 'What is the URL of {poss} terms of service or terms and conditions?'),
];
