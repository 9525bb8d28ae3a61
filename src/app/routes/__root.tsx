import { Activity, Suspense, useState } from 'react';
import { CatchBoundary, Outlet, createRootRouteWithContext, useRouter, useRouterState } from '@tanstack/react-router';
import type { RouterContext } from '../router';
import { fullCatalog, isBootPath } from '../i18n';
import { TabBar, isTabPath } from './-lib/TabBar';
import { Toaster } from '../components/Toast';
import { PendingScreen, RouteErrorScreen } from '../components/RouteStatus';
import { UpdatePrompt } from '../pwa/UpdatePrompt';
import { isSplashPath, loadQueryLayer, loadedQueryLayer, type QueryLayerModule } from '../query/load-layer';
import { KEEP_ALIVE_PATHS, isKeepAlivePath, type KeepAlivePath } from './-lib/keep-alive';

export const Route = createRootRouteWithContext<RouterContext>()({
  staticData: { name: 'root' },
  // A start at the splash draws with the boot catalog; every other screen waits for the full one
  // (already loaded, or loading since the start: docs/decisions/020-first-load-and-prerender.md).
  // Likewise the Query layer: every screen but the splash waits for it (query/load-layer.ts), and
  // once it is there every screen gets it, the splash too, so the layout never unwraps them.
  beforeLoad: ({ location, context }) => {
    const catalog = isBootPath(location.pathname) ? undefined : fullCatalog();
    if (context.queryClient) return catalog; // tests: their own client and provider around the router
    const layer = loadedQueryLayer();
    if (layer) return catalog ? catalog.then(() => withLayer(layer)) : withLayer(layer);
    if (isSplashPath(location.pathname)) return catalog;
    return Promise.all([loadQueryLayer(), catalog]).then(([loaded]) => withLayer(loaded));
  },
  component: RootLayout,
});

/** What the layer adds to every route's context: the client for loaders, the provider for the layout. */
function withLayer(layer: QueryLayerModule) {
  return { queryClient: layer.queryClient, QueryLayer: layer.QueryLayer };
}

/** One kept-alive tab screen: its route's (lazy) component with its own loading/error boundary. */
function KeptScreen({ path }: { path: KeepAlivePath }) {
  const router = useRouter();
  const Component = router.routesByPath[path].options.component;
  if (!Component) return null;
  return (
    <CatchBoundary getResetKey={() => path} errorComponent={RouteErrorScreen}>
      <Suspense fallback={<PendingScreen />}>
        <Component />
      </Suspense>
    </CatchBoundary>
  );
}

function RootLayout() {
  // The path of the screen on display: the last committed match (not a pending navigation).
  const path = useRouterState({ select: (s) => s.matches[s.matches.length - 1]?.pathname ?? s.location.pathname });
  const kept = isKeepAlivePath(path) ? path : null;
  const [visited, setVisited] = useState<readonly KeepAlivePath[]>(kept ? [kept] : []);
  if (kept && !visited.includes(kept)) setVisited([...visited, kept]);

  const { QueryLayer } = Route.useRouteContext();

  const screens = (
    <>
      {KEEP_ALIVE_PATHS.filter((p) => visited.includes(p)).map((p) => (
        <Activity key={p} mode={p === kept ? 'visible' : 'hidden'}>
          <KeptScreen path={p} />
        </Activity>
      ))}
      {kept ? null : <Outlet />}
      {isTabPath(path) ? <TabBar /> : null}
      <UpdatePrompt />
      <Toaster />
    </>
  );
  return <div className="app">{QueryLayer ? <QueryLayer>{screens}</QueryLayer> : screens}</div>;
}
