/*
 * The trade feature's public face: what other features use of it (docs/architecture.md "Layers"):
 * the position row and list (home's 保有 tab, the block-trade records) with their poll period, and
 * the trade labels (admin's user screen).
 *
 * Only static imports come through here. Importing this file evaluates every module it names, so
 * a chunk loaded on demand is imported by its own module instead: the routes' screens and the
 * stock detail's 保有 panel (features/market/DetailPanels.tsx → holdings/YourPosition.tsx), which
 * would otherwise bring these lists and the whole trade contract into the stock detail
 * (docs/decisions/020-first-load-and-prerender.md, "the page's CPU time and the host's").
 */
export { PositionList, PositionRow, type PositionView } from './holdings/PositionList';
export { POSITIONS_POLL_MS } from './holdings/holdings-query';
export { BUSINESS_TEXT, STATUS_TEXT, sideText } from './labels';
