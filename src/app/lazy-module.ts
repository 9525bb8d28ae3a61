/**
 * A module loaded on demand, once: `load()` starts (or joins) the import, a failed import may be
 * tried again (a chunk that did not arrive offline), and `loaded()` is the module once it is there.
 */
export function lazyModule<M>(importer: () => Promise<M>): { load(): Promise<M>; loaded(): M | undefined } {
  let module: M | undefined;
  let loading: Promise<M> | undefined;
  return {
    load() {
      loading ??= importer().then(
        (m) => (module = m),
        (err: unknown) => {
          loading = undefined;
          throw err;
        },
      );
      return loading;
    },
    loaded: () => module,
  };
}
