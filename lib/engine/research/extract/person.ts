import { ORGANIZATION_TYPES, hasType, textOf } from '../json-ld';
import { fold } from '../text-utils';
import { type Candidate, type Extractor, makeCandidate } from './candidate';

// "Who is the CEO?": a person named next to the role. Patterns cover "Maria Lopez is our CEO",
// "CEO Maria Lopez", "Maria Lopez, chief executive of…", and team pages where the name is the
// heading above "Co-founder and CEO".

const ROLES: [RegExp, string][] = [
  [
    /\b(ceo|chief executive( officer)?|geschaftsfuhrer(in)?|managing director|president|directeur general|pdg)\b/,
    'ceo',
  ],
  [/\b(co ?founder|founder|founded by|grunder(in)?|fondateur)\b/, 'founder'],
  [/\b(cto|chief technology officer)\b/, 'cto'],
  [/\b(cfo|chief financial officer)\b/, 'cfo'],
  [/\b(coo|chief operating officer)\b/, 'coo'],
  [/\b(owner|inhaber(in)?|proprietor)\b/, 'owner'],
  [/\b(chair(man|woman|person)?)\b/, 'chair'],
];
const NAME = String.raw`(\p{Lu}[\p{Ll}'’-]+(?:\s+(?:van|von|de|da|del|der|le)?\s*\p{Lu}[\p{Ll}'’-]+){1,2})`;

export const extractPerson: Extractor = (q, ctx) => {
  const queryText = fold(`${q.keyword.replace(/_/g, ' ')} ${q.query}`);
  const role = ROLES.find(([pattern]) => pattern.test(queryText));
  if (!role) return [];
  const [rolePattern, roleKey] = role;
  const out: Candidate[] = [];
  for (const entity of ctx.page.metadata.jsonLd) {
    if (entity.types.includes('Person') && rolePattern.test(fold(textOf(entity.data.jobTitle) ?? ''))) {
      const name = textOf(entity.data.name);
      if (name)
        out.push(
          makeCandidate(ctx, name, `${name}, ${textOf(entity.data.jobTitle)}`, 0.92, {
            method: 'structured_data',
            path: 'json-ld Person › name',
          }),
        );
    }
    if (hasType(entity, ORGANIZATION_TYPES) && roleKey === 'founder') {
      const founder = textOf(entity.data.founder);
      if (founder)
        out.push(
          makeCandidate(ctx, founder, `founder: ${founder}`, 0.9, {
            method: 'structured_data',
            path: 'json-ld Organization › founder',
          }),
        );
    }
  }
  for (const p of ctx.page.passages) {
    if (p.kind === 'heading') continue;
    const folded = fold(p.text);
    if (!rolePattern.test(folded)) continue;
    const name = nameNearRole(p.text, rolePattern);
    if (name) {
      out.push(makeCandidate(ctx, name, p.text, 0.8));
      continue;
    }
    // Team pages: the role sits under a heading that is the person's name.
    if (
      p.heading &&
      new RegExp(`^${NAME}$`, 'u').test(p.heading) &&
      folded.indexOf(rolePattern.exec(folded)?.[0] ?? '\u0000') < 40
    ) {
      out.push(makeCandidate(ctx, p.heading, `${p.heading}: ${p.text}`, 0.78));
    }
  }
  return out;
};

function nameNearRole(text: string, rolePattern: RegExp): string | null {
  for (const sentence of text.split(/(?<=[.!?;])\s+/)) {
    const folded = fold(sentence);
    const role = rolePattern.exec(folded);
    if (!role) continue;
    // Folding keeps string length for Latin text, so indexes map back onto the original sentence.
    const before = sentence.slice(0, role.index);
    const after = sentence.slice(role.index + role[0].length);
    const patterns = [
      new RegExp(
        `${NAME}\\s*(?:,|\\(|\\bis\\b(?:\\s+(?:our|the|its))?|\\bas\\b|–|-)\\s*(?:our\\s+|the\\s+)?(?:co-)?$`,
        'u',
      ),
    ];
    for (const p of patterns) {
      const m = p.exec(before);
      if (m?.[1]) return m[1];
    }
    const following = new RegExp(`^(?:\\s*(?:and\\s+)?(?:of\\s+[\\p{L}\\s]+?)?[,:]?\\s*)${NAME}`, 'u').exec(
      after,
    );
    if (following?.[1]) return following[1];
  }
  return null;
}
