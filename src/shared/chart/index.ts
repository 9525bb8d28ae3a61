/** The chart engine's pure part: candle types, aggregation, adjustment and indicators (browser-safe). */
export * from './types';
export * from './aggregate';
export * from './adjust';
export * from './indicators';
