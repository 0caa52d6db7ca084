// The equivalent API call of a dashboard action, as curl and as TypeScript fetch, against the upstream.
// The key is always a placeholder: snippets are copied into terminals and chat, never with a secret.
// They use the README's two variables, QUARRY_URL (set in the snippet) and QUARRY_API_KEY (the
// reader's own), so a snippet and the README's examples can be pasted into one shell.

export interface SnippetRequest {
  method: string;
  path: string;
  json?: unknown;
  /** Multipart fields; a value starting with "@" is a file path (curl) / File (fetch). */
  form?: Record<string, string>;
}

export const KEY_PLACEHOLDER = '$QUARRY_API_KEY';
export const URL_VARIABLE = 'QUARRY_URL';

const shellQuote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

export function curlSnippet(base: string, r: SnippetRequest): string {
  const lines = [
    `curl -X ${r.method} "$${URL_VARIABLE}"${shellQuote(r.path)}`,
    `  -H "x-api-key: ${KEY_PLACEHOLDER}"`,
  ];
  if (r.json !== undefined) {
    lines.push(`  -H 'Content-Type: application/json'`);
    lines.push(`  -d ${shellQuote(JSON.stringify(r.json))}`);
  }
  for (const [k, v] of Object.entries(r.form ?? {})) lines.push(`  -F ${shellQuote(`${k}=${v}`)}`);
  return `${URL_VARIABLE}=${shellQuote(base.replace(/\/+$/, ''))}\n${lines.join(' \\\n')}`;
}

export function fetchSnippet(base: string, r: SnippetRequest): string {
  const origin = JSON.stringify(base.replace(/\/+$/, ''));
  const headers = [`'x-api-key': process.env.QUARRY_API_KEY!`];
  let body = '';
  let pre = '';
  if (r.json !== undefined) {
    headers.push(`'Content-Type': 'application/json'`);
    body = `\n  body: JSON.stringify(${JSON.stringify(r.json, null, 2).replace(/\n/g, '\n  ')}),`;
  }
  if (r.form) {
    pre = 'const form = new FormData();\n';
    for (const [k, v] of Object.entries(r.form)) {
      pre += v.startsWith('@')
        ? `form.set('${k}', new Blob([await readFile('${v.slice(1)}')]), '${v.slice(1)}');\n`
        : `form.set('${k}', ${JSON.stringify(v)});\n`;
    }
    body = '\n  body: form,';
  }
  return `const ${URL_VARIABLE} = process.env.${URL_VARIABLE} ?? ${origin};
${pre}const res = await fetch(\`\${${URL_VARIABLE}}${r.path}\`, {
  method: '${r.method}',
  headers: { ${headers.join(', ')} },${body}
});
const envelope = await res.json(); // { status, data, message, error?, request_id? }`;
}
