/*
 * The market feature's public face: what other features import of it (docs/architecture.md
 * "Layers"): the index ticker (home), and the quote rows, names, labels, tabs and simulated-data
 * note the watchlist and search screens draw with.
 *
 * Only static imports come through here: routes import their screens' own modules, and a chunk
 * loaded on demand is imported by its own module, so that importing this file never brings a
 * screen or a lazy chunk into the importer's chunk (docs/decisions/020-first-load-and-prerender.md).
 */
export { IndexTicker } from './IndexTicker';
export { QuoteRow, type RowData } from './QuoteRow';
export { detailPath, instrumentName } from './names';
export { useMarketLabels } from './labels';
export { SimNote, TabList } from './parts';
