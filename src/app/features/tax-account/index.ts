/*
 * The tax-account feature's public face (docs/architecture.md "Layers"): the account-type badge and
 * words other areas show (trade's ticket, holdings, records; the back office), My page's 口座区分 and
 * NISA rows, and the state query. Routes import their screens' modules directly.
 */
export { AccountBadge } from './AccountBadge';
export { ACCOUNT_BADGE, ACCOUNT_NAME } from './account-labels';
export { TaxAccountMenuLinks } from './TaxAccountMenuLinks';
export { taxAccountQuery } from './api';
export { FRAME_TEXT as NISA_FRAME_TEXT, NISA_STATE_TEXT, taxableText } from './texts';
export { UsageBar as NisaUsageBar } from './UsageBar';
