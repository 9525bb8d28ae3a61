/**
 * Crypto and FX vs JPY. Levels are approximate for late December 2025 (BTC ≈ $87–88k and
 * USD/JPY ≈ 156.7 at the time). Prices are integers with their own priceScale; volumes are
 * integers in units of 1/qtyScale of the base asset.
 */
export interface PairRow {
  code: string;
  base: string;
  nameJa: string;
  kana: string;
  nameEn: string;
  /** Price in yen at the anchor date, as decimal text (exact). */
  ref: string;
  priceScale: number;
  qtyScale: number;
  /** Daily log-return volatility. */
  vol: number;
  /** Typical daily volume in base units (before qtyScale). */
  dailyVolume: number;
  /** For FX: how many units of the foreign currency the price is quoted for (100 KRW, 100 VND). */
  quoteUnit?: number;
}

export const CRYPTO_ROWS: readonly PairRow[] = [
  { code: 'BTCJPY', base: 'BTC', nameJa: 'ビットコイン', kana: 'ビットコイン', nameEn: 'Bitcoin', ref: '13700000', priceScale: 1, qtyScale: 10_000, vol: 0.028, dailyVolume: 2_500 },
  { code: 'ETHJPY', base: 'ETH', nameJa: 'イーサリアム', kana: 'イーサリアム', nameEn: 'Ethereum', ref: '460000', priceScale: 1, qtyScale: 10_000, vol: 0.038, dailyVolume: 30_000 },
  { code: 'XRPJPY', base: 'XRP', nameJa: 'エックスアールピー', kana: 'エックスアールピー', nameEn: 'XRP', ref: '295', priceScale: 1000, qtyScale: 1, vol: 0.045, dailyVolume: 60_000_000 },
  { code: 'SOLJPY', base: 'SOL', nameJa: 'ソラナ', kana: 'ソラナ', nameEn: 'Solana', ref: '19600', priceScale: 10, qtyScale: 100, vol: 0.048, dailyVolume: 400_000 },
  { code: 'DOGEJPY', base: 'DOGE', nameJa: 'ドージコイン', kana: 'ドージコイン', nameEn: 'Dogecoin', ref: '20.5', priceScale: 1000, qtyScale: 1, vol: 0.05, dailyVolume: 400_000_000 },
  { code: 'LTCJPY', base: 'LTC', nameJa: 'ライトコイン', kana: 'ライトコイン', nameEn: 'Litecoin', ref: '12300', priceScale: 10, qtyScale: 100, vol: 0.042, dailyVolume: 150_000 },
  { code: 'ADAJPY', base: 'ADA', nameJa: 'カルダノ', kana: 'カルダノ', nameEn: 'Cardano', ref: '56', priceScale: 1000, qtyScale: 1, vol: 0.05, dailyVolume: 120_000_000 },
];

/**
 * The nine currencies of docs/product.md, in its order (RMB, Taiwan dollar, Hong Kong dollar,
 * US dollar, Thai baht, Japanese yen, Vietnamese dong, ringgit, Korean won), each vs JPY.
 * JPY/JPY is listed so the board shows all nine, fixed at 1 and marked `fixed`: it never moves
 * and has no volume. KRW and VND are quoted per 100 units, as Japanese banks show them.
 */
export const FX_ROWS: readonly PairRow[] = [
  { code: 'CNYJPY', base: 'CNY', nameJa: '人民元/円', kana: 'ジンミンゲンエン', nameEn: 'Chinese yuan / yen', ref: '22.380', priceScale: 1000, qtyScale: 1, vol: 0.0045, dailyVolume: 2_000_000_000 },
  { code: 'TWDJPY', base: 'TWD', nameJa: '台湾ドル/円', kana: 'タイワンドルエン', nameEn: 'Taiwan dollar / yen', ref: '4.985', priceScale: 1000, qtyScale: 1, vol: 0.005, dailyVolume: 3_000_000_000 },
  { code: 'HKDJPY', base: 'HKD', nameJa: '香港ドル/円', kana: 'ホンコンドルエン', nameEn: 'Hong Kong dollar / yen', ref: '20.140', priceScale: 1000, qtyScale: 1, vol: 0.0055, dailyVolume: 2_000_000_000 },
  { code: 'USDJPY', base: 'USD', nameJa: '米ドル/円', kana: 'ベイドルエン', nameEn: 'US dollar / yen', ref: '156.700', priceScale: 1000, qtyScale: 1, vol: 0.0055, dailyVolume: 20_000_000_000 },
  { code: 'THBJPY', base: 'THB', nameJa: 'タイバーツ/円', kana: 'タイバーツエン', nameEn: 'Thai baht / yen', ref: '4.975', priceScale: 1000, qtyScale: 1, vol: 0.0055, dailyVolume: 3_000_000_000 },
  { code: 'JPYJPY', base: 'JPY', nameJa: '日本円/円', kana: 'ニホンエンエン', nameEn: 'Japanese yen / yen', ref: '1.000', priceScale: 1000, qtyScale: 1, vol: 0, dailyVolume: 0 },
  { code: 'VNDJPY', base: 'VND', nameJa: 'ベトナムドン/円 (100ドン)', kana: 'ベトナムドンエン', nameEn: 'Vietnamese dong / yen (per 100)', ref: '0.5958', priceScale: 10_000, qtyScale: 1, vol: 0.005, dailyVolume: 500_000_000_000, quoteUnit: 100 },
  { code: 'MYRJPY', base: 'MYR', nameJa: 'マレーシアリンギット/円', kana: 'マレーシアリンギットエン', nameEn: 'Malaysian ringgit / yen', ref: '38.600', priceScale: 1000, qtyScale: 1, vol: 0.005, dailyVolume: 500_000_000 },
  { code: 'KRWJPY', base: 'KRW', nameJa: '韓国ウォン/円 (100ウォン)', kana: 'カンコクウォンエン', nameEn: 'Korean won / yen (per 100)', ref: '10.880', priceScale: 1000, qtyScale: 1, vol: 0.006, dailyVolume: 3_000_000_000_000, quoteUnit: 100 },
];
