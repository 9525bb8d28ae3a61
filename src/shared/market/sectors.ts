/**
 * The TSE 33-sector classification (東証33業種) with its official codes, and the listing segments
 * that decide which market board a stock appears on (docs/domain.md: Listed = Prime + Standard;
 * On the counter = Growth + regional exchanges).
 */

export const SECTORS_33 = {
  fishery: { code: '0050', ja: '水産・農林業', en: 'Fishery, Agriculture & Forestry' },
  mining: { code: '1050', ja: '鉱業', en: 'Mining' },
  construction: { code: '2050', ja: '建設業', en: 'Construction' },
  foods: { code: '3050', ja: '食料品', en: 'Foods' },
  textiles: { code: '3100', ja: '繊維製品', en: 'Textiles & Apparels' },
  pulp_paper: { code: '3150', ja: 'パルプ・紙', en: 'Pulp & Paper' },
  chemicals: { code: '3200', ja: '化学', en: 'Chemicals' },
  pharmaceutical: { code: '3250', ja: '医薬品', en: 'Pharmaceutical' },
  oil_coal: { code: '3300', ja: '石油・石炭製品', en: 'Oil & Coal Products' },
  rubber: { code: '3350', ja: 'ゴム製品', en: 'Rubber Products' },
  glass_ceramics: { code: '3400', ja: 'ガラス・土石製品', en: 'Glass & Ceramics Products' },
  iron_steel: { code: '3450', ja: '鉄鋼', en: 'Iron & Steel' },
  nonferrous_metals: { code: '3500', ja: '非鉄金属', en: 'Nonferrous Metals' },
  metal_products: { code: '3550', ja: '金属製品', en: 'Metal Products' },
  machinery: { code: '3600', ja: '機械', en: 'Machinery' },
  electric_appliances: { code: '3650', ja: '電気機器', en: 'Electric Appliances' },
  transport_equipment: { code: '3700', ja: '輸送用機器', en: 'Transportation Equipment' },
  precision_instruments: { code: '3750', ja: '精密機器', en: 'Precision Instruments' },
  other_products: { code: '3800', ja: 'その他製品', en: 'Other Products' },
  electric_power_gas: { code: '4050', ja: '電気・ガス業', en: 'Electric Power & Gas' },
  land_transport: { code: '5050', ja: '陸運業', en: 'Land Transportation' },
  marine_transport: { code: '5100', ja: '海運業', en: 'Marine Transportation' },
  air_transport: { code: '5150', ja: '空運業', en: 'Air Transportation' },
  warehousing: { code: '5200', ja: '倉庫・運輸関連業', en: 'Warehousing & Harbor Transportation' },
  info_communication: { code: '5250', ja: '情報・通信業', en: 'Information & Communication' },
  wholesale: { code: '6050', ja: '卸売業', en: 'Wholesale Trade' },
  retail: { code: '6100', ja: '小売業', en: 'Retail Trade' },
  banks: { code: '7050', ja: '銀行業', en: 'Banks' },
  securities: { code: '7100', ja: '証券、商品先物取引業', en: 'Securities & Commodity Futures' },
  insurance: { code: '7150', ja: '保険業', en: 'Insurance' },
  other_financing: { code: '7200', ja: 'その他金融業', en: 'Other Financing Business' },
  real_estate: { code: '8050', ja: '不動産業', en: 'Real Estate' },
  services: { code: '9050', ja: 'サービス業', en: 'Services' },
} as const satisfies Record<string, { code: string; ja: string; en: string }>;

export type Sector33 = keyof typeof SECTORS_33;
export const SECTOR_IDS = Object.keys(SECTORS_33) as Sector33[];

export function isSector33(value: unknown): value is Sector33 {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(SECTORS_33, value);
}

/** Where a stock is listed: a TSE segment, or a regional exchange where it is listed alone. */
export const SEGMENTS = ['prime', 'standard', 'growth', 'nagoya', 'fukuoka', 'sapporo'] as const;
export type Segment = (typeof SEGMENTS)[number];

/** The market tabs that list instruments (Subscription and Auction list IPOs and block trades). */
export const BOARDS = ['listed', 'otc', 'crypto', 'fx'] as const;
export type Board = (typeof BOARDS)[number];

export function boardOfSegment(segment: Segment): Board {
  return segment === 'prime' || segment === 'standard' ? 'listed' : 'otc';
}
