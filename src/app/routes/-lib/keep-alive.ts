/**
 * The tab screens kept alive (Vue's keep-alive of the original): their state and scroll
 * position survive switching to another screen and back. They are rendered by the root layout
 * inside React `<Activity>`, not through `<Outlet>`.
 *
 * A kept-alive screen is also rendered while hidden, outside its route match: read its search
 * params with `useSearch({ from: '<its path>', shouldThrow: false })`, never `Route.useSearch()`.
 */
export const KEEP_ALIVE_PATHS = ['/home/index', '/market/index', '/trade/index', '/favorite/index'] as const;
export type KeepAlivePath = (typeof KEEP_ALIVE_PATHS)[number];

export function isKeepAlivePath(path: string): path is KeepAlivePath {
  return (KEEP_ALIVE_PATHS as readonly string[]).includes(path);
}
