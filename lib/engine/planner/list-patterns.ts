// The sentence patterns of list-shaped tasks, as list-shape.ts tries them: "for each product …",
// "all jobs with …", "one row per plan", "the exhibitor list with …". Split from list-shape.ts.

const LIST_VERBS =
  '(?:list|extract|get|find|return|give(?:\\s+me)?|capture|collect|gather|compile|fetch|retrieve|record|grab|pull|scrape|include|show|output|i\\s+want|we\\s+want|i\\s+need|we\\s+need)';
// "branch/depot": one item said two ways.
const ITEM = "([a-z][a-z'’/-]*(?:\\s+[a-z][a-z'’/-]*){0,3}?)";
// An item with a qualifier after it ("job postings on the job board", "apartments for rent"): the
// qualifier is cut off before the item is judged (cutQualifier).
const LONG_ITEM = "([a-z][a-z'’-]*(?:\\s+[a-z][a-z'’-]*){0,8}?)";
const WITH = '(with|including|showing|along\\s+with|together\\s+with|and\\s+their|and\\s+its|plus\\s+their)';

export const FOR_EACH = /\bfor\s+(?:each|every)\s+(.+)$/i;
export const FOR_EACH_BOUNDARY = new RegExp(
  `\\s*[,:\\u2013\\u2014]\\s*|\\s+-\\s+|\\s+(?=(?:please\\s+)?(?:${LIST_VERBS}|with|including|what|who|whether|its|their)\\b)`,
  'i',
);
export const LEADING_VERB = new RegExp(`^(?:please\\s+)?${LIST_VERBS}\\s*:?\\s*`, 'i');
export const TRAILING_EACH = new RegExp(
  `^(.*?)\\b${LIST_VERBS}\\s+(.+?)\\s+(?:for|of|from|on)\\s+(?:each|every|all(?:\\s+the)?|all\\s+of\\s+the)\\s+(.+)$`,
  'i',
);
export const OF_EACH = new RegExp(
  `^(?:the\\s+)?([a-z][a-z -]*?)\\s+(?:of|for)\\s+(?:each|every)\\s+${ITEM}(?:\\s*,\\s*|\\s+and\\s+|\\s*$)(.*)$`,
  'i',
);
export const ALL_WITH = new RegExp(
  `^(.*?)\\b(?:(?:a\\s+)?list\\s+of\\s+(?:all\\s+)?(?:the\\s+)?|all\\s+(?:of\\s+)?(?:the\\s+)?|every\\s+|each\\s+)(?:their\\s+|its\\s+)?${LONG_ITEM}\\s*,?\\s+(?:each(?:\\s+one)?\\s+)?${WITH}\\s+(.+)$`,
  'i',
);
export const VERB_WITH = new RegExp(
  `^(.*?)\\b(?:list|scrape|extract|collect|return|capture|get|find|grab|pull|fetch|give(?:\\s+me)?|show)\\s+(?:the\\s+|their\\s+|its\\s+|all\\s+)?${ITEM}\\s*,?\\s+${WITH}\\s+(.+)$`,
  'i',
);
// "Pricing plans and their monthly prices" (no verb), "each product's name and price".
// "a table of products (name, price, link)".
export const PAREN_COLUMNS = new RegExp(
  `^(.*?)\\b(?:(?:an?\\s+)?(?:table|list|spreadsheet)\\s+of\\s+)?(?:all\\s+)?(?:the\\s+)?${ITEM}\\s*\\(([^()]+)\\)\\s*$`,
  'i',
);
// "speakers with name, company and talk title", "upcoming events with date and venue": a verb-less
// plural noun phrase over two or more columns (a singular one, "the phone number with the area
// code", is a field).
export const PLURAL_WITH = new RegExp(
  `^(?:(?:the|their|its|our|all|any|upcoming|current|open|latest|recent)\\s+)*${ITEM}\\s+(with|including|showing)\\s+(.+)$`,
  'i',
);
// "the pricing plans (name and monthly price) and the support email": columns in brackets, then
// more that is asked once for the page.
export const PAREN_THEN = new RegExp(
  `^(.*?)\\b(?:all\\s+)?(?:the\\s+)?${ITEM}\\s*\\(([^()]+)\\)\\s*,?\\s*(?:and|plus|as\\s+well\\s+as)\\s+(.+)$`,
  'i',
);
// "the plans and their prices", and as a question: "which are the menus and their prices?".
export const THEIR_PLURAL = new RegExp(
  `^(?:(?:which|what)\\s+are\\s+)?(?:the\\s+)?${ITEM}\\s+(and|with)\\s+(their)\\s+(.+?)\\s*\\??$`,
  'i',
);
// "the exhibitor list with name and booth number": a noun's list, then the columns of its rows.
export const NOUN_LIST = new RegExp(
  `^(.*?)\\b(?:the\\s+|a\\s+|an\\s+|their\\s+|its\\s+|full\\s+|complete\\s+)*${ITEM}\\s+(?:list|listing|directory|catalogue|catalog|table)\\s*,?\\s+(?:with|including|showing)\\s+(.+)$`,
  'i',
);
export const EACH_OWNS = new RegExp(`^(.*?)\\b(?:each|every)\\s+${ITEM}['’]s\\s+(.+)$`, 'i');
// "speakers — name, title, company", "Products: name and price": a plural heading over its columns.
// "each job: title, team, location": a singular item after each/every, then its columns.
export const EACH_HEADING = new RegExp(
  `^(?:for\\s+)?(?:each|every)\\s+${LONG_ITEM}\\s*(?:[:\\u2013\\u2014]|\\s-)\\s*(.+)$`,
  'i',
);
export const HEADING = new RegExp(
  `^(?:(?:a\\s+)?list\\s+of\\s+)?(?:all\\s+(?:of\\s+)?)?(?:the\\s+)?${LONG_ITEM}\\s*(?:[:\\u2013\\u2014]|\\s-)\\s*(.+)$`,
  'i',
);
// "list each job opening: title, location", "extract every product - name, price".
export const VERB_EACH = new RegExp(
  `^(.*?)\\b${LIST_VERBS}\\s+(?:each|every|all(?:\\s+of)?(?:\\s+the)?|the)\\s+${LONG_ITEM}\\s*(?:[:\\u2013\\u2014]|\\s-)\\s*(.+)$`,
  'i',
);
// "pull every person listed there." and the columns in the next sentence.
export const VERB_EVERY_END = new RegExp(
  `^(.*?)\\b${LIST_VERBS}\\s+(?:each|every|all(?:\\s+of)?(?:\\s+the)?)\\s+${LONG_ITEM}\\s*$`,
  'i',
);
export const ROW_PER = new RegExp(
  `^(.*?)\\b(?:one|a|a\\s+separate|its\\s+own)\\s+(?:row|line)\\s+(?:per|for\\s+each|for\\s+every|for\\s+all)\\s+${ITEM}(?:\\s+please)?\\s*(?:[,:\\u2013\\u2014(]\\s*|\\s+-\\s+|\\s+(?:with|including|showing)\\s+|$)(.*)$`,
  'i',
);
// "each paper as its own row: title, authors", "each class a row: name, day", "every event on a line".
export const EACH_ROW = new RegExp(
  `^(.*?)\\b(?:each|every)\\s+${ITEM}\\s+(?:as\\s+|in\\s+|on\\s+)?(?:a|one|its\\s+own|a\\s+separate|separate)\\s+(?:row|line)(?:\\s+please)?\\s*(?:[,:\\u2013\\u2014(]\\s*|\\s+-\\s+|\\s+(?:with|including|showing)\\s+|$)(.*)$`,
  'i',
);
