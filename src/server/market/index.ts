/**
 * The market-data port: what the rest of the server may know about market data. The simulator
 * (src/server/market-sim) implements it; a real feed would implement the same interface
 * (docs/architecture.md, "Layers").
 */
export * from './port';
