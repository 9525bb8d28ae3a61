/*
 * The margin-account feature's public face (docs/architecture.md "Layers"): the order ticket's
 * sheet before a first margin order, its state query, My page's menu row, and the words the
 * back office's queue (features/admin/AdminMarginAccountsScreen.tsx) shows. Routes import their
 * screens' modules directly.
 */
export { MarginAccountSheet } from './MarginAccountSheet';
export { MarginAccountMenuLink } from './MarginAccountMenuLink';
export { marginAccountQuery } from './api';
export {
  ASSET_TEXT as MARGIN_ASSET_TEXT, EXPERIENCE_TEXT as MARGIN_EXPERIENCE_TEXT, INCOME_TEXT as MARGIN_INCOME_TEXT,
  PURPOSE_TEXT as MARGIN_PURPOSE_TEXT, REFERRAL_TEXT as MARGIN_REFERRAL_TEXT, STATE_TEXT as MARGIN_STATE_TEXT,
} from './labels';
