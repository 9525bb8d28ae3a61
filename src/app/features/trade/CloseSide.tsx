import { Trans } from '@lingui/react/macro';
import { contractValue } from '../../../shared/domain/trade-money';
import { formatMoney } from '../../../shared/money';
import { ClosedNotice } from './ClosedNotice';
import type { TicketState } from './useOrderTicket';

/** 返済 below the order type: the estimated amount of closing the margin position (建玉) picked above it. */
export function CloseSide({ ticket }: { ticket: TicketState }) {
  const { closing, closePrice, closedNow, sp } = ticket;
  return (
    <>
      <ClosedNotice closedNow={closedNow} acceptsOrders={sp?.acceptsOrders} />

      {closing ? (
        <div className="preview" aria-live="polite">
          <dl className="kv">
            <dt>
              <Trans>概算返済代金</Trans>
            </dt>
            <dd className="mono">{closePrice !== null ? formatMoney(contractValue(closePrice, closing.shares, closing.priceScale)) : '—'}</dd>
          </dl>
        </div>
      ) : null}
    </>
  );
}
