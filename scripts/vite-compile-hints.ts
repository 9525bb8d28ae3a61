/**
 * A Vite plugin: every JavaScript chunk starts with V8's explicit compile hint
 * `//# allFunctionsCalledOnLoad`, so Chromium compiles its functions while the file streams in, on a
 * background thread, instead of one by one on the main thread the first time each runs
 * (docs/decisions/020-first-load-and-prerender.md, follow-up "compile hints, and uPlot's Intl"). A chunk loads when its screen
 * needs it, and a page load runs most of what it loads (`bench/chunk-coverage.ts`). Other browsers
 * read a comment.
 *
 * The hint must be the file's first line; it is added after minification (which would drop it) and
 * changes no name: the hash in a file name is of the code under it, and the hint is the same for
 * every build. The build has no source maps, whose lines this would shift.
 */
import type { Plugin } from 'vite';

export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

export function compileHints(): Plugin {
  return {
    name: 'kabuto:compile-hints',
    apply: 'build',
    enforce: 'post',
    // Last: Vite writes the entry's preload map (`__vite__mapDeps`) at its head in this same hook.
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const file of Object.values(bundle)) {
          if (file.type === 'chunk' && !file.code.startsWith(COMPILE_HINT)) file.code = COMPILE_HINT + file.code;
        }
      },
    },
  };
}
