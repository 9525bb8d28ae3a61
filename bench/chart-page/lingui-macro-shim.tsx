import type { ReactNode } from 'react';

/*
 * Stand-in for '@lingui/react/macro' in the benchmark bundle (esbuild cannot run Babel macros):
 * `t` joins the template as written (the Japanese source text), `Trans` renders its children.
 */
export function useLingui() {
  return {
    t: (strings: TemplateStringsArray, ...values: unknown[]) => String.raw({ raw: strings }, ...values),
    i18n: { locale: 'ja' },
  };
}

export function Trans({ children }: { children?: ReactNode }) {
  return <>{children}</>;
}
