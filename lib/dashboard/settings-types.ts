// Shapes of the dashboard's own /api/settings and /api/connection answers (server: lib/dashboard/server).

export interface UpstreamSettings {
  url: string;
  source: 'built-in' | 'environment' | 'settings';
  key_masked: string;
  has_key: boolean;
  built_in_url: string;
}

export interface ConnectionStatus {
  url: string;
  source: UpstreamSettings['source'];
  ok: boolean;
  status: number | null;
  message: string;
  latency_ms: number;
}

export interface ApiKeyInfo {
  id: string;
  name: string;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
  used_by_dashboard: boolean;
}

export interface CreatedApiKey extends ApiKeyInfo {
  key: string;
}

export interface ProviderStatus {
  mode: 'offline' | 'model';
  provider: string | null;
  model: string | null;
  turbo_model: string | null;
  has_api_key: boolean;
}

export interface WebhookSecretInfo {
  secret: string | null;
  masked: string;
  source: 'environment' | 'generated';
  pending_restart: boolean;
}

export interface AuditRecord {
  id: number;
  at: string;
  actor: string;
  action: string;
  target: string | null;
  detail: Record<string, unknown> | null;
  ip: string | null;
}
