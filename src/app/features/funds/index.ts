/*
 * The funds feature's public face: what other features import of it (docs/architecture.md
 * "Layers"): the asset card (My page) and summary (home), and the allotments awaiting listing
 * (the trade screen's 保有証券). (The 資産推移 chart, AssetHistoryChart.tsx, is a chunk loaded on
 * demand: importers load it by its own module.)
 *
 * Only static imports come through here: routes import their screens' own modules, and a chunk
 * loaded on demand is imported by its own module, so that importing this file never brings a
 * screen or a lazy chunk into the importer's chunk (docs/decisions/020-first-load-and-prerender.md).
 */
export { AssetCard } from './AssetCard';
export { AssetSummary } from './AssetSummary';
export { useAwaitingListing, useAwaitingWords } from './AwaitingListing';
export { planSkipText } from './record-texts';
