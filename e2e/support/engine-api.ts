import type { APIRequestContext } from '@playwright/test';
import { engineKey } from './env';

/** Create a task straight on the engine (setup for specs that are not about creating tasks). */
export async function createTaskViaApi(request: APIRequestContext, description: string): Promise<string> {
  const res = await request.post('/v0.1/tasks/create', {
    headers: { 'x-api-key': engineKey() },
    data: { description },
  });
  if (res.status() !== 201) throw new Error(`create task failed: ${res.status()} ${await res.text()}`);
  return ((await res.json()) as { data: { task_id: string } }).data.task_id;
}
