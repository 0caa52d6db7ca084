import type { RouteHandler } from './endpoint';
import * as b from './handlers/batches';
import * as t from './handlers/tasks';
import * as u from './handlers/utility';
import * as x from './handlers/extensions';
import * as bx from './handlers/batch-extensions';
import * as ts from './handlers/tasks-shaping';
import * as m from './handlers/monitors';

// Every engine route. app/** mirrors this table one file per path (checked by a test); the loopback
// server used by tests and benchmarks routes with it directly.
export interface RouteDef {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  handler: RouteHandler;
}

export const ROUTES: RouteDef[] = [
  { method: 'GET', path: '/', handler: u.health },
  { method: 'POST', path: '/webhook-test', handler: u.webhookTest },
  { method: 'POST', path: '/api-test', handler: u.apiTest },
  { method: 'GET', path: '/healthz', handler: u.healthz },
  { method: 'GET', path: '/readyz', handler: u.readyz },

  { method: 'POST', path: '/v0.1/tasks/create', handler: t.createTaskV01 },
  { method: 'GET', path: '/v0.1/tasks', handler: t.listTasksV01 },
  { method: 'POST', path: '/v0.1/tasks', handler: t.dynamicRunRouteV01 },
  { method: 'GET', path: '/v0/tasks', handler: t.listTasksV0 },
  { method: 'POST', path: '/v0/tasks', handler: t.dynamicRunRouteV0 },
  { method: 'GET', path: '/v0.1/tasks/[task_id]', handler: t.getTaskV01 },
  { method: 'POST', path: '/v0.1/tasks/[task_id]', handler: t.runTaskV01 },
  { method: 'PATCH', path: '/v0.1/tasks/[task_id]', handler: t.editTaskV01 },
  { method: 'POST', path: '/v0.1/tasks/[task_id]/test', handler: t.quickTestV01 },

  { method: 'POST', path: '/v0/batches/validate-data', handler: b.validateDataV0 },
  { method: 'POST', path: '/v0.1/batches', handler: b.createBatchV01 },
  { method: 'POST', path: '/v0.1/batches/[batch_id]/cancel', handler: b.cancelBatchV01 },
  { method: 'PUT', path: '/v0.1/batches/[batch_id]', handler: b.updateBatchV01 },
  { method: 'POST', path: '/v0/batches/[id]/cancel', handler: b.cancelBatchV0 },
  { method: 'GET', path: '/v0/batches', handler: b.listBatchesV0 },
  { method: 'GET', path: '/v0/batches/[id]', handler: b.getBatchV0 },
  { method: 'GET', path: '/v0/batches/[id]/results', handler: b.resultsV0 },
  { method: 'GET', path: '/files/results/[batch_id]', handler: b.resultsFileDownload },

  // Extensions (additive, advertised by /v0.1/capabilities; see lib/contract/extensions.ts).
  { method: 'GET', path: '/v0.1/capabilities', handler: x.capabilitiesV01 },
  { method: 'GET', path: '/v0.1/tasks/[task_id]/versions', handler: x.listVersionsV01 },
  { method: 'PUT', path: '/v0.1/tasks/[task_id]/live-version', handler: x.setLiveVersionV01 },
  { method: 'GET', path: '/v0.1/tasks/[task_id]/saved-tests', handler: x.listSavedTestsV01 },
  { method: 'POST', path: '/v0.1/tasks/[task_id]/saved-tests', handler: x.createSavedTestV01 },
  { method: 'DELETE', path: '/v0.1/tasks/[task_id]/saved-tests/[test_id]', handler: x.deleteSavedTestV01 },
  { method: 'GET', path: '/openapi.json', handler: x.openApiDocument },

  // Task shaping: field editor, rename, archive (DELETE archives; nothing is deleted).
  { method: 'PUT', path: '/v0.1/tasks/[task_id]/definition', handler: ts.updateDefinitionV01 },
  { method: 'PUT', path: '/v0.1/tasks/[task_id]/name', handler: ts.renameTaskV01 },
  { method: 'POST', path: '/v0.1/tasks/[task_id]/archive', handler: ts.archiveTaskV01 },
  { method: 'POST', path: '/v0.1/tasks/[task_id]/restore', handler: ts.restoreTaskV01 },
  { method: 'DELETE', path: '/v0.1/tasks/[task_id]', handler: ts.deleteTaskV01 },

  // Batch extensions (dashboard part 2).
  { method: 'GET', path: '/v0.1/batches/[batch_id]/events', handler: bx.batchEventsV01 },
  { method: 'GET', path: '/v0.1/batches/[batch_id]/rows', handler: bx.batchRowsV01 },
  { method: 'GET', path: '/v0.1/batches/[batch_id]/links', handler: bx.batchLinksV01 },
  { method: 'POST', path: '/v0.1/batches/[batch_id]/retry-failed', handler: bx.retryFailedV01 },
  { method: 'POST', path: '/v0.1/batches/[batch_id]/rerun', handler: bx.rerunV01 },
  { method: 'GET', path: '/v0.1/batches/[batch_id]/compare', handler: bx.compareV01 },
  { method: 'GET', path: '/v0.1/batches/[batch_id]/webhook-deliveries', handler: bx.listDeliveriesV01 },
  {
    method: 'POST',
    path: '/v0.1/batches/[batch_id]/webhook-deliveries/[delivery_id]/redeliver',
    handler: bx.redeliverV01,
  },
  { method: 'GET', path: '/v0.1/batches/[batch_id]/download', handler: bx.downloadV01 },
  { method: 'GET', path: '/v0.1/batch-estimate', handler: bx.estimateV01 },

  // Monitors (issue 32): a kept sheet run on a schedule, and what changed between runs.
  { method: 'POST', path: '/v0.1/monitors', handler: m.createMonitorV01 },
  { method: 'GET', path: '/v0.1/monitors', handler: m.listMonitorsV01 },
  { method: 'GET', path: '/v0.1/monitors/[monitor_id]', handler: m.getMonitorV01 },
  { method: 'PATCH', path: '/v0.1/monitors/[monitor_id]', handler: m.updateMonitorV01 },
  { method: 'DELETE', path: '/v0.1/monitors/[monitor_id]', handler: m.deleteMonitorV01 },
  { method: 'POST', path: '/v0.1/monitors/[monitor_id]/pause', handler: m.pauseMonitorV01 },
  { method: 'POST', path: '/v0.1/monitors/[monitor_id]/resume', handler: m.resumeMonitorV01 },
  { method: 'POST', path: '/v0.1/monitors/[monitor_id]/run', handler: m.runMonitorNowV01 },
  { method: 'GET', path: '/v0.1/monitors/[monitor_id]/runs', handler: m.monitorRunsV01 },
  { method: 'GET', path: '/v0.1/monitors/[monitor_id]/changes', handler: m.monitorChangesV01 },
];

/** Match a path against the table; static segments win over [params], as in Next's router. */
export function matchRoute(method: string, pathname: string) {
  const parts = pathname.replace(/\/+$/, '').split('/').filter(Boolean);
  let best: { route: RouteDef; params: Record<string, string>; score: number } | null = null;
  let pathMatched = false;
  for (const route of ROUTES) {
    const segs = route.path.split('/').filter(Boolean);
    if (segs.length !== parts.length) continue;
    const params: Record<string, string> = {};
    let score = 0;
    const ok = segs.every((s, i) => {
      const p = parts[i]!;
      if (s.startsWith('[')) {
        params[s.slice(1, -1)] = decodeURIComponent(p);
        return true;
      }
      score++;
      return s === p;
    });
    if (!ok) continue;
    pathMatched = true;
    if (route.method !== method) continue;
    if (!best || score > best.score) best = { route, params, score };
  }
  return { match: best, pathMatched };
}
