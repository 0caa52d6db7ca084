// Coordinated attributes share their owner: "the name and email of the press contact" asks the press
// contact's name and email, "the CEO's name and phone" the CEO's phone too, as German "Name und E-Mail
// des Datenschutzbeauftragten" does once rewritten. Only bare attribute nouns take the owner, so "the
// company name and the email of the CEO" keeps "company name" as it is.

// Attributes a person or an organisation has; a bare one in a coordination needs an owner.
const ATTRIBUTES = new Set(
  (
    'name|full name|email|email address|e-mail|phone|phone number|telephone|mobile|title|job title|role|' +
    'position|address|linkedin|linkedin profile|linkedin url|photo|bio|biography|website|twitter'
  ).split('|'),
);

const BARE = /^(?:the\s+|their\s+|its\s+|his\s+|her\s+)?(.+)$/i;
const OF_OWNER = /^(?:the\s+)?(.+?)\s+of\s+((?:the|their|its|his|her|our)\s+.+)$/i;
const POSSESSIVE = /^((?:the\s+)?[a-z][a-z0-9 -]*?['’]s)\s+(.+)$/i;

function attribute(item: string, first = false): string | undefined {
  const text = item.trim().toLowerCase();
  // Only the first of the coordinated attributes has the determiner they share ("the name and email
  // of …"); "the email, the phone and the address of the office" are separate phrases.
  const bare = first ? BARE.exec(text)?.[1] : text;
  return bare && ATTRIBUTES.has(bare) ? bare : undefined;
}

export function shareOwner(items: readonly string[]): string[] {
  const out = [...items];
  if (out.length < 2) return out;
  // "name and email of the press contact": the owner after the last attribute.
  const last = OF_OWNER.exec(out[out.length - 1]?.trim() ?? '');
  const lastText = out[out.length - 1]?.trim() ?? '';
  if (last?.[1] && last[2] && attribute(last[1]) && !/^the\s/i.test(lastText)) {
    let i = out.length - 2;
    while (i >= 0 && attribute(out[i] ?? '', i === 0)) i -= 1;
    if (i < 0)
      for (let k = 0; k < out.length - 1; k += 1)
        out[k] = `${attribute(out[k] ?? '', k === 0)} of ${last[2]}`;
  }
  // "the CEO's name and email": the owner before the first attribute.
  for (let i = 0; i < out.length - 1; i += 1) {
    const first = POSSESSIVE.exec(out[i]?.trim() ?? '');
    if (!first?.[1] || !first[2] || !attribute(first[2])) continue;
    let k = i + 1;
    for (; k < out.length && attribute(out[k] ?? ''); k += 1)
      out[k] = `${first[1]} ${attribute(out[k] ?? '')}`;
    i = k - 1;
  }
  return out;
}
