import {
  CreateSavedTestRequestSchema,
  EXTENSIONS,
  SetLiveVersionRequestSchema,
} from '@/lib/contract/extensions';
import { addSavedTest, deleteSavedTest, listSavedTests } from '../../tasks/saved-tests';
import { listTaskVersions, setLiveVersion } from '../../tasks/versions';
import { endpoint } from '../endpoint';
import { buildOpenApiDocument } from '../openapi';
import { readJson } from '../read-body';

// Quarry's additive /v0.1 extensions: same envelope and x-api-key auth as the spec's endpoints.

// GET /v0.1/capabilities — which extensions this server offers (clients hide what is missing).
export const capabilitiesV01 = endpoint('v0.1', { auth: true }, async () => ({
  data: { service: 'quarry', api_versions: ['v0', 'v0.1'], extensions: [...EXTENSIONS] },
}));

// GET /v0.1/tasks/{task_id}/versions — every version, oldest first, with its instruction and definition.
export const listVersionsV01 = endpoint('v0.1', { auth: true }, async ({ engine, params }) => ({
  data: await listTaskVersions(engine.db, params.task_id!),
}));

// PUT /v0.1/tasks/{task_id}/live-version — make an existing version the live one (roll back or forward).
export const setLiveVersionV01 = endpoint('v0.1', { auth: true }, async ({ engine, req, params }) => {
  const body = await readJson(req, SetLiveVersionRequestSchema);
  const data = await setLiveVersion(engine.db, params.task_id!, body.version);
  return { data, message: `Version ${data.live_version} is live` };
});

// GET /v0.1/tasks/{task_id}/saved-tests — the task's saved test inputs.
export const listSavedTestsV01 = endpoint('v0.1', { auth: true }, async ({ engine, params }) => ({
  data: await listSavedTests(engine.db, params.task_id!),
}));

// POST /v0.1/tasks/{task_id}/saved-tests — keep a test input.
export const createSavedTestV01 = endpoint('v0.1', { auth: true }, async ({ engine, req, params }) => {
  const body = await readJson(req, CreateSavedTestRequestSchema);
  const data = await addSavedTest(engine.db, params.task_id!, body.inputs, body.label ?? '');
  return { data, status: 201, message: 'Saved test created' };
});

// DELETE /v0.1/tasks/{task_id}/saved-tests/{test_id} — forget a saved test input.
export const deleteSavedTestV01 = endpoint('v0.1', { auth: true }, async ({ engine, params }) => {
  await deleteSavedTest(engine.db, params.task_id!, params.test_id!);
  return { data: { id: params.test_id! }, message: 'Saved test deleted' };
});

// GET /openapi.json — the API description generated from lib/contract; no key (it describes, never reveals).
export const openApiDocument = endpoint('none', { auth: false }, async ({ engine, url }) => {
  const doc = buildOpenApiDocument(engine.config.publicUrl ?? url.origin);
  return new Response(JSON.stringify(doc), {
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
  });
});
