/** Helpers of the trading recipes: the settle deps of a context, and a new row with its defaults. */
import type { SettleDeps } from './settle';
import type { PositionRow } from './repo';
import type { TradeCtx } from './deps';

export function settleDeps(ctx: TradeCtx): SettleDeps {
  return { ledger: ctx.ledger, caps: ctx.database.caps, onSplit: ctx.onSplit };
}

type Required_ = Pick<
  PositionRow,
  'id' | 'user_id' | 'code' | 'business_type' | 'direction' | 'price_type' | 'status' | 'currency' | 'price_scale' | 'quantity' | 'leverage_x10' | 'placed_at' | 'updated_at'
>;

/** A full row from the fields a new order sets; the rest start empty, as the table defaults do. */
export function newPositionRow(fields: Required_ & Partial<PositionRow>): PositionRow {
  return {
    lots: null, limit_price: null, day_trade: 0, fill_at: null, expires_at: null, reserved: 0,
    buy_time: null, buy_price: null, contract_value: null, principal: 0, open_fee: 0, close_fee: 0,
    interest: 0, interest_from: null, tax: 0, pnl: null, sell_time: null, sell_price: null,
    close_type: null, close_limit_price: null, close_fill_at: null, close_expires_at: null, close_reason: null,
    auto_close_at: null, sellable_from: null, locked_until: null, block_offer_id: null, margin_call_at: null,
    maintenance_bp: null, forced_close_bp: null, interest_bp: null, actions_through: null, reserved_unsettled: 0,
    trigger_price: null, triggered_at: null, close_trigger_price: null, close_triggered_at: null, validity: null, close_stop_price: null, then_close: null, exec_condition: null,
    book_cost: null, account_type: 'specific',
    ...fields,
  };
}
