/**
 * The close dialog's lines for a cash (現物) sale, from the close preview (no React): what the sale
 * brings in, its 取得費 at the holding's 平均取得単価 (総平均法, docs/domain.md "取得価額",
 * docs/decisions/011-selling-a-holding.md) and the gain before fee and tax — the figures the sell
 * ticket shows, so a 現物 close reads the same. The server's netPnl is this gain less the closing
 * fee, interest and tax, to the yen (tests/api/trade-close-preview.test.ts checks it).
 */
import { contractValue } from '../../../shared/domain/trade-money';

export interface CashSaleLines {
  /** 売却代金: price × shares, rounded down as the close does. */
  proceeds: number;
  /** 取得費 of the shares sold (the server's, never recomputed here). */
  saleCost: number;
  /** 平均取得単価 in price units (priceScale). */
  averageCost: number;
  shares: number;
  /** 譲渡損益 before the closing fee and tax: proceeds − 取得費 (the buy fee is in the 取得費). */
  gain: number;
}

/** The cash-sale lines of a preview, or null for a margin position (no 取得費). */
export function cashSaleLines(
  e: { price: number; saleCost: number | null; averageCost: number | null },
  p: { quantity: number; priceScale: number },
): CashSaleLines | null {
  if (e.saleCost === null || e.averageCost === null) return null;
  const proceeds = contractValue(e.price, p.quantity, p.priceScale);
  return { proceeds, saleCost: e.saleCost, averageCost: e.averageCost, shares: p.quantity, gain: proceeds - e.saleCost };
}

/** The net gain the lines lead to: gain − closing fee − interest − tax (the preview's netPnl). */
export function cashSaleNet(lines: CashSaleLines, e: { closeFee: number; interest: number; tax: number }): number {
  return lines.gain - e.closeFee - e.interest - e.tax;
}
