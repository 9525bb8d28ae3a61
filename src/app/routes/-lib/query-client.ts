import type { QueryClient } from '@tanstack/react-query';
import type { RouterContext } from '../../router';

/**
 * The QueryClient of a route loader's context. Every screen with a loader is past the root route's
 * beforeLoad, which waits for the Query layer (query/load-layer.ts): only the splash, which has no
 * loader, is drawn without it. Missing here is a bug, not a state to handle.
 */
export function loaderClient(context: RouterContext): QueryClient {
  if (!context.queryClient) throw new Error('route loader ran without the Query layer (routes/__root.tsx beforeLoad)');
  return context.queryClient;
}
