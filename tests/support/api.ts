// A small HTTP client for the engine suite: real fetch over loopback, the body parsed as JSON.
export interface ApiResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export function apiClient(base: string, key: string | null) {
  async function call<T = any>(
    method: string,
    path: string,
    opts: {
      json?: unknown;
      form?: FormData;
      raw?: BodyInit;
      headers?: Record<string, string>;
      key?: string | null;
    } = {},
  ): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = { ...opts.headers };
    const k = opts.key === undefined ? key : opts.key;
    if (k) headers['x-api-key'] = k;
    let body: BodyInit | undefined = opts.raw;
    if (opts.json !== undefined) {
      headers['content-type'] ??= 'application/json';
      body = JSON.stringify(opts.json);
    }
    if (opts.form) body = opts.form;
    const res = await fetch(base + path, { method, headers, body });
    const text = await res.text();
    let parsed: any = undefined;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    return { status: res.status, headers: res.headers, body: parsed as T, text };
  }
  return {
    call,
    get: <T = any>(p: string, o?: Parameters<typeof call>[2]) => call<T>('GET', p, o),
    post: <T = any>(p: string, o?: Parameters<typeof call>[2]) => call<T>('POST', p, o),
    put: <T = any>(p: string, o?: Parameters<typeof call>[2]) => call<T>('PUT', p, o),
    patch: <T = any>(p: string, o?: Parameters<typeof call>[2]) => call<T>('PATCH', p, o),
    delete: <T = any>(p: string, o?: Parameters<typeof call>[2]) => call<T>('DELETE', p, o),
  };
}

/** The task most engine tests run (contact email of a company website): creates it, returns its id. */
export async function createContactTask(api: ReturnType<typeof apiClient>): Promise<string> {
  const r = await api.post('/v0.1/tasks/create', {
    json: { description: 'Find the contact email of a company website' },
  });
  if (r.status !== 201) throw new Error(`creating the task answered ${r.status}: ${r.text}`);
  return r.body.data.task_id;
}

export function jsonlFile(rows: unknown[], name = 'rows.jsonl'): File {
  return new File(
    [rows.map((r) => (typeof r === 'string' ? r : JSON.stringify(r))).join('\n') + '\n'],
    name,
    {
      type: 'application/x-ndjson',
    },
  );
}

export function batchForm(fields: Record<string, string>, file?: File): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  if (file) form.set('batch_input_data', file);
  return form;
}

/** Poll until `check` returns a value (not undefined/false), or fail after `ms`. */
export async function waitFor<T>(
  check: () => Promise<T | undefined | false>,
  ms = 30_000,
  every = 50,
): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const v = await check();
    if (v !== undefined && v !== false) return v;
    if (Date.now() > until) throw new Error(`condition not met within ${ms} ms`);
    await new Promise((r) => setTimeout(r, every));
  }
}
