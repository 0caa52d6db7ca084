import { getEngine } from '@/lib/engine/runtime';
import { getSetting, setSetting } from '@/lib/engine/settings';
import { generateWebhookSecret } from '@/lib/engine/webhooks/sign';
import { recordAudit } from '@/lib/engine/audit';
import { dashboardRoute } from '@/lib/dashboard/server/dashboard-route';
import { fail, ok } from '@/lib/dashboard/server/envelope';
import { maskKey } from '@/lib/dashboard/server/upstream-settings';
import { clientAddress } from '@/lib/dashboard/server/sign-in-throttle';

export const dynamic = 'force-dynamic';

async function current() {
  const engine = await getEngine();
  const fromEnv = Boolean(engine.config.webhookSecret);
  const stored = fromEnv ? undefined : await getSetting<string>(engine.db, 'webhook_secret');
  // Every dispatcher reads the stored secret before each attempt, so the stored one is the one in use.
  const secret = engine.config.webhookSecret ?? stored ?? engine.webhookSecret;
  return { secret, fromEnv };
}

// GET /api/settings/webhook-secret[?reveal=1] — the Standard Webhooks signing secret, masked unless revealed.
export const GET = dashboardRoute(async (req) => {
  const reveal = new URL(req.url).searchParams.get('reveal') === '1';
  const c = await current();
  if (reveal) {
    const engine = await getEngine();
    await recordAudit(engine.db, {
      actor: 'dashboard',
      action: 'webhook_secret.reveal',
      ip: clientAddress(req),
    });
  }
  return ok({
    secret: reveal ? c.secret : null,
    masked: maskKey(c.secret),
    source: c.fromEnv ? 'environment' : 'generated',
    pending_restart: false,
  });
});

// POST /api/settings/webhook-secret — rotate (not possible when QUARRY_WEBHOOK_SECRET pins it); applies at once.
export const POST = dashboardRoute(async (req) => {
  const engine = await getEngine();
  if (engine.config.webhookSecret) {
    return fail(
      409,
      'The secret is set by QUARRY_WEBHOOK_SECRET',
      'change the environment variable and restart to rotate it',
    );
  }
  await setSetting(engine.db, 'webhook_secret', generateWebhookSecret());
  await recordAudit(engine.db, {
    actor: 'dashboard',
    action: 'webhook_secret.rotate',
    ip: clientAddress(req),
  });
  const c = await current();
  return ok(
    { secret: null, masked: maskKey(c.secret), source: 'generated', pending_restart: false },
    'Webhook secret rotated',
  );
});
