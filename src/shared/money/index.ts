/**
 * Integer money (docs/architecture.md, "The money model") and the one home of display formatting.
 * Browser-safe: no Node imports anywhere under this folder.
 */
export * from './currency';
export * from './decimal';
export * from './format';
export * from './compact';
export * from './datetime';
export * from './rounding';
