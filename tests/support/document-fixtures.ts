/**
 * Facts of documents shared by the layout and PDF tests (tests/unit/document-layout.test.ts,
 * document-pdf.test.ts): a cash buy, a margin close with interest and tax, a trust 解約 with
 * 信託財産留保額, a sale that refunds tax, a quarter's 取引残高報告書 and a year's 特定口座年間取引報告書.
 */
import type { AnnualFacts, BalanceFacts, Customer, Execution } from '../../src/server/modules/documents/facts';
import type { DocContext } from '../../src/server/modules/documents/layout';

export const customer: Customer = { userId: '0b6f3c1e-7a2d-4e59-9c1b-2f8d6a4e1c3b', number: '6A4E1C3B', name: '山田 太郎' };
export const at = (iso: string) => Date.parse(iso);

export const ctx: DocContext = {
  number: 'KB-8D6A4E1C3B',
  issuedAt: at('2026-03-05T06:00:00Z'),
  customer,
  operatorAddress: '東京都中央区日本橋兜町2-1 Kabuto ビル 5階',
  simulated: true,
};

const base = {
  userId: customer.userId, account: 'specific' as const, code: '7203', nameJa: 'トヨタ自動車', nameEn: 'Toyota Motor',
  priceScale: 10, perUnits: 1, interest: 0, borrowFee: 0, interestPaidBefore: 0, retention: 0, taxWithheld: 0, refId: 'p1',
};

export const cashBuy: Execution = {
  ...base, sourceKey: 'entry:e1', kind: 'cash_buy', executedAt: at('2026-03-05T01:23:45Z'), tradeDate: '2026-03-05', settlesOn: '2026-03-09',
  quantity: 100, unitPrice: 28455, contractValue: 284_550, fee: 385, consumptionTax: 35, gain: null, cost: null, net: -284_935,
};

export const marginClose: Execution = {
  ...base, sourceKey: 'entry:e2', kind: 'margin_close_sell', code: '6758', nameJa: 'ソニーグループ', nameEn: 'Sony Group',
  executedAt: at('2026-06-10T05:10:00Z'), tradeDate: '2026-06-10', settlesOn: '2026-06-12',
  quantity: 300, unitPrice: 35000, contractValue: 1_050_000, fee: 1_100, consumptionTax: 100, interest: 2_345,
  gain: 96_555, cost: 950_000, taxWithheld: 19_614, net: 96_555 - 19_614,
};

export const trustSell: Execution = {
  ...base, sourceKey: 'trust:t1', kind: 'trust_sell', code: '0331418A', nameJa: 'カブト・全世界株式インデックス・ファンド',
  nameEn: 'Kabuto All-World Equity Index', executedAt: at('2026-09-01T06:00:00Z'), tradeDate: '2026-09-01', settlesOn: '2026-09-04',
  quantity: 1_234_567, unitPrice: 23_456, priceScale: 1, perUnits: 10_000, contractValue: 2_895_800, fee: 0, consumptionTax: 0,
  retention: 8_687, gain: 287_113, cost: 2_600_000, taxWithheld: 58_326, net: 2_895_800 - 8_687 - 58_326,
};

export const refundSell: Execution = {
  ...base, sourceKey: 'entry:e4', kind: 'cash_sell', executedAt: at('2026-11-20T02:00:00Z'), tradeDate: '2026-11-20', settlesOn: '2026-11-24',
  quantity: 100, unitPrice: 25000, contractValue: 250_000, fee: 385, consumptionTax: 35, gain: -35_320, cost: 284_935, taxWithheld: -7_174,
  net: 250_000 - 385 + 7_174,
};

export const balance: BalanceFacts = {
  customer, from: '2026-01-01', to: '2026-03-31', asOf: at('2026-03-31T14:59:59Z'),
  executions: [cashBuy, { ...cashBuy, sourceKey: 'entry:e5', kind: 'margin_open_sell', code: '9984', nameJa: 'ソフトバンクグループ', quantity: 200, unitPrice: 91230, contractValue: 1_824_600, net: 0, fee: 0, consumptionTax: 0 }],
  cash: [{ currency: 'JPY', cash: 3_456_789, unsettled: 0, frozen: 120_000, margin: 1_000_000 }, { currency: 'USDT', cash: 123_456, unsettled: 0, frozen: 0, margin: 0 }],
  securities: [{ code: '7203', nameJa: 'トヨタ自動車', account: 'specific', quantity: 100, price: 29000, priceScale: 10, value: 290_000 },
    { code: '8306', nameJa: '三菱ＵＦＪフィナンシャル・グループ', account: 'nisa_growth', quantity: 1_000, price: 17825, priceScale: 10, value: 1_782_500 }],
  trusts: [{ code: '0331418A', nameJa: 'カブト・全世界株式インデックス・ファンド', account: 'nisa_tsumitate', units: 1_234_567, nav: 23_456, navDate: '2026-03-31', value: 2_895_800 }],
  margin: [{ code: '9984', nameJa: 'ソフトバンクグループ', side: 'sell', quantity: 200, openedOn: '2026-03-05', openPrice: 91230, price: 89000, priceScale: 10, contractValue: 1_824_600, valuation: 44_600 }],
};

export const annual: AnnualFacts = {
  customer, year: 2026, withholding: true, preview: false,
  sales: [
    { sourceKey: 'entry:e2', tradeDate: '2026-06-10', settlesOn: '2026-06-12', kind: 'margin_close_sell', code: '6758', nameJa: 'ソニーグループ', quantity: 300, proceeds: 1_050_000, cost: 953_445, gain: 96_555, taxWithheld: 19_614 },
    { sourceKey: 'trust:t1', tradeDate: '2026-09-01', settlesOn: '2026-09-04', kind: 'trust_sell', code: '0331418A', nameJa: 'カブト・全世界株式インデックス・ファンド', quantity: 1_234_567, proceeds: 2_887_113, cost: 2_600_000, gain: 287_113, taxWithheld: 58_326 },
    { sourceKey: 'entry:e4', tradeDate: '2026-11-20', settlesOn: '2026-11-24', kind: 'cash_sell', code: '7203', nameJa: 'トヨタ自動車', quantity: 100, proceeds: 250_000, cost: 285_320, gain: -35_320, taxWithheld: -7_174 },
  ],
  dividends: [{ sourceKey: 'entry:d1', paidOn: '2026-06-25', kind: 'stock', code: '7203', nameJa: 'トヨタ自動車', gross: 4_500, national: 689, local: 225 }],
  totals: { proceeds: 4_187_113, cost: 3_838_765, gain: 348_348, national: 53_349, local: 17_417, withheld: 70_766, dividendGross: 4_500, dividendNational: 689, dividendLocal: 225 },
};

