'use client';
import { useQuery } from './hydration-safe-query';
import type { CapabilitiesResponse, ExtensionName } from '@/lib/contract/extensions';
import { apiFetch, upstream } from '../api-fetch';
import { ApiError } from '../api-error';
import { queryKeys } from '../query-keys';
import type { ConnectionStatus } from '../settings-types';

/** Header status: re-checked every minute so a dropped upstream shows without a reload. */
export function useConnection() {
  return useQuery({
    queryKey: queryKeys.connection,
    queryFn: async () => (await apiFetch<ConnectionStatus>('/api/connection')).data,
    refetchInterval: 60_000,
  });
}

/**
 * Which of our extensions the upstream offers. A server without the probe (404) simply has none, so
 * pages hide version history, rollback and saved tests instead of failing.
 */
export function useCapabilities() {
  const q = useQuery({
    queryKey: queryKeys.capabilities,
    queryFn: async () => {
      try {
        return (await apiFetch<CapabilitiesResponse>(upstream('/v0.1/capabilities'))).data;
      } catch (err) {
        if (err instanceof ApiError && (err.status === 404 || err.status === 405)) {
          return {
            service: 'unknown',
            api_versions: ['v0', 'v0.1'],
            extensions: [],
          } satisfies CapabilitiesResponse;
        }
        throw err;
      }
    },
    staleTime: 5 * 60_000,
  });
  const has = (name: ExtensionName) => Boolean(q.data?.extensions.includes(name));
  return { ...q, has };
}
