import { Trans, useLingui } from '@lingui/react/macro';
import { type Currency, CURRENCY_CODES, formatMoney, formatPercent, formatPriceYen } from '../../../shared/money';
import { AsOf } from '../../components/AsOf';
import { CURRENCY_NAME } from './labels';
import type { ExchangeState } from './useExchange';

/** The cash held in each currency. */
export function ExchangeBalances({ balances, cashOf }: Pick<ExchangeState, 'balances' | 'cashOf'>) {
  const { i18n } = useLingui();
  const name = (c: Currency) => `${i18n._(CURRENCY_NAME[c])} (${c})`;
  return (
    <section className="fx-balances" data-testid="fx-balances">
      <h2 className="fx-h2">
        <Trans>通貨別残高</Trans>
      </h2>
      <ul>
        {CURRENCY_CODES.map((c) => (
          <li key={c} className={cashOf(c) === 0 ? 'muted' : undefined}>
            <span>{name(c)}</span>
            <span className="mono">{formatMoney(cashOf(c), c)}</span>
          </li>
        ))}
      </ul>
      <AsOf query={balances} />
    </section>
  );
}

/** The rate board: each currency's bid and ask against the yen. */
export function ExchangeBoard({ board }: { board: NonNullable<ExchangeState['board']['data']> }) {
  return (
    <section className="fx-board" data-testid="fx-board">
      <h2 className="fx-h2">
        <Trans>為替レート（対円・模擬）</Trans>
      </h2>
      <p className="small muted">
        <Trans>スプレッド {formatPercent(board.spreadBp, { sign: false })}（仲値の上下に半分ずつ）</Trans>
      </p>
      <table className="fx-table">
        <thead>
          <tr>
            <th />
            <th>
              <Trans>売値（当社買）</Trans>
            </th>
            <th>
              <Trans>買値（当社売）</Trans>
            </th>
          </tr>
        </thead>
        <tbody>
          {board.rows
            .filter((r) => r.currency !== 'JPY')
            .map((r) => (
              <tr key={r.currency}>
                <th scope="row">
                  {r.unit > 1 ? `${r.unit} ` : ''}
                  {r.currency}
                </th>
                <td className="mono">{formatPriceYen(r.bid, r.priceScale)}</td>
                <td className="mono">{formatPriceYen(r.ask, r.priceScale)}</td>
              </tr>
            ))}
        </tbody>
      </table>
      <p className="small muted">
        <Trans>USDT は米ドルと1対1で連動するものとして、米ドル/円のレートで両替・評価します（模擬市場に USDT/円 の相場がないため）。</Trans>
      </p>
    </section>
  );
}
