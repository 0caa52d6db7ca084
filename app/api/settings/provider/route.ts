import { getEngine } from '@/lib/engine/runtime';
import { dashboardRoute } from '@/lib/dashboard/server/dashboard-route';
import { ok } from '@/lib/dashboard/server/envelope';

export const dynamic = 'force-dynamic';

// GET /api/settings/provider — which language model the built-in engine uses, or the offline extractor.
export const GET = dashboardRoute(async () => {
  const { config } = await getEngine();
  const llm = config.llm;
  if (!llm)
    return ok({ mode: 'offline', provider: null, model: null, turbo_model: null, has_api_key: false });
  return ok({
    mode: 'model',
    provider: llm.provider,
    model: llm.model,
    turbo_model: llm.turboModel,
    // Whether a provider key is configured — never the key itself.
    has_api_key: Boolean(llm.apiKey) || llm.provider === 'openai-compatible',
  });
});
