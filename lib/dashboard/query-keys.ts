// Every react-query key in one factory, so a mutation invalidates exactly what it changed and no two
// components spell the same key differently.
export const queryKeys = {
  connection: ['connection'] as const,
  capabilities: ['capabilities'] as const,
  session: ['session'] as const,
  openapi: ['openapi'] as const,
  tasks: {
    all: ['tasks'] as const,
    list: () => [...queryKeys.tasks.all, 'list'] as const,
    archived: () => [...queryKeys.tasks.all, 'archived'] as const,
    detail: (id: string) => [...queryKeys.tasks.all, 'detail', id] as const,
    versions: (id: string) => [...queryKeys.tasks.all, 'versions', id] as const,
    savedTests: (id: string) => [...queryKeys.tasks.all, 'saved-tests', id] as const,
  },
  batches: {
    all: ['batches'] as const,
    lists: () => [...queryKeys.batches.all, 'list'] as const,
    list: (page: number, filters: { task_id?: string; status?: string } = {}) =>
      [...queryKeys.batches.lists(), page, filters] as const,
    detail: (id: string) => [...queryKeys.batches.all, 'detail', id] as const,
    rows: (id: string, status: string) => [...queryKeys.batches.all, 'rows', id, status] as const,
    links: (id: string) => [...queryKeys.batches.all, 'links', id] as const,
    deliveries: (id: string) => [...queryKeys.batches.all, 'deliveries', id] as const,
    compare: (id: string, other: string) => [...queryKeys.batches.all, 'compare', id, other] as const,
    estimate: (rows: number, jobSeconds?: number) =>
      [...queryKeys.batches.all, 'estimate', rows, jobSeconds ?? null] as const,
  },
  monitors: {
    all: ['monitors'] as const,
    list: () => [...queryKeys.monitors.all, 'list'] as const,
    detail: (id: string) => [...queryKeys.monitors.all, 'detail', id] as const,
    runs: (id: string) => [...queryKeys.monitors.all, 'runs', id] as const,
    changes: (id: string, runId: string) => [...queryKeys.monitors.all, 'changes', id, runId] as const,
    rowHistory: (id: string, dataUuid: string) =>
      [...queryKeys.monitors.all, 'row-history', id, dataUuid] as const,
  },
  settings: {
    all: ['settings'] as const,
    upstream: () => [...queryKeys.settings.all, 'upstream'] as const,
    keys: () => [...queryKeys.settings.all, 'keys'] as const,
    provider: () => [...queryKeys.settings.all, 'provider'] as const,
    webhookSecret: () => [...queryKeys.settings.all, 'webhook-secret'] as const,
    audit: () => [...queryKeys.settings.all, 'audit'] as const,
  },
};
