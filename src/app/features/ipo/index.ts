/*
 * The IPO feature's public face: what other features import of it (docs/architecture.md
 * "Layers"): the offering cards of the home screen's IPO tab. (The market screen's tab loads
 * OfferingList.tsx on demand, by its own module.)
 *
 * Only static imports come through here: routes import their screens' own modules, and a chunk
 * loaded on demand is imported by its own module, so that importing this file never brings a
 * screen or a lazy chunk into the importer's chunk (docs/decisions/020-first-load-and-prerender.md).
 */
export { OfferingList } from './OfferingList';
