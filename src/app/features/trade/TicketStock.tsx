import { Trans, useLingui } from '@lingui/react/macro';
import { formatPriceYen } from '../../../shared/money';
import { Icon } from '../../components/Icon';
import * as icons from '../../components/icons';
import { Signed } from '../../components/Signed';
import { CodePicker } from './CodePicker';
import { SESSION_TEXT } from './labels';
import type { TicketState } from './useOrderTicket';

/** The ticket's head: the stock picked, its live quote and session, and why it cannot be ordered. */
export function TicketStock({ ticket }: { ticket: TicketState }) {
  const { i18n } = useLingui();
  const { picked, setPicked, name, code, quote, detail, q, instrument, tradable } = ticket;
  return (
    <>
      <CodePicker value={picked ? { code: picked.code, name } : null} onPick={(s) => setPicked(s)} />

      {code && quote.isError && !detail ? (
        <p className="notice notice--warn">
          <Icon d={icons.alert} size={18} />
          <span>
            <Trans>この銘柄の株価を取得できません。</Trans>
          </span>
        </p>
      ) : null}

      {q ? (
        <div className="ticket__quote">
          <span className="ticket__price mono">{formatPriceYen(q.price, q.priceScale)}</span>
          <Signed value={q.changeBp} bp />
          <span className="ticket__session">{i18n._(SESSION_TEXT[q.session] ?? SESSION_TEXT.closed!)}</span>
          <span className="ticket__quotes small mono">
            <Trans>
              売気配 {formatPriceYen(q.ask, q.priceScale)} ・ 買気配 {formatPriceYen(q.bid, q.priceScale)}
            </Trans>
          </span>
          {instrument?.simulated ? (
            <span className="ticket__sim small">
              <Trans>シミュレーション相場</Trans>
            </span>
          ) : null}
        </div>
      ) : null}

      {!tradable ? (
        <p className="notice notice--warn">
          <Icon d={icons.alert} size={18} />
          <span>
            <Trans>この銘柄は株式ではないため、ここでは注文できません。</Trans>
          </span>
        </p>
      ) : null}
    </>
  );
}
