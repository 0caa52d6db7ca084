// The passive of a reporting verb, read in the active voice: "Is SOC 2 compliance mentioned anywhere
// on the site?" asks whether the site mentions SOC 2 compliance, and "Is HIPAA listed in the privacy
// policy?" whether the privacy policy lists HIPAA. The agent the passive leaves out is the page (or
// the document named after "in"); the yes/no rules then name the field by its verb (mentions_soc_2_compliance).

// Participle → [base, third person].
const REPORTING: Record<string, [string, string]> = {
  mentioned: ['mention', 'mentions'],
  listed: ['list', 'lists'],
  stated: ['state', 'states'],
  displayed: ['display', 'displays'],
  shown: ['show', 'shows'],
  named: ['name', 'names'],
  featured: ['feature', 'features'],
  referenced: ['reference', 'references'],
  cited: ['cite', 'cites'],
};

const PASSIVE_REPORT = new RegExp(
  '^(?:(?:check\\s+)?(?:is|are|was|were)\\s+(?!(?:it|they|this|there|that)\\b)(.+?)|(?:check\\s+)?(whether|if)\\s+(?!(?:it|they|this|there|that)\\b)(.+?)\\s+(?:is|are|was|were))' +
    `\\s+(${Object.keys(REPORTING).join('|')})(?:\\s+(?:anywhere|somewhere))?` +
    '(?:\\s+(on|in|at)\\s+(?:the|their|its)\\s+([a-z][a-z0-9 ]*?))?\\s*([?.!]*)$',
  'i',
);

const PAGES = /^(?:(?:web\s*)?site|website|home\s*page|page|web\s*page|company\s+website)$/i;

/** The active form of a passive reporting question or "whether" clause; other text unchanged. */
export function activeReporting(text: string): string {
  const m = PASSIVE_REPORT.exec(text.trim());
  const participle = m?.[4]?.toLowerCase();
  const verb = participle ? REPORTING[participle] : undefined;
  const thing = m?.[1] ?? m?.[3];
  if (!m || !verb || !thing) return text;
  const place = m[6];
  // "in the privacy policy": the document is the one that mentions; "on the site" is the page itself.
  const agent = place && !PAGES.test(place) ? `the ${place}` : 'the site';
  const lead = m[2]?.toLowerCase();
  if (lead) return `${lead} ${agent} ${verb[1]} ${thing}${m[7] ?? ''}`;
  return `does ${agent} ${verb[0]} ${thing}${m[7] ?? ''}`;
}
