// User-facing refusal texts, kept together so the API routes and tests see one wording.

export const MAX_TEXT = 10_000;

export const DESCRIBE_HINT =
  "Say what to extract, for example: 'Find the contact email and phone number of a company website'.";

export const EDIT_FORMS = [
  "'also extract the CEO name'",
  "'remove phone'",
  "'rename email to contact_email'",
  "'make employee_count a number'",
  "'change the query for email to …'",
  "'price should be in USD'",
  "'add an input country'",
  "'remove the input country'",
  "'make it a list of products with name and price'",
].join(', ');

export function tooLong(what: 'description' | 'instruction', length: number): string {
  return `The ${what} is too long (${length.toLocaleString('en-US')} characters); the limit is ${MAX_TEXT.toLocaleString('en-US')}.`;
}
