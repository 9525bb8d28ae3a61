/** Tokyo market rules (docs/architecture.md shared/market). Browser-safe: no Node imports here. */
export * from './price';
export * from './tick';
export * from './limits';
export * from './offer-band';
export * from './order-price';
export * from './jst';
export * from './calendar';
export * from './session';
export * from './hours';
export * from './sectors';
export * from './local-names';
