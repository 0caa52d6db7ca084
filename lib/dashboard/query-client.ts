import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-error';

/**
 * The dashboard's one QueryClient configuration.
 * - staleTime 15 s: lists and task pages are shared by few analysts; refetching on every mount would
 *   only add load on the upstream, and mutations invalidate what they change anyway.
 * - retry: never on 4xx (a missing task or a rejected key will not fix itself); twice on network/5xx.
 * - refetchOnWindowFocus off: runs and tests are explicit actions, and a refocus must not re-send them
 *   (mutations are never retried for the same reason: a run costs fetches on someone's website).
 */
export function makeQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 15_000,
        refetchOnWindowFocus: false,
        retry: (count, err) =>
          !(err instanceof ApiError && err.status >= 400 && err.status < 500) && count < 2,
      },
      mutations: { retry: false },
    },
  });
}
