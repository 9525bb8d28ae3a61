/*
 * The watchlist feature's public face: nothing is imported statically by another feature
 * (docs/architecture.md "Layers"). Its screens are imported by their routes, and the stock
 * detail's star (WatchStar.tsx) is a chunk loaded on demand, by its own module, from the route
 * (src/app/routes/market/stockDetail.tsx): the watchlist draws with the market's rows, so the
 * market feature does not import the watchlist.
 */
export {};
