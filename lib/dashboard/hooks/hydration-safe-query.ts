'use client';
import {
  useInfiniteQuery as useInfiniteQueryNow,
  useQuery as useQueryNow,
  type DefaultError,
  type InfiniteData,
  type QueryKey,
  type UseInfiniteQueryOptions,
  type UseInfiniteQueryResult,
  type UseQueryOptions,
  type UseQueryResult,
} from '@tanstack/react-query';
import { useHydrated } from './use-hydrated';

// TanStack Query's useQuery and useInfiniteQuery, except that while React hydrates they answer what
// the server rendered: no data yet. Every query runs in the browser, so the server-rendered HTML never
// holds query data; but React hydrates a Suspense boundary (each page's loading.tsx, the new-batch
// page's own) after the layout around it, and by then a query of the layout can have answered. The
// header's connection check fills the cache the page's API snippets read, the batch-done notifier the
// batch page's detail: reading that data while hydrating renders other text than the server sent, and
// React throws away the page's HTML with error #418. Once hydrated, the page renders the data at once.

function pendingBase(isEnabled: boolean) {
  // The server starts every enabled query when it renders (TanStack's optimistic result), so an
  // enabled query is pending and fetching there, a disabled one pending and idle.
  return {
    data: undefined,
    dataUpdatedAt: 0,
    error: null,
    errorUpdatedAt: 0,
    failureCount: 0,
    failureReason: null,
    errorUpdateCount: 0,
    isError: false,
    isFetched: false,
    isFetchedAfterMount: false,
    isFetching: isEnabled,
    isLoading: isEnabled,
    isPending: true,
    isLoadingError: false,
    isInitialLoading: isEnabled,
    isPaused: false,
    isPlaceholderData: false,
    isRefetchError: false,
    isRefetching: false,
    isStale: true,
    isSuccess: false,
    isEnabled,
    status: 'pending',
    fetchStatus: isEnabled ? 'fetching' : 'idle',
  } as const;
}

export function useQuery<
  TQueryFnData = unknown,
  TError = DefaultError,
  TData = TQueryFnData,
  TQueryKey extends QueryKey = QueryKey,
>(options: UseQueryOptions<TQueryFnData, TError, TData, TQueryKey>): UseQueryResult<TData, TError> {
  const result = useQueryNow(options);
  const hydrated = useHydrated();
  if (hydrated) return result;
  // Only the fields that are not state are read from the live result: reading the others would make
  // TanStack re-render this component on every change of them (it tracks which fields a component reads).
  return { ...pendingBase(result.isEnabled), refetch: result.refetch };
}

export function useInfiniteQuery<
  TQueryFnData,
  TError = DefaultError,
  TData = InfiniteData<TQueryFnData>,
  TQueryKey extends QueryKey = QueryKey,
  TPageParam = unknown,
>(
  options: UseInfiniteQueryOptions<TQueryFnData, TError, TData, TQueryKey, TPageParam>,
): UseInfiniteQueryResult<TData, TError> {
  const result = useInfiniteQueryNow(options);
  const hydrated = useHydrated();
  if (hydrated) return result;
  return {
    ...pendingBase(result.isEnabled),
    refetch: result.refetch,
    fetchNextPage: result.fetchNextPage,
    fetchPreviousPage: result.fetchPreviousPage,
    hasNextPage: false,
    hasPreviousPage: false,
    isFetchNextPageError: false,
    isFetchingNextPage: false,
    isFetchPreviousPageError: false,
    isFetchingPreviousPage: false,
  };
}
