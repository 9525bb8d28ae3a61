import type { ReactNode } from 'react';

/**
 * One language's legal documents. Whole documents per language (not message by message) keep the
 * long texts out of the UI catalogs and the first-load bundle, and let each be reviewed as a
 * document. Every language must provide every part (TypeScript checks it).
 */
export interface LegalDoc {
  about: ReactNode;
  /** Shown when the operator has no financial-instruments registration in config. */
  unregistered: ReactNode;
  /** How to check a registration (FSA list). */
  registryCheck: ReactNode;
  fraudIntro: ReactNode;
  fraud: ReactNode;
  privacy: ReactNode;
  terms: ReactNode;
}
