// Whether a word can name a field: filler words, keyboard mashing ("asdkjh qwpoei") and placeholder
// nonsense ("foo", "lorem") cannot; acronyms ("GDPR", "NHS") can. Split from phrases.ts.

/** Common words that never name a field on their own. */
export const STOP_WORDS = new Set(
  (
    'a an the and or of to in on at for from by with about as is are was were be been it its they them their this that ' +
    'these those there here i we you he she me us my our your please also then just only any some all each every ' +
    'what which who whom how when where why whether if do does did can could would should will shall may might must ' +
    'get find extract want need know like thing things stuff data info information details detail everything anything ' +
    'something nothing etc more other following same so very really hello hi hey thanks thank ok okay yes no not given none otherwise else'
  ).split(' '),
);

const NONSENSE = new Set([
  'blah',
  'foo',
  'bar',
  'baz',
  'lorem',
  'ipsum',
  'dolor',
  'asdf',
  'qwerty',
  'xyz',
  'test',
]);
const ACRONYMS = new Set([
  'ceo',
  'cto',
  'cfo',
  'coo',
  'cmo',
  'hq',
  'sku',
  'crm',
  'b2b',
  'b2c',
  'tv',
  'seo',
  'api',
  'sdk',
  'hr',
  'ip',
  'gst',
  'ein',
  'nps',
  'kpi',
  'rss',
  'ssl',
  'dns',
  'mx',
  'sms',
  'www',
  'pdf',
  'cv',
  'vc',
  'msrp',
  'gtin',
  'mpn',
  'tld',
  // Compliance and business acronyms written without vowels.
  'gdpr',
  'pci',
  'dss',
  'sla',
  'kyc',
  'sso',
  'mfa',
  'tls',
  'cdn',
  'smb',
  'gmbh',
  'llc',
  'dpa',
  'dpo',
  'csr',
  'rfp',
  'rfq',
  'cms',
  'xml',
  'html',
  'css',
  'phd',
  'ltd',
]);

/** A rough "is this a word" check that rejects keyboard mashing ("asdkjh qwpoei") and filler. */
export function isMeaningfulWord(word: string): boolean {
  if (ACRONYMS.has(word)) return true;
  if (STOP_WORDS.has(word) || NONSENSE.has(word) || word.length < 2 || word.length > 30) return false;
  if (/^\d+$/.test(word)) return false;
  // Two or three letters without a vowel are an acronym ("NHS", "CPV", "GP"); longer runs are mashing.
  if (!/[aeiouy]/.test(word)) return word.length <= 3 && /^[a-z]+\d*$/.test(word);
  if (/[^aeiouy\d]{5,}/.test(word) || /(.)\1\1/.test(word)) return false;
  return true;
}

/** A token that may appear in a field name: a word, a filler word, or a number ("SOC 2"). */
export function isAcceptableToken(word: string): boolean {
  // Single letters appear in names such as "B Corp" and "Series A".
  return isMeaningfulWord(word) || STOP_WORDS.has(word) || /^\d+$/.test(word) || /^[a-z]$/.test(word);
}
