import { describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import iconv from 'iconv-lite';
import {
  CsvEncoder, DIVIDENDS_HEADER, dividendRow, GHOSTFOLIO_HEADER, ghostfolioDividendRow, ghostfolioTradeRow, PNL_HEADER, pnlRow, pnlTotalRow,
  RECORDS_HEADER, recordRow, text, tokyoIso, TRADES_HEADER, tradeRow, toShiftJis,
} from '../../src/server/modules/documents/csv';
import type { DividendLine, Execution } from '../../src/server/modules/documents/facts';
import { jstMs } from '../../src/shared/market';

/** The CSV exports' pure part (docs/domain.md "Documents and exports"): columns, cells, quoting, bytes. */
const BUY: Execution = {
  sourceKey: 'entry:0193', userId: 'u1', kind: 'cash_buy', account: 'specific', executedAt: jstMs('2026-11-24', 9, 5), tradeDate: '2026-11-24',
  settlesOn: '2026-11-26', code: '7203', nameJa: 'トヨタ自動車', nameEn: 'Toyota', quantity: 100, unitPrice: 23455, priceScale: 10, perUnits: 1,
  contractValue: 234_550, fee: 535, consumptionTax: 48, interest: 0, borrowFee: 0, interestPaidBefore: 0, retention: 0, taxWithheld: 0, gain: null, cost: null,
  net: -235_085, refId: 'p1',
};
const SHORT_CLOSE: Execution = {
  ...BUY, sourceKey: 'entry:0194', kind: 'margin_close_buy', executedAt: jstMs('2026-11-25', 10, 0), tradeDate: '2026-11-25', settlesOn: '2026-11-27',
  unitPrice: 23000, contractValue: 230_000, interest: 0, borrowFee: 120, interestPaidBefore: 0, fee: 0, consumptionTax: 0, taxWithheld: 700, gain: 3_430, cost: 234_550, net: 2_730,
};
const TRUST_SELL: Execution = {
  ...BUY, sourceKey: 'trust:01', kind: 'trust_sell', code: 'kabuto-topix', nameJa: 'カブト・TOPIX', quantity: 1_000_000, unitPrice: 12_345,
  priceScale: 1, perUnits: 10_000, contractValue: 1_234_500, fee: 0, consumptionTax: 0, retention: 3_703, gain: 30_797, cost: 1_200_000,
  taxWithheld: 6_255, net: 1_224_542,
};
const DIVIDEND: DividendLine = {
  sourceKey: 'entry:0200', paidAt: jstMs('2027-03-30', 0, 0, 1), paidOn: '2027-03-30', kind: 'stock', account: 'specific', code: '7203',
  nameJa: 'トヨタ自動車', nameEn: 'Toyota', quantity: 300, perShare: 230, priceScale: 10, gross: 6_900, taxWithheld: 1_401, net: 5_499,
};

const utf8 = new CsvEncoder('utf8');
const sjis = new CsvEncoder('sjis');
const decodeUtf8 = (bytes: Uint8Array) => new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
const concat = (...parts: Uint8Array[]) => Buffer.concat(parts.map((p) => Buffer.from(p)));

describe('CSV exports: columns', () => {
  it('names every column in Japanese, as the design lists them', () => {
    expect(TRADES_HEADER).toEqual([
      '約定日時', '受渡日', '取引区分', '口座区分', '銘柄コード', '銘柄名', '数量', '約定単価', '約定金額', '手数料', '消費税', '金利・貸株料',
      '信託財産留保額', '譲渡益税', '受渡金額', '書面番号',
    ]);
    expect(RECORDS_HEADER).toEqual([
      '日時', '種別', '区分', '銘柄コード', '銘柄名', '通貨', '金額', '元本', '拘束', '損益', '手数料', '金利', '税金', '配当', '不足金', '借入', '付与',
      '入出金', '両替', '投資信託', 'その他', '口座区分', 'ID',
    ]);
    expect(DIVIDENDS_HEADER).toEqual(['支払日', '種別', '口座区分', '銘柄コード', '銘柄名', '数量', '1株あたり', '配当金額（税引前）', '源泉徴収税額', '受取金額']);
    expect(PNL_HEADER).toEqual(['約定日', '受渡日', '取引区分', '口座区分', '銘柄コード', '銘柄名', '数量', '譲渡の対価', '取得費等', '譲渡損益', '源泉徴収税額']);
    expect(GHOSTFOLIO_HEADER).toEqual(['date', 'symbol', 'dataSource', 'currency', 'unitPrice', 'quantity', 'type', 'fee', 'comment']);
  });

  it('writes an execution with plain integers, its price as a decimal of its scale and Tokyo ISO dates', () => {
    expect(tokyoIso(jstMs('2026-11-24', 9, 5))).toBe('2026-11-24T09:05:00+09:00');
    expect(tradeRow(BUY, null)).toEqual([
      '2026-11-24T09:05:00+09:00', '2026-11-26', '現物買', '特定口座', '7203', 'トヨタ自動車', '100', '2345.5', '234550', '535', '48', '0', '0', '0', '-235085', '',
    ]);
    expect(tradeRow(SHORT_CLOSE, 'KB-0123456789')).toEqual(expect.arrayContaining(['信用返済買', '120', '700', '2730', 'KB-0123456789']));
    // A fund's 約定単価 is its NAV per 10,000口 in yen.
    expect(tradeRow(TRUST_SELL, null).slice(6, 14)).toEqual(['1000000', '12345', '1234500', '0', '0', '0', '3703', '6255']);
  });

  it('puts each record line in its own column, 0 where the record has none, and cents for a currency that has them', () => {
    const row = recordRow({
      id: 'e1', kind: 'trade_close', type: 'trade', createdAt: jstMs('2026-11-25', 10, 0), memo: { id: 'memo_dividend', params: {} }, refType: 'position',
      refId: 'p1', code: '7203', nameJa: 'トヨタ自動車', nameEn: 'Toyota', currency: 'JPY', amount: 1_000, postings: [],
      lines: [{ type: 'principal', amount: 900 }, { type: 'pnl', amount: 200 }, { type: 'fee', amount: -100 }], account: 'nisa_growth',
    });
    expect(row).toEqual([
      '2026-11-25T10:00:00+09:00', '決済', '取引', '7203', 'トヨタ自動車', 'JPY', '1000', '900', '0', '200', '-100', '0', '0', '0', '0', '0', '0', '0', '0', '0', '0',
      'NISA 成長投資枠', 'e1',
    ]);
    const usd = recordRow({
      id: 'e2', kind: 'fx_exchange', type: 'fx', createdAt: 0, memo: { id: 'memo_dividend', params: {} }, refType: null, refId: null, code: null,
      nameJa: null, nameEn: null, currency: 'USD', amount: -1_234, postings: [], lines: [{ type: 'fx', amount: -1_234 }], account: null,
    });
    expect(usd.slice(1, 7)).toEqual(['両替', '両替', '', '', 'USD', '-12.34']);
    expect(usd[RECORDS_HEADER.indexOf('両替')]).toBe('-12.34');
    expect(usd.at(-2)).toBe('');
  });

  it('writes a dividend, and a sale with 取得費等 = 譲渡の対価 − 譲渡損益 and a total row', () => {
    expect(dividendRow(DIVIDEND)).toEqual(['2027-03-30', '配当金', '特定口座', '7203', 'トヨタ自動車', '300', '23.0', '6900', '1401', '5499']);
    expect(pnlRow(SHORT_CLOSE, 234_550)).toEqual(['2026-11-25', '2026-11-27', '信用返済買', '特定口座', '7203', 'トヨタ自動車', '100', '234550', '231120', '3430', '700']);
    expect(pnlTotalRow([{ proceeds: 234_550, gain: 3_430, taxWithheld: 700 }, { proceeds: 1_230_797, gain: 30_797, taxWithheld: 6_255 }])).toEqual([
      '合計', '', '', '', '', '', '', '1465347', '1431120', '34227', '6955',
    ]);
  });

  it('maps stocks to Yahoo’s <code>.T, funds to MANUAL, and prices per share or per 口', () => {
    const [date, symbol, source, currency, unitPrice, quantity, type, fee, comment] = ghostfolioTradeRow(BUY);
    expect({ date, symbol, source, currency, unitPrice, quantity, type, fee }).toEqual({
      date: '2026-11-24T09:05:00+09:00', symbol: '7203.T', source: 'YAHOO', currency: 'JPY', unitPrice: '2345.5', quantity: '100', type: 'BUY', fee: '535',
    });
    expect(comment).toContain('現物買');
    // A short is closed by a buy; its 貸株料 is a cost of the execution.
    expect(ghostfolioTradeRow(SHORT_CLOSE).slice(6, 8)).toEqual(['BUY', '120']);
    // A 解約: per 口 = NAV ÷ 10,000; the 信託財産留保額 is its cost; the tax is only mentioned.
    expect(ghostfolioTradeRow(TRUST_SELL).slice(1, 8)).toEqual(['kabuto-topix', 'MANUAL', 'JPY', '1.2345', '1000000', 'SELL', '3703']);
    expect(ghostfolioDividendRow(DIVIDEND).slice(0, 8)).toEqual(['2027-03-30T00:00:01+09:00', '7203.T', 'YAHOO', 'JPY', '23.0', '300', 'DIVIDEND', '0']);
    expect(ghostfolioDividendRow({ ...DIVIDEND, kind: 'trust', code: 'kabuto-monthly-bond', perShare: 25, priceScale: 1 }).slice(1, 5)).toEqual([
      'kabuto-monthly-bond', 'MANUAL', 'JPY', '0.0025',
    ]);
  });

  it('keeps a name a spreadsheet would run as a formula from being one', () => {
    expect(text('=HYPERLINK("x")')).toBe('\'=HYPERLINK("x")');
    expect(text('@SUM(A1)')).toBe('\'@SUM(A1)');
    expect(text('トヨタ')).toBe('トヨタ');
    expect(text(null)).toBe('');
  });
});

describe('CSV exports: bytes', () => {
  it('begins UTF-8 with a BOM and ends records with CRLF', () => {
    const head = utf8.header(['約定日時', '受渡日']);
    expect([...head.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(decodeUtf8(head.slice(3))).toBe('約定日時,受渡日\r\n');
    expect(decodeUtf8(utf8.rows([['a', 'b'], ['c', 'd']]))).toBe('a,b\r\nc,d\r\n');
  });

  it('quotes commas, quotes and line breaks in a name, and they parse back whole', () => {
    const nasty = ['Acme, Inc.', 'the "best" fund', 'two\nlines', 'cr\rlf\r\nend', ' padded ', ''];
    const bytes = concat(utf8.header(['a', 'b', 'c', 'd', 'e', 'f']), utf8.rows([nasty, nasty]));
    const csv = decodeUtf8(bytes.subarray(3));
    const line = '"Acme, Inc.","the ""best"" fund","two\nlines","cr\rlf\r\nend", padded ,\r\n';
    expect(csv).toBe(`a,b,c,d,e,f\r\n${line}${line}`);
    expect(parse(csv, { bom: true, relax_column_count: false })).toEqual([['a', 'b', 'c', 'd', 'e', 'f'], nasty, nasty]);
  });

  it('writes Shift_JIS without a BOM, and a Japanese header decodes back', () => {
    const head = sjis.header(TRADES_HEADER);
    // 約定日時 in Shift_JIS (JIS X 0208: 約 96F1, 定 92E8, 日 93FA, 時 8E9E).
    expect(Buffer.from(head.slice(0, 8)).toString('hex')).toBe('96f192e893fa8e9e');
    expect(iconv.decode(Buffer.from(head), 'Shift_JIS')).toBe(`${TRADES_HEADER.join(',')}\r\n`);
    const rows = sjis.rows([tradeRow(BUY, null), dividendRow(DIVIDEND)]);
    expect(parse(iconv.decode(Buffer.from(rows), 'Shift_JIS'), { relax_column_count: true })).toEqual([tradeRow(BUY, null), dividendRow(DIVIDEND)]);
  });

  it('turns a character Shift_JIS lacks into one ?, leaving the rest of the row intact', () => {
    // 𠮷 (U+20BB7, outside JIS X 0208) and an emoji: one byte each; 〜 and − are written as their CP932 twins.
    const row = ['𠮷野家ホールディングス', '😀,ok', '10〜20', '−5', '髙島屋'];
    const bytes = sjis.rows([row, ['next', 'row', '', '', '']]);
    const back = parse(iconv.decode(Buffer.from(bytes), 'Shift_JIS')) as string[][];
    expect(back).toEqual([['?野家ホールディングス', '?,ok', '10～20', '－5', '髙島屋'], ['next', 'row', '', '', '']]);
    expect(Buffer.from(toShiftJis('𠮷')).toString('hex')).toBe('3f');
  });
});
