import { textsOf } from '../json-ld';
import { type Candidate, type Extractor, departmentFit, makeCandidate } from './candidate';

const EMAIL =
  /[a-z0-9][a-z0-9._%+-]*@[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)+/gi;
// "info(at)example.de", "info [at] example [dot] com": common where addresses are hidden from bots.
const OBFUSCATED =
  /([a-z0-9][a-z0-9._%+-]*)\s*[([{]\s*(?:at|@)\s*[)\]}]\s*([a-z0-9-]+(?:\s*(?:\.|[([{]\s*dot\s*[)\]}])\s*[a-z0-9-]+)+)/gi;
const NOT_AN_ADDRESS = /\.(png|jpe?g|gif|svg|webp|css|js)$/i;

export const extractEmails: Extractor = (q, ctx) => {
  const out: Candidate[] = [];
  const seen = new Set<string>();
  const add = (address: string, snippet: string, context: string, confidence: number) => {
    const clean =
      address
        .replace(/^mailto:/i, '')
        .split('?')[0]
        ?.trim()
        .toLowerCase() ?? '';
    if (
      !clean ||
      seen.has(clean) ||
      NOT_AN_ADDRESS.test(clean) ||
      !/^[^@\s]+@[^@\s]+\.[a-z]{2,}$/i.test(clean)
    )
      return;
    seen.add(clean);
    out.push(makeCandidate(ctx, clean, snippet, confidence + departmentFit(q, `${clean} ${context}`)));
  };
  const { page } = ctx;
  for (const entity of page.metadata.jsonLd) {
    for (const email of textsOf(entity.data.email))
      add(email, `${entity.types[0] ?? 'JSON-LD'} email: ${email}`, '', 0.95);
  }
  for (const a of page.anchors) {
    if (!/^mailto:/i.test(a.href)) continue;
    const passage = page.passages[a.passage];
    add(
      decodeURIComponent(a.href),
      passage?.text ?? a.text,
      `${a.heading ?? ''} ${passage?.text ?? ''}`,
      0.9,
    );
  }
  for (const p of page.passages) {
    if (!p.text.includes('@') && !/\(at\)|\[at\]|\{at\}/i.test(p.text)) continue;
    const context = `${p.heading ?? ''} ${p.text}`;
    for (const m of p.text.matchAll(EMAIL)) add(m[0], p.text, context, 0.8);
    for (const m of p.text.matchAll(OBFUSCATED)) {
      const domain = (m[2] ?? '').replace(/\s*[([{]\s*dot\s*[)\]}]\s*/gi, '.').replace(/\s+/g, '');
      add(`${m[1]}@${domain}`, p.text, context, 0.75);
    }
  }
  for (const f of page.fields) {
    if (/mail/.test(f.key))
      for (const m of f.value.matchAll(EMAIL)) add(m[0], `${f.key}: ${f.value}`, f.key, 0.85);
  }
  return out;
};
