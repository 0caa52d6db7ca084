'use client';
import { useQuery } from './hydration-safe-query';
import { ApiError } from '../api-error';
import { queryKeys } from '../query-keys';
import type { OpenApiDocument } from '../openapi-types';

/** /openapi.json is a plain document, not an envelope; null when the upstream does not serve one. */
export function useOpenApi() {
  return useQuery({
    queryKey: queryKeys.openapi,
    queryFn: async (): Promise<OpenApiDocument | null> => {
      const res = await fetch('/api/upstream/openapi.json', { headers: { accept: 'application/json' } });
      if (res.status === 404) return null;
      if (!res.ok)
        throw new ApiError(`The upstream answered ${res.status} for /openapi.json`, res.status, '');
      return (await res.json()) as OpenApiDocument;
    },
    staleTime: 10 * 60_000,
  });
}
