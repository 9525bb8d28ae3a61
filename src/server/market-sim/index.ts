/** The simulated market data source and its clock (docs/architecture.md market-sim). */
export * from '../market/port';
export { INSTRUMENTS, INDEX_DEFS, INDEX_PRICE_SCALE, universeEntry } from './instruments';
export { Simulator, SIMULATOR_DEFAULTS, OutsideHorizonError, type SimulatorOptions } from './simulator';
export { marketClockFromConfig, parseMarketInstant, type MarketClockSetting, AlwaysOpenClock, advanceTradingTime, nextOpenInstant } from './market-clock';
