/*
 * The 投資信託 feature's public face (docs/architecture.md "Layers"): what other features import of it
 * — the 積立 plans screens (features/plans) show funds with these names, words and reads. Routes
 * import the screens' own modules; nothing here brings a screen or the chart's lazy chunk along.
 */
export { trustDetailQuery, trustHoldingsQuery, trustListQuery } from './api';
export { CATEGORY_NAME as TRUST_CATEGORY_NAME, NISA_REFUSAL as TRUST_NISA_REFUSAL, formatPpm, ppmToBp, trustName } from './labels';
export { NisaBadges as TrustNisaBadges, NavLine as TrustNavLine, RiskScale as TrustRiskScale } from './parts';
