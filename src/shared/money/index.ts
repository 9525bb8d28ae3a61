/** Integer money (DESIGN.md §6.3). Browser-safe: no Node imports anywhere under this folder. */
export * from './currency';
export * from './decimal';
export * from './format';
export * from './rounding';
