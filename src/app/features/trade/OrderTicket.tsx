import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { Segmented } from '../../components/Segmented';
import { ClosePicker } from './ClosePicker';
import { CloseSide } from './CloseSide';
import { MarginAccountSheet } from '../margin-account';
import { OpenSide } from './OpenSide';
import { OrderConfirm } from './OrderConfirm';
import { OrderTypeFields } from './OrderTypeFields';
import { SellHolding, SellSide } from './SellSide';
import { TicketStock } from './TicketStock';
import { useOrderTicket, type OrderTicketProps, type TicketState } from './useOrderTicket';
import { useTicketTexts } from './useTicketTexts';
import './trade.css';
import './ticket.css';

/**
 * The order ticket with Japanese broker sides (docs/domain.md "Trading"): 現物買, 現物売 (sells the
 * cash holding, whole purchases oldest first: docs/decisions/011-selling-a-holding.md), 信用新規買,
 * 信用新規売（空売り） and 返済 (closes a 建玉). Quantities in 単元 (1単元＝100株) and 株; the order type
 * fields (成行 / 指値 / 逆指値 …) are OrderTypeFields; margin sides show their rate, cost a day and
 * levels (GET trade/preview `risk`) and, until the 信用取引口座 is open, lead to its application
 * (MarginAccountSheet, docs/domain.md "Margin account"). `direction="down"` (the stock detail's
 * 売り) opens on 現物売 when the stock is held, on 返済 when only a margin position is, and only
 * otherwise on 信用新規売. `dayTrade="fixed"` is the いちにち信用 screen's ticket (margin sides,
 * closed at the day's close).
 *
 * This is the container: the state is useOrderTicket's, each side's fields are OpenSide, SellSide
 * and CloseSide, then the 信用取引口座 sheet (features/margin-account) and the confirm sheet (OrderConfirm).
 */
export function OrderTicket(props: OrderTicketProps) {
  const { t } = useLingui();
  const ticket = useOrderTicket(props);
  const { sides, activeSide, setSide, setConfirming, opening, ready, openConfirm, sellTone } = ticket;
  const { sideText, submitLabel } = useTicketTexts(ticket.mode, ticket.priceScale);
  return (
    <section className="ticket card" aria-label={t`注文`}>
      <TicketStock ticket={ticket} />

      <Segmented
        label={t`取引区分`}
        className={`ticket-sides ticket-sides--${sides.length}`}
        value={activeSide}
        onChange={(s) => {
          setSide(s);
          setConfirming(false);
        }}
        options={sides.map((s) => ({ value: s, label: sideText[s], tone: s === 'cashSell' || s === 'marginShort' ? 'fall' : s === 'close' ? undefined : 'rise' }))}
      />

      {activeSide === 'cashSell' ? <SellHolding ticket={ticket} /> : null}
      {activeSide === 'close' ? <ClosePicker positions={ticket.marginOfCode} value={ticket.closeId} onChange={ticket.setCloseId} /> : null}

      {/* Order-type fields: 成行 / 指値 / 逆指値 (and OCO on a sale or 返済), 執行条件, 有効期限, IFD / IFDOCO (OrderTypeFields.tsx). */}
      <TicketOrderType ticket={ticket} />

      {opening ? <OpenSide ticket={ticket} /> : activeSide === 'cashSell' ? <SellSide ticket={ticket} /> : activeSide === 'close' ? <CloseSide ticket={ticket} /> : null}

      {ticket.ticketRefusal ? (
        <p className="field__error" role="alert" data-testid="ticket-refusal">
          {ticket.ticketRefusal}
        </p>
      ) : null}
      <button type="button" className={`btn btn--block ${sellTone ? 'btn--fall' : 'btn--rise'}`} disabled={!ready} onClick={openConfirm}>
        {submitLabel(activeSide)}
      </button>
      <p className="ticket__foot small">
        <Trans>
          注文は8:00から受け付け、取引時間外の注文はお受けできません。手数料と税金は
          <Link to="/information/fundRecord" className="link">
            取引履歴
          </Link>
          で確認できます。
        </Trans>
      </p>

      {ticket.agreeing ? <MarginAccountSheet onClose={() => ticket.setAgreeing(false)} onApproved={ticket.onAgreed} /> : null}

      {ticket.confirming && ticket.q ? <OrderConfirm ticket={ticket} /> : null}
    </section>
  );
}

/**
 * The order type of the side on display, in one place for every side, so that its fields (the
 * validity date chosen last, say) stay as they were when the user switches sides.
 */
function TicketOrderType({ ticket }: { ticket: TicketState }) {
  const { opening, activeSide, ticketQuote, now, steps, closing, closeCtx, refusalOf } = ticket;
  if (opening) {
    const { openType, setOpenType, direction, dayTrade } = ticket;
    return <OrderTypeFields mode="open" quote={ticketQuote} value={openType} onChange={setOpenType} direction={direction} dayTrade={dayTrade} now={now} refusalOf={refusalOf} />;
  }
  if ((activeSide === 'cashSell' && steps.length > 0) || (activeSide === 'close' && closing)) {
    return (
      <OrderTypeFields
        mode="close"
        quote={ticketQuote}
        value={ticket.closeType}
        onChange={ticket.setCloseType}
        direction={activeSide === 'close' ? closeCtx.direction : 'up'}
        dayTrade={closeCtx.dayTrade && activeSide === 'close'}
        now={now}
        refusalOf={refusalOf}
      />
    );
  }
  return null;
}
