/**
 * The words of a records line (docs/architecture.md, "The money model"): the entry kind's label
 * and the journal memo, both translated here on the client from the registry in
 * src/shared/domain/ledger-kinds.ts. The server sends a kind and a memo id with params, never a
 * sentence, so nothing English reaches a Japanese screen.
 *
 * Both tables are typed over the registry: a new entry kind without a label, or a new memo id
 * without a text, does not compile.
 *
 * Wording follows each market's brokers: 現物買付・現物売付・信用新規売・返済 in Japanese,
 * Buy / Short sell / Buy to cover in English, 現股買進・融券賣出・融券回補 in Taiwan, 매수·공매도·상환
 * in Korea. Action words carry the `memo` context so they never share a catalog entry (and its
 * translation) with a button or a column title that happens to read the same in Japanese.
 */
import { msg } from '@lingui/core/macro';
import type { I18n, MessageDescriptor } from '@lingui/core';
import type { EntryKind, FundNames, MemoId, MemoParams, OfferingNames, TradeParams } from '../../../shared/domain/ledger-kinds';
import { PLAN_SKIP_REASONS, type PlanSkipReason } from '../../../shared/domain/plan';
import { displayName, enteredName } from '../../../shared/market/local-names';
import { CURRENCIES, HOME_CURRENCY, currencyOf, formatIsoDate, formatMoney, formatNumber, formatScaled, formatTickPrice } from '../../../shared/money';

/** The label of each ledger entry kind (the Japanese source texts are ENTRY_KINDS[kind].ja). */
export const KIND_TEXT: Record<EntryKind, MessageDescriptor> = {
  order_reserve: msg({ message: '注文の資金拘束' }),
  order_release: msg({ message: '拘束資金の返却' }),
  trade_open: msg({ message: '新規約定' }),
  trade_close: msg({ message: '決済' }),
  margin_interest: msg({ message: '信用取引の金利' }),
  borrow_fee: msg({ message: '貸株料' }),
  stock_split: msg({ message: '株式分割' }),
  dividend: msg({ message: '配当金' }),
  dividend_adjustment: msg({ message: '配当落調整金' }),
  settlement: msg({ message: '売却代金の受渡' }),
  late_interest: msg({ message: '不足金の遅延損害金' }),
  demo_grant: msg({ message: 'デモ資金の付与' }),
  admin_grant: msg({ message: 'テスト資金の付与' }),
  withdrawal_request: msg({ message: '出金申請（資金拘束）' }),
  withdrawal_paid: msg({ message: '出金' }),
  withdrawal_returned: msg({ message: '出金の返却' }),
  withdrawal_cancelled: msg({ message: '出金申請の取消' }),
  loan_draw: msg({ message: '借入' }),
  loan_interest: msg({ message: '借入金利' }),
  loan_repay: msg({ message: '借入の返済' }),
  loan_forced_repay: msg({ message: '担保売却による返済' }),
  lending_fee: msg({ message: '貸株金利（雑所得）' }),
  dividend_substitute: msg({ message: '配当金相当額（雑所得）' }),
  strategy_subscribe: msg({ message: 'ファンド申込（資金拘束）' }),
  strategy_subscription: msg({ message: 'ファンド約定（口数の取得）' }),
  strategy_redemption: msg({ message: 'ファンド解約代金' }),
  strategy_refund: msg({ message: 'ファンド申込金の返却' }),
  strategy_fee: msg({ message: 'ファンド信託報酬' }),
  fx_exchange: msg({ message: '両替' }),
  deposit: msg({ message: '入金' }),
  ipo_reserve: msg({ message: '新規公開株の申込（資金拘束）' }),
  ipo_release: msg({ message: '新規公開株の拘束資金の返却' }),
  ipo_payment: msg({ message: '新規公開株の払込' }),
  trust_reserve: msg({ message: '投資信託の買付（資金拘束）' }),
  trust_release: msg({ message: '投資信託の注文取消（拘束資金の返却）' }),
  trust_purchase: msg({ message: '投資信託の買付約定' }),
  trust_redemption: msg({ message: '投資信託の解約代金' }),
  trust_distribution: msg({ message: '投資信託の分配金（普通分配金）' }),
  trust_capital_return: msg({ message: '投資信託の元本払戻金（特別分配金）' }),
  plan_skipped: msg({ message: '積立の見送り' }),
};

/** The instrument of a record, as the server sends it. */
export interface RecordInstrument {
  code: string | null;
  nameJa: string | null;
  nameEn: string | null;
}

/**
 * "トヨタ自動車 (7203)" for a Japanese reader, "豐田汽車 (7203)" / "도요타자동차 (7203)" where the
 * name is written in the reader's language (src/shared/market/local-names.ts), "Toyota Motor
 * (7203)" for everyone else; the bare code when the stock has no name.
 */
export function stockLabel(r: RecordInstrument, locale: string, code: string | null = r.code): string {
  if (!code) return '';
  const name = r.code === code ? displayName(r, locale) : '';
  return name ? `${name} (${code})` : code;
}

/**
 * A memo price from its integer and scale with the currency's symbol, decimals only where the
 * tick has them (src/shared/money): (25995, 10) → "¥2,599.5", (25990, 10) → "¥2,599".
 */
export function formatMemoPrice(price: number, priceScale: number, currency: string = HOME_CURRENCY): string {
  return CURRENCIES[currencyOf(currency)].symbol + formatTickPrice(price, priceScale);
}

/** A Tokyo date "2026-11-25" as the app writes dates: "2026.11.25". */
export function formatMemoDate(isoDate: string): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(isoDate) ? formatIsoDate(isoDate) : isoDate;
}

/** What a memo text needs besides its params: the reader's locale, the record's stock and currency. */
export interface MemoContext {
  i18n: I18n;
  record: RecordInstrument & { currency: string };
}

/**
 * Trade memos say which side and leverage the position had: a buy reads 現物買付 or 信用新規買 and a
 * close 現物売付, 返済売 or 返済買 (the full terms of a broker's 取引履歴). Entries written before
 * they did get the neutral 買付 and 決済.
 */
type TradeMemoParams = TradeParams;

const ACTION = {
  buy: msg({ context: 'memo', message: '買付' }),
  cashBuy: msg({ context: 'memo', message: '現物買付' }),
  marginBuy: msg({ context: 'memo', message: '信用新規買' }),
  sellShort: msg({ context: 'memo', message: '信用新規売' }),
  close: msg({ context: 'memo', message: '決済' }),
  cashSell: msg({ context: 'memo', message: '現物売付' }),
  sellToClose: msg({ context: 'memo', message: '返済売' }),
  buyToCover: msg({ context: 'memo', message: '返済買' }),
  autoClose: msg({ context: 'memo', message: '自動決済(いちにち信用)' }),
  forcedClose: msg({ context: 'memo', message: '強制決済' }),
  blockTrade: msg({ context: 'memo', message: 'ブロック取引' }),
  placedMarket: msg({ context: 'memo', message: '注文受付(成行)' }),
  amended: msg({ context: 'memo', message: '注文訂正' }),
  placedLimit: msg({ context: 'memo', message: '注文受付(指値)' }),
  cancelled: msg({ context: 'memo', message: '取消' }),
  expired: msg({ context: 'memo', message: '失効' }),
  dividend: msg({ context: 'memo', message: '配当金' }),
  adjustmentReceived: msg({ context: 'memo', message: '配当落調整金（受取）' }),
  adjustmentPaid: msg({ context: 'memo', message: '配当落調整金（支払）' }),
} as const;

/** "現物買付 トヨタ自動車 (7203) 100株 @ ¥2,599.5" */
const TRADE_LINE = msg({ message: '{action} {stock} {shares}株 @ {price}' });
/** "取消 トヨタ自動車 (7203) 100株" */
const ORDER_LINE = msg({ message: '{action} {stock} {shares}株' });

/** "株式分割 1:2（100株→200株） トヨタ自動車 (7203) 権利落ち日 2026.11.25" */
const SPLIT_LINE = msg({ message: '株式分割 1:{ratio}（{sharesBefore}株→{sharesAfter}株） {stock} 権利落ち日 {exDate}' });
/** "配当金 トヨタ自動車 (7203) 100株 × ¥45（権利落ち日 2026.11.25）": per share; the tax withheld is its own line. */
const DIVIDEND_LINE = msg({ message: '{action} {stock} {shares}株 × {perShare}（権利落ち日 {exDate}）' });

/** A message with values (Lingui's `_` takes the values inside the descriptor). */
function tr(c: MemoContext, d: MessageDescriptor, values: Record<string, string>): string {
  const withValues: MessageDescriptor = { ...d, values };
  return c.i18n._(withValues);
}

function trade(action: MessageDescriptor, p: TradeMemoParams, c: MemoContext): string {
  return tr(c, TRADE_LINE, {
    action: c.i18n._(action),
    stock: stockLabel(c.record, c.i18n.locale, p.code),
    shares: formatScaled(p.shares, 0),
    price: formatMemoPrice(p.price, p.priceScale, c.record.currency),
  });
}

function order(action: MessageDescriptor, p: { code: string; shares: number }, c: MemoContext): string {
  return tr(c, ORDER_LINE, {
    action: c.i18n._(action),
    stock: stockLabel(c.record, c.i18n.locale, p.code),
    shares: formatScaled(p.shares, 0),
  });
}

function dividend(action: MessageDescriptor, p: MemoParams['memo_dividend'], c: MemoContext): string {
  return tr(c, DIVIDEND_LINE, {
    action: c.i18n._(action),
    stock: stockLabel(c.record, c.i18n.locale, p.code),
    shares: formatScaled(p.shares, 0),
    perShare: formatMemoPrice(p.perShare, p.priceScale, c.record.currency),
    exDate: formatMemoDate(p.exDate),
  });
}

function buyAction(p: TradeMemoParams): MessageDescriptor {
  if (typeof p.leverage !== 'number') return ACTION.buy;
  return p.leverage > 1 ? ACTION.marginBuy : ACTION.cashBuy;
}

function closeAction(p: TradeMemoParams): MessageDescriptor {
  if (p.direction === 'down') return ACTION.buyToCover;
  if (p.direction === 'up' && typeof p.leverage === 'number') return p.leverage > 1 ? ACTION.sellToClose : ACTION.cashSell;
  return ACTION.close;
}

/** The deposit channel's name in a memo. */
function depositChannel(channel: string, c: MemoContext): string {
  return channel === 'usdt' ? c.i18n._(msg({ message: 'USDT送金' })) : c.i18n._(msg({ message: '銀行振込' }));
}

/** The text of every memo id from its params; null when the memo adds nothing to the kind. */
export const MEMO_TEXT: { [K in MemoId]: (p: MemoParams[K], c: MemoContext) => string | null } = {
  memo_buy: (p: TradeMemoParams, c) => trade(buyAction(p), p, c),
  memo_sell_short: (p, c) => trade(ACTION.sellShort, p, c),
  memo_close: (p: TradeMemoParams, c) => trade(closeAction(p), p, c),
  memo_auto_close: (p, c) => trade(ACTION.autoClose, p, c),
  memo_forced_close: (p, c) => trade(ACTION.forcedClose, p, c),
  memo_block_buy: (p, c) => trade(ACTION.blockTrade, p, c),
  memo_order_placed: (p, c) => order(p.orderType === 'limit' ? ACTION.placedLimit : ACTION.placedMarket, p, c),
  memo_order_cancelled: (p, c) => order(ACTION.cancelled, p, c),
  memo_order_amended: (p, c) => trade(ACTION.amended, p, c),
  memo_order_expired: (p, c) => order(ACTION.expired, p, c),
  memo_margin_interest: (p, c) =>
    tr(c, msg({ message: '信用金利 {stock} {through}まで' }), { stock: stockLabel(c.record, c.i18n.locale, p.code), through: formatMemoDate(p.through) }),
  memo_borrow_fee: (p, c) =>
    tr(c, msg({ message: '貸株料 {stock} {through}まで' }), { stock: stockLabel(c.record, c.i18n.locale, p.code), through: formatMemoDate(p.through) }),
  memo_split: (p, c) =>
    tr(c, SPLIT_LINE, {
      ratio: formatNumber(p.ratio),
      sharesBefore: formatScaled(p.sharesBefore, 0),
      sharesAfter: formatScaled(p.sharesAfter, 0),
      stock: stockLabel(c.record, c.i18n.locale, p.code),
      exDate: formatMemoDate(p.exDate),
    }),
  memo_dividend: (p, c) => dividend(ACTION.dividend, p, c),
  memo_dividend_adjustment: (p, c) => dividend(p.direction === 'down' ? ACTION.adjustmentPaid : ACTION.adjustmentReceived, p, c),
  memo_settlement: (p, c) => tr(c, msg({ message: '受渡日 {settledOn}：売却代金を受渡済みの現金に振替' }), { settledOn: formatMemoDate(p.settledOn) }),
  memo_late_interest: (p, c) =>
    tr(c, msg({ message: '期日 {dueOn} の不足金に対する遅延損害金 {through}まで' }), {
      dueOn: formatMemoDate(p.dueOn),
      through: formatMemoDate(p.through),
    }),
  memo_demo_grant: (_p, c) => c.i18n._(msg({ message: 'お試し用のデモ資金（実際のお金ではありません）' })),
  memo_admin_grant: (p, c) => (p.reason ? tr(c, msg({ message: '付与理由：{reason}' }), { reason: p.reason }) : null),
  memo_deposit: (p, c) =>
    p.repaid > 0
      ? tr(c, msg({ message: '{channel}による入金（うち{repaid}を不足金の返済に充当）：{reason}' }), { channel: depositChannel(p.channel, c), repaid: formatMoney(p.repaid, c.record.currency), reason: p.reason })
      : tr(c, msg({ message: '{channel}による入金：{reason}' }), { channel: depositChannel(p.channel, c), reason: p.reason }),
  memo_fx_exchange: (p, c) =>
    tr(c, msg({ message: '{amount} を {amountOut} に両替（スプレッド {spread}）' }), {
      amount: formatMoney(p.amount, p.from),
      amountOut: formatMoney(p.amountOut, p.to),
      spread: formatMoney(p.spread, p.to),
    }),
  memo_withdrawal_request: (p, c) =>
    tr(c, msg({ message: '出金先：{destination}（着金予定 {expectedOn}）。審査が終わるまで出金額を拘束します' }), {
      destination: p.destination,
      expectedOn: formatMemoDate(p.expectedOn),
    }),
  memo_withdrawal_paid: (p, c) => tr(c, msg({ message: '{destination} へ送金しました：{reason}' }), { destination: p.destination, reason: p.reason }),
  memo_withdrawal_returned: (p, c) => tr(c, msg({ message: '出金申請が承認されなかったため、拘束した出金額を返却しました：{reason}' }), { reason: p.reason }),
  memo_withdrawal_cancelled: (_p, c) => c.i18n._(msg({ message: 'お客様の取消により、拘束した出金額を返却しました' })),
  // lending (docs/domain.md "Loans and stock lending")
  memo_loan_draw: (p, c) => tr(c, msg({ message: '証券担保ローンの借入（年利 {rate}）' }), { rate: formatBpPercent(p.rateBp) }),
  memo_loan_interest: (p, c) => tr(c, msg({ message: '借入金利（年利 {rate}）{through}まで' }), { rate: formatBpPercent(p.rateBp), through: formatMemoDate(p.through) }),
  memo_loan_repay: (p, c) => tr(c, msg({ message: '返済（利息 {interest}・元本 {principal}）' }), { interest: formatMoney(p.interest, HOME_CURRENCY), principal: formatMoney(p.principal, HOME_CURRENCY) }),
  memo_loan_forced_repay: (p, c) =>
    tr(c, msg({ message: 'LTVが{forced}を超えた（{ltv}）ため担保の株式を売却し、{target}に戻るまで返済しました（利息 {interest}・元本 {principal}）' }), {
      forced: formatBpPercent(p.forcedBp), ltv: formatBpPercent(p.ltvBp), target: formatBpPercent(p.targetBp),
      interest: formatMoney(p.interest, HOME_CURRENCY), principal: formatMoney(p.principal, HOME_CURRENCY),
    }),
  memo_lending_fee: (p, c) =>
    tr(c, msg({ message: '貸株金利 {stock} {shares}株（年率 {rate}）{through}まで' }), {
      stock: stockLabel(c.record, c.i18n.locale, p.code), shares: formatScaled(p.shares, 0), rate: formatBpPercent(p.rateBp), through: formatMemoDate(p.through),
    }),
  memo_dividend_substitute: (p, c) => dividend(msg({ context: 'memo', message: '配当金相当額' }), p, c),
  memo_strategy_subscribe: (p, c) => tr(c, msg({ message: '{fund} への申込（{amount}を次の基準価額まで拘束）' }), { fund: fundLabel(p, c), amount: formatMoney(p.amount, c.record.currency) }),
  memo_strategy_subscription: (p, c) =>
    tr(c, msg({ message: '{fund} {units}口を基準価額 {nav}（{date}）で取得' }), { fund: fundLabel(p, c), units: formatNumber(p.units), nav: formatScaled(p.nav, 0), date: formatMemoDate(p.date) }),
  memo_strategy_redemption: (p, c) =>
    tr(c, msg({ message: '{fund} {units}口を基準価額 {nav}（{date}）で解約' }), { fund: fundLabel(p, c), units: formatNumber(p.units), nav: formatScaled(p.nav, 0), date: formatMemoDate(p.date) }),
  memo_strategy_refund: (p, c) => tr(c, msg({ message: '{fund} の運用終了により申込金 {amount} を返却' }), { fund: fundLabel(p, c), amount: formatMoney(p.amount, c.record.currency) }),
  memo_strategy_fee: (p, c) => tr(c, msg({ message: '{fund} の信託報酬（{date}・{units}口相当）' }), { fund: fundLabel(p, c), date: formatMemoDate(p.date), units: formatNumber(p.units) }),
  memo_ipo_reserve: (p, c) =>
    tr(c, msg({ message: '{stock} の申込 {lots}単元（{amount}を拘束）' }), { stock: offeringLabel(p, c), lots: formatNumber(p.lots), amount: formatMoney(p.amount, c.record.currency) }),
  memo_ipo_release: (p, c) =>
    tr(c, msg({ message: '{stock} の拘束資金 {amount} を返却（{why}）' }), { stock: offeringLabel(p, c), amount: formatMoney(p.amount, c.record.currency), why: ipoWhy(p.why, c) }),
  memo_ipo_payment: (p, c) =>
    tr(c, msg({ message: '{stock} {shares}株 @ {price} の払込' }), {
      stock: offeringLabel(p, c), shares: formatNumber(p.shares), price: formatMemoPrice(p.price, p.priceScale, c.record.currency),
    }),
  // investment trusts and 積立 (docs/domain.md "Investment trusts and 積立"); NAVs are per 10,000口
  memo_trust_reserve: (p, c) =>
    tr(c, msg({ message: '{fund} の買付（{amount}を基準価額 {navDate} 分の約定まで拘束）' }), {
      fund: fundLabel(p, c), amount: formatMoney(p.amount, c.record.currency), navDate: formatMemoDate(p.navDate),
    }),
  memo_trust_release: (p, c) =>
    tr(c, msg({ message: '{fund} の拘束資金 {amount} を返却（{why}）' }), { fund: fundLabel(p, c), amount: formatMoney(p.amount, c.record.currency), why: trustWhy(p.why, c) }),
  memo_trust_purchase: (p, c) =>
    tr(c, msg({ message: '{fund} {units}口を基準価額 {nav}（{date}）で買付：約定金額 {value}・購入時手数料 {fee}' }), {
      fund: fundLabel(p, c), units: formatNumber(p.units), nav: formatMoney(p.nav, HOME_CURRENCY), date: formatMemoDate(p.date),
      value: formatMoney(p.value, HOME_CURRENCY), fee: formatMoney(p.fee, HOME_CURRENCY),
    }),
  memo_trust_redemption: (p, c) =>
    tr(c, msg({ message: '{fund} {units}口を基準価額 {nav}（{date}）で解約：解約金額 {value}・信託財産留保額 {retention}・譲渡損益 {gain}' }), {
      fund: fundLabel(p, c), units: formatNumber(p.units), nav: formatMoney(p.nav, HOME_CURRENCY), date: formatMemoDate(p.date),
      value: formatMoney(p.value, HOME_CURRENCY), retention: formatMoney(p.retention, HOME_CURRENCY), gain: formatSignedYen(p.gain),
    }),
  memo_trust_distribution: (p, c) =>
    tr(c, p.paid === 'reinvest'
      ? msg({ message: '{fund} 分配金 1万口あたり {per10k} × {units}口（決算日 {date}）：普通分配金 {ordinary}・元本払戻金（特別分配金） {special}、税引後を再投資' })
      : msg({ message: '{fund} 分配金 1万口あたり {per10k} × {units}口（決算日 {date}）：普通分配金 {ordinary}・元本払戻金（特別分配金） {special}' }), {
      fund: fundLabel(p, c), per10k: formatMoney(p.per10k, HOME_CURRENCY), units: formatNumber(p.units), date: formatMemoDate(p.date),
      ordinary: formatMoney(p.ordinary, HOME_CURRENCY), special: formatMoney(p.special, HOME_CURRENCY),
    }),
  memo_trust_capital_return: (p, c) =>
    tr(c, p.paid === 'reinvest'
      ? msg({ message: '{fund} 元本払戻金（特別分配金） {amount}（{units}口・決算日 {date}）：非課税、個別元本と取得価額から差し引き、再投資' })
      : msg({ message: '{fund} 元本払戻金（特別分配金） {amount}（{units}口・決算日 {date}）：非課税、個別元本と取得価額から差し引き' }), {
      fund: fundLabel(p, c), amount: formatMoney(p.amount, HOME_CURRENCY), units: formatNumber(p.units), date: formatMemoDate(p.date),
    }),
  memo_plan_skipped: (p, c) =>
    tr(c, msg({ message: '{target} の{runDate}の積立を見送りました：{reason}' }), {
      target: p.fund ? fundLabel({ ...p, fund: p.fund }, c) : stockLabel(c.record, c.i18n.locale, p.code ?? null),
      runDate: formatMemoDate(p.runDate),
      reason: planSkipText(p.reason, typeof p.amount === 'number' ? { needed: p.amount } : null, c.i18n),
    }),
  memo_none: () => null,
};

/**
 * The memo of a record in the reader's language. The params come off the wire loosely typed, so a
 * memo whose params do not fit its id (an older or newer server) shows the stock alone rather than
 * a half-filled sentence; a record with a stock and no memo text shows the stock too.
 */
export function memoText(memo: { id: MemoId; params: Record<string, string | number> }, c: MemoContext): string | null {
  const stock = stockLabel(c.record, c.i18n.locale) || null;
  if (!paramsFit(memo)) return stock;
  const text = (MEMO_TEXT[memo.id] as (p: unknown, c: MemoContext) => string | null)(memo.params, c);
  return text ?? stock;
}

const TRADE_KEYS = { code: 'string', shares: 'int', price: 'int', priceScale: 'scale' } as const;
const ORDER_KEYS = { code: 'string', shares: 'int' } as const;
const DATED_KEYS = { code: 'string', through: 'string' } as const;
const DIVIDEND_KEYS = { code: 'string', shares: 'int', perShare: 'int', priceScale: 'scale', exDate: 'string' } as const;
type Check = 'string' | 'int' | 'number' | 'scale';
const REQUIRED: { [K in MemoId]: Record<string, Check> } = {
  memo_buy: TRADE_KEYS,
  memo_sell_short: TRADE_KEYS,
  memo_close: TRADE_KEYS,
  memo_auto_close: TRADE_KEYS,
  memo_forced_close: TRADE_KEYS,
  memo_block_buy: TRADE_KEYS,
  memo_order_placed: { ...ORDER_KEYS, orderType: 'string' },
  memo_order_cancelled: ORDER_KEYS,
  memo_order_amended: TRADE_KEYS,
  memo_order_expired: ORDER_KEYS,
  memo_margin_interest: DATED_KEYS,
  memo_borrow_fee: DATED_KEYS,
  memo_split: { code: 'string', ratio: 'number', sharesBefore: 'int', sharesAfter: 'int', exDate: 'string' },
  memo_dividend: DIVIDEND_KEYS,
  memo_dividend_adjustment: { ...DIVIDEND_KEYS, direction: 'string' },
  memo_settlement: { settledOn: 'string' },
  memo_late_interest: { dueOn: 'string', through: 'string' },
  memo_demo_grant: {},
  memo_admin_grant: { reason: 'string' },
  memo_deposit: { channel: 'string', amount: 'int', repaid: 'int', reason: 'string' },
  memo_fx_exchange: { from: 'string', to: 'string', amount: 'int', amountOut: 'int', spread: 'int' },
  memo_withdrawal_request: { destination: 'string', expectedOn: 'string' },
  memo_withdrawal_paid: { destination: 'string', reason: 'string' },
  memo_withdrawal_returned: { reason: 'string' },
  memo_withdrawal_cancelled: {},
  memo_loan_draw: { rateBp: 'int' },
  memo_loan_interest: { through: 'string', rateBp: 'int' },
  memo_loan_repay: { interest: 'int', principal: 'int' },
  memo_loan_forced_repay: { ltvBp: 'int', forcedBp: 'int', targetBp: 'int', interest: 'int', principal: 'int' },
  memo_lending_fee: { code: 'string', shares: 'int', through: 'string', rateBp: 'int' },
  memo_dividend_substitute: DIVIDEND_KEYS,
  memo_strategy_subscribe: { fund: 'string', amount: 'int' },
  memo_strategy_subscription: { fund: 'string', units: 'int', nav: 'int', date: 'string', amount: 'int' },
  memo_strategy_redemption: { fund: 'string', units: 'int', nav: 'int', date: 'string' },
  memo_strategy_refund: { fund: 'string', amount: 'int' },
  memo_strategy_fee: { fund: 'string', date: 'string', units: 'int' },
  memo_ipo_reserve: { code: 'string', lots: 'int', amount: 'int' },
  memo_ipo_release: { code: 'string', why: 'string', amount: 'int' },
  memo_ipo_payment: { code: 'string', shares: 'int', price: 'int', priceScale: 'scale' },
  memo_trust_reserve: { fund: 'string', fundCode: 'string', amount: 'int', navDate: 'string' },
  memo_trust_release: { fund: 'string', fundCode: 'string', amount: 'int', why: 'string' },
  memo_trust_purchase: { fund: 'string', fundCode: 'string', units: 'int', nav: 'int', date: 'string', value: 'int', fee: 'int' },
  memo_trust_redemption: { fund: 'string', fundCode: 'string', units: 'int', nav: 'int', date: 'string', value: 'int', retention: 'int', gain: 'int' },
  memo_trust_distribution: { fund: 'string', fundCode: 'string', units: 'int', per10k: 'int', date: 'string', ordinary: 'int', special: 'int', paid: 'string' },
  memo_trust_capital_return: { fund: 'string', fundCode: 'string', units: 'int', date: 'string', amount: 'int', paid: 'string' },
  memo_plan_skipped: { kind: 'string', reason: 'string', runDate: 'string' },
  memo_none: {},
};

/** A fund's name in the reader's language from its memo (older entries carry only the Japanese name). */
function fundLabel(p: { fund: string } & FundNames, c: MemoContext): string {
  return enteredName({ ja: p.fund, en: p.fundEn, zhHant: p.fundZhHant, ko: p.fundKo }, c.i18n.locale);
}

/**
 * The stock of an IPO memo: the record's instrument names it once listed (a PO's stock always);
 * before the listing the memo's own names do, and an older entry without them shows the code.
 */
function offeringLabel(p: { code: string } & OfferingNames, c: MemoContext): string {
  const same = c.record.code === p.code;
  const memoName = (v: unknown) => (typeof v === 'string' && v ? v : null);
  // The names the admin entered in the reader's language come with the memo (none for older entries).
  const entered = c.i18n.locale === 'zh-Hant' ? memoName(p.nameZhHant) : c.i18n.locale === 'ko' ? memoName(p.nameKo) : null;
  if (entered && !(same && c.record.nameJa)) return `${entered} (${p.code})`;
  return stockLabel(
    { code: p.code, nameJa: (same ? c.record.nameJa : null) ?? memoName(p.nameJa), nameEn: (same ? c.record.nameEn : null) ?? memoName(p.nameEn) },
    c.i18n.locale,
  );
}

/** Why an IPO reserve came back (memo_ipo_release). */
function ipoWhy(why: string, c: MemoContext): string {
  const d =
    why === 'cancel' ? msg({ message: '申込の取消' })
    : why === 'pricing' ? msg({ message: '公開価格の決定' })
    : why === 'not_won' ? msg({ message: '落選' })
    : why === 'partial' ? msg({ message: '一部当選' })
    : why === 'waived' ? msg({ message: '購入の辞退' })
    : msg({ message: '払込期限の経過' });
  return c.i18n._(d);
}

/** Why a fund buy's reserve came back (memo_trust_release). */
function trustWhy(why: string, c: MemoContext): string {
  return c.i18n._(why === 'cancel' ? msg({ message: '注文の取消' }) : msg({ message: '注文が成立しなかったため' }));
}

/** A signed yen amount: "+¥1,200" / "−¥300" (a 解約's gain over the 取得価額). */
function formatSignedYen(v: number): string {
  return v > 0 ? `+${formatMoney(v, HOME_CURRENCY)}` : v < 0 ? `−${formatMoney(-v, HOME_CURRENCY)}` : formatMoney(0, HOME_CURRENCY);
}

const SKIP_TEXT: Record<PlanSkipReason, MessageDescriptor> = {
  insufficient_cash: msg({ message: '残高不足' }),
  nisa_room: msg({ message: 'NISAの非課税投資枠の不足' }),
  fund_suspended: msg({ message: 'ファンドの購入停止中' }),
  not_eligible: msg({ message: 'この口座では購入できない銘柄' }),
  stock_untradable: msg({ message: '売買停止などで注文できない銘柄' }),
  account_restricted: msg({ message: '口座のお取引制限' }),
  order_refused: msg({ message: '注文が受け付けられませんでした' }),
};

/**
 * Why a 積立 run was skipped (a PlanSkipReason), with what its params tell: "残高不足（必要 ¥30,000）",
 * "NISAの非課税投資枠の不足（残り ¥12,000）". An unknown reason (a newer server) reads as a refused order.
 * Shared by the records (memo_plan_skipped) and the plan screens.
 */
export function planSkipText(reason: string, params: Record<string, unknown> | null, i18n: I18n): string {
  const base = i18n._((PLAN_SKIP_REASONS as readonly string[]).includes(reason) ? SKIP_TEXT[reason as PlanSkipReason] : SKIP_TEXT.order_refused);
  const yen = (k: string) => {
    const v = params?.[k];
    return typeof v === 'number' && Number.isSafeInteger(v) ? formatMoney(v, HOME_CURRENCY) : null;
  };
  const say = (d: MessageDescriptor, values: Record<string, string>) => {
    const withValues: MessageDescriptor = { ...d, values };
    return i18n._(withValues);
  };
  // The refusal's own figures (balance_insufficient: required / available; nisa_limit_exceeded:
  // yearRemaining), else the run's amount as what was needed.
  const needed = yen('required') ?? yen('needed') ?? yen('amount');
  const available = reason === 'insufficient_cash' ? yen('available') : null;
  const remaining = reason === 'nisa_room' ? (yen('yearRemaining') ?? yen('remaining')) : null;
  const detail =
    needed && available ? say(msg({ message: '必要 {needed}・利用可能 {available}' }), { needed, available })
    : needed && remaining ? say(msg({ message: '必要 {needed}・今年の残り {remaining}' }), { needed, remaining })
    : remaining ? say(msg({ message: '残り {remaining}' }), { remaining })
    : needed && (reason === 'insufficient_cash' || reason === 'nisa_room') ? say(msg({ message: '必要 {needed}' }), { needed })
    : null;
  return detail ? say(msg({ message: '{base}（{detail}）' }), { base, detail }) : base;
}

/** 350 bp → "3.5%" (lending memos). */
function formatBpPercent(bp: number): string {
  return `${formatNumber(bp / 100)}%`;
}

function paramsFit(memo: { id: MemoId; params: Record<string, unknown> }): boolean {
  const need = REQUIRED[memo.id];
  if (!need) return false;
  return Object.entries(need).every(([key, check]) => {
    const v = memo.params[key];
    if (check === 'string') return typeof v === 'string';
    if (check === 'int') return Number.isSafeInteger(v);
    if (check === 'number') return typeof v === 'number' && Number.isFinite(v) && v > 0;
    return Number.isSafeInteger(v) && (v as number) >= 1 && 10 ** Math.round(Math.log10(v as number)) === v;
  });
}
