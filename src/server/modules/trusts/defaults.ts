/**
 * The funds Kabuto's catalogue starts with (docs/domain.md "Investment trusts and 積立",
 * docs/decisions/026-investment-trusts.md). Created on the first start (an idempotent insert: a second
 * instance, or a second start, keeps the rows it finds), empty, with their NAV history struck from
 * the inception date on the simulated market's closes — the market simulator serves prices from
 * 2019, so every inception (May–August 2023, about three and a half years before the catalogue went
 * live) has closes behind it.
 */
import type { DistributionRule, Sleeve, TrustCategory } from '../../../shared/domain/trust';
import type { IsoDate } from '../../../shared/market';
import type { TrustFundTable } from './tables';

export interface TrustDefinition {
  id: string;
  code: string;
  names: { ja: string; en: string; zhHant: string; ko: string };
  category: TrustCategory;
  benchmark: string | null;
  basket: Sleeve[];
  incomePpm: number;
  trustFeePpm: number;
  purchaseFeePpm: number;
  retentionPpm: number;
  distribution: DistributionRule | null;
  reinvest: boolean;
  leveraged: boolean;
  foreignAssets: boolean;
  designatedIndex: boolean;
  termEnd: IsoDate | null;
  risk: number;
  settleDays: number;
  inception: IsoDate;
}

/**
 * The dividend fund's basket: ten Prime stocks with the simulator's highest dividend yield (3.5 % a
 * year, the banks, insurers, trading houses, steel, oil and shipping), the best-known of each sector.
 * A fixed list: the universe's yields are fixed per sector, so a ranking would not pick more fairly.
 */
export const PRIME_DIVIDEND_CODES = ['8306', '8316', '8411', '8766', '8058', '8001', '8031', '5401', '5020', '9101'] as const;

/** The active fund's five Prime leaders (its "manager's picks", fixed): Toyota, Sony, Keyence, Tokyo Electron, Fast Retailing. */
export const ACTIVE_CODES = ['7203', '6758', '6861', '8035', '9983'] as const;

const ONE = 1_000_000;
const equal = (codes: readonly string[]): Sleeve[] => codes.map((code) => ({ kind: 'instrument' as const, code, weightPpm: ONE / codes.length }));
const base = { leveraged: false, termEnd: null, retentionPpm: 0, purchaseFeePpm: 0, distribution: null } as const;

export const DEFAULT_TRUSTS: readonly TrustDefinition[] = [
  {
    ...base, id: 'kabuto-topix', code: 'KB000001', category: 'jp_index', benchmark: 'TOPIX',
    names: { ja: 'カブト・TOPIXインデックス・ファンド', en: 'Kabuto TOPIX Index Fund', zhHant: '兜・TOPIX指數基金', ko: '카부토 TOPIX 인덱스 펀드' },
    basket: [{ kind: 'instrument', code: 'TOPIX', weightPpm: ONE }], incomePpm: 22_000, trustFeePpm: 1_430,
    reinvest: true, foreignAssets: false, designatedIndex: true, risk: 4, settleDays: 4, inception: '2023-05-15',
  },
  {
    ...base, id: 'kabuto-n225', code: 'KB000002', category: 'jp_index', benchmark: 'N225',
    names: { ja: 'カブト・日経225インデックス・ファンド', en: 'Kabuto Nikkei 225 Index Fund', zhHant: '兜・日經225指數基金', ko: '카부토 닛케이225 인덱스 펀드' },
    basket: [{ kind: 'instrument', code: 'N225', weightPpm: ONE }], incomePpm: 18_000, trustFeePpm: 1_430,
    reinvest: true, foreignAssets: false, designatedIndex: true, risk: 4, settleDays: 4, inception: '2023-05-15',
  },
  {
    ...base, id: 'kabuto-prime-dividend', code: 'KB000003', category: 'jp_dividend', benchmark: null,
    names: { ja: 'カブト・JPXプライム高配当株ファンド', en: 'Kabuto JPX Prime High Dividend Equity Fund', zhHant: '兜・JPX Prime高股息股票基金', ko: '카부토 JPX 프라임 고배당주 펀드' },
    basket: equal(PRIME_DIVIDEND_CODES), incomePpm: 38_000, trustFeePpm: 9_900, purchaseFeePpm: 11_000,
    distribution: { kind: 'yield', ppm: 9_000, months: [2, 5, 8, 11], day: 15 },
    reinvest: false, foreignAssets: false, designatedIndex: false, risk: 4, settleDays: 4, inception: '2023-06-01',
  },
  {
    ...base, id: 'kabuto-balance', code: 'KB000004', category: 'balanced', benchmark: null,
    names: { ja: 'カブト・バランス（株式・債券・外貨）', en: 'Kabuto Balanced (Equity, Bonds, FX)', zhHant: '兜・平衡型（股票・債券・外幣）', ko: '카부토 밸런스(주식·채권·외화)' },
    basket: [
      { kind: 'instrument', code: 'TOPIX', weightPpm: 400_000 },
      { kind: 'bond', yieldPpm: 8_000, weightPpm: 400_000 },
      { kind: 'instrument', code: 'USDJPY', weightPpm: 200_000 },
    ],
    incomePpm: 8_800, trustFeePpm: 2_420,
    reinvest: true, foreignAssets: true, designatedIndex: true, risk: 3, settleDays: 5, inception: '2023-06-15',
  },
  {
    ...base, id: 'kabuto-growth250', code: 'KB000005', category: 'jp_growth', benchmark: 'TSEG250',
    names: { ja: 'カブト・グロース250インデックス', en: 'Kabuto Growth 250 Index', zhHant: '兜・Growth 250指數', ko: '카부토 그로스250 인덱스' },
    basket: [{ kind: 'instrument', code: 'TSEG250', weightPpm: ONE }], incomePpm: 3_000, trustFeePpm: 4_400,
    reinvest: true, foreignAssets: false, designatedIndex: false, risk: 5, settleDays: 4, inception: '2023-07-03',
  },
  {
    ...base, id: 'kabuto-monthly-bond', code: 'KB000006', category: 'bond', benchmark: null,
    names: { ja: 'カブト・毎月分配 円・ドル債券ファンド', en: 'Kabuto Monthly Distribution Yen & Dollar Bond Fund', zhHant: '兜・每月配息 日圓・美元債券基金', ko: '카부토 매월분배 엔·달러 채권 펀드' },
    basket: [
      { kind: 'bond', yieldPpm: 15_000, weightPpm: 700_000 },
      { kind: 'instrument', code: 'USDJPY', weightPpm: 300_000 },
    ],
    incomePpm: 0, trustFeePpm: 12_100, purchaseFeePpm: 22_000, retentionPpm: 1_000,
    distribution: { kind: 'fixed', per10k: 40, months: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], day: 20 },
    reinvest: false, foreignAssets: true, designatedIndex: false, termEnd: '2033-07-18', risk: 2, settleDays: 5, inception: '2023-07-18',
  },
  {
    ...base, id: 'kabuto-active', code: 'KB000007', category: 'jp_active', benchmark: null,
    names: { ja: 'カブト・日本株アクティブ・オープン', en: 'Kabuto Japan Equity Active Open', zhHant: '兜・日本股票主動型開放基金', ko: '카부토 일본주식 액티브 오픈' },
    basket: equal(ACTIVE_CODES), incomePpm: 15_000, trustFeePpm: 16_500, purchaseFeePpm: 33_000, retentionPpm: 3_000,
    reinvest: true, foreignAssets: false, designatedIndex: false, risk: 5, settleDays: 4, inception: '2023-08-01',
  },
];

/** A catalogue row as created: empty (no units), NAV 10,000 and total-return index 10,000 until its first strike. */
export function newFundRow(d: TrustDefinition, now: number): TrustFundTable {
  return {
    id: d.id, code: d.code, name_ja: d.names.ja, name_en: d.names.en, name_zh: d.names.zhHant, name_ko: d.names.ko,
    category: d.category, benchmark: d.benchmark, basket: JSON.stringify(d.basket), income_ppm: d.incomePpm,
    trust_fee_ppm: d.trustFeePpm, purchase_fee_ppm: d.purchaseFeePpm, retention_ppm: d.retentionPpm,
    distribution: d.distribution ? JSON.stringify(d.distribution) : null, reinvest: d.reinvest ? 1 : 0, leveraged: d.leveraged ? 1 : 0,
    foreign_assets: d.foreignAssets ? 1 : 0, designated_index: d.designatedIndex ? 1 : 0, term_end: d.termEnd, risk: d.risk,
    settle_days: d.settleDays, inception: d.inception, status: 'open', status_reason: null,
    assets: 0, units: 0, fee_carry: 0, last_nav: 10_000, last_tr: 10_000, last_date: null, created_at: now, updated_at: now,
  };
}
