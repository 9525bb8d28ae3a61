import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import type { Plugin, Rollup } from 'vite';
import { COMPILE_HINT, compileHints } from '../../scripts/vite-compile-hints';
import { patchUplot } from '../../scripts/vite-uplot-lazy-intl';

// The two build plugins that take start-up work off the main thread
// (docs/decisions/020-first-load-and-prerender.md, follow-up "compile hints, and uPlot's Intl").

function runGenerateBundle(plugin: Plugin, bundle: Rollup.OutputBundle): void {
  const hook = plugin.generateBundle as { handler: (this: unknown, options: unknown, bundle: Rollup.OutputBundle, isWrite: boolean) => void };
  hook.handler.call({}, {}, bundle, true);
}

describe('compile hints', () => {
  it('puts the hint on the first line of every chunk, once, and leaves assets alone', () => {
    const bundle = {
      'app.js': { type: 'chunk', fileName: 'app.js', code: 'const __vite__mapDeps=1;' },
      'assets/a-1.js': { type: 'chunk', fileName: 'assets/a-1.js', code: `${COMPILE_HINT}export{}` },
      'assets/x.css': { type: 'asset', fileName: 'assets/x.css', source: 'a{}' },
    } as unknown as Rollup.OutputBundle;
    runGenerateBundle(compileHints(), bundle);
    expect((bundle['app.js'] as Rollup.OutputChunk).code).toBe('//# allFunctionsCalledOnLoad\nconst __vite__mapDeps=1;');
    expect((bundle['assets/a-1.js'] as Rollup.OutputChunk).code).toBe(`${COMPILE_HINT}export{}`);
    expect((bundle['assets/x.css'] as Rollup.OutputAsset).source).toBe('a{}');
  });

  it('runs after Vite writes the preload map at the head of the entry', () => {
    const plugin = compileHints();
    expect(plugin.enforce).toBe('post');
    expect((plugin.generateBundle as { order?: string }).order).toBe('post');
  });
});

describe("uPlot's module-level Intl", () => {
  const source = readFileSync(createRequire(import.meta.url).resolve('uplot/dist/uPlot.esm.js'), 'utf8');

  it('is built on first use in the installed uPlot', () => {
    const patched = patchUplot(source);
    // No Intl object is built at module level any more: each one is behind `??=`.
    const intl = [...patched.matchAll(/new Intl\.\w+\([^)]*\)/g)].map((m) => patched.slice(Math.max(0, m.index - 20), m.index));
    expect(intl.length).toBe(2);
    for (const before of intl) expect(before).toMatch(/\?\?= $/);
    expect(patched).not.toMatch(/^const (numFormatter|localTz) = new Intl/m);
  });

  it('refuses a uPlot whose lines it does not find exactly once', () => {
    expect(() => patchUplot(source.replace('const localTz = ', 'const theLocalTz = '))).toThrow(/exactly one/);
    expect(() => patchUplot(`${source}\nelse if (tz == localTz)`)).toThrow(/exactly one/);
  });
});
