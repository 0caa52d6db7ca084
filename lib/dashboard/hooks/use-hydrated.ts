import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False while React hydrates server-rendered HTML, true from then on (and on every client-side
 * mount). Before hydration no event handler is attached: text typed into a controlled field then
 * shows in the DOM but never reaches React's state, so a form would submit (or refuse to submit)
 * something other than what the user sees. Fields use this to stay read-only until React listens.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
