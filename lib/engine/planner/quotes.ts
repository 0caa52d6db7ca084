// Quoted names and values ("rename email to 'contact email'"): kept whole while a text is split.

/** Removes one pair of surrounding quotes or backticks. */
export function unquote(text: string): string {
  const t = text.trim();
  const m = /^(["'`“‘])([\s\S]*)(["'`”’])$/.exec(t);
  return m && m[2] !== undefined ? m[2].trim() : t;
}

let calls = 0;

/** Replaces quoted strings by placeholders so splitting never cuts inside them. */
export function protectQuotes(text: string): { text: string; restore: (s: string) => string } {
  const saved: string[] = [];
  // Each call marks its own placeholders, so a text protected twice is restored by each in turn.
  const id = (calls = (calls + 1) % 1_000_000);
  const guarded = text.replace(
    /"[^"\n]*"|“[^”\n]*”|„[^“”\n]*[“”]|«[^»\n]*»|‘[^’\n]*’|`[^`\n]*`|(?<=^|[\s:(])'[^'\n]*?'(?=$|[\s.,;:!?)])/g,
    (m) => {
      saved.push(m);
      return `\u0000${id}:${saved.length - 1}\u0000`;
    },
  );
  return {
    text: guarded,
    restore: (s) =>
      s.replace(new RegExp(`\u0000${id}:(\\d+)\u0000`, 'g'), (_m, i: string) => saved[Number(i)] ?? ''),
  };
}
