import { Trans, useLingui } from '@lingui/react/macro';
import { formatLeverage, formatNumber } from '../../../shared/money';
import { Stepper } from '../../components/Stepper';
import { Segmented } from '../../components/Segmented';
import { parseLots } from '../../components/forms/validation';
import { AccountChoice } from './AccountChoice';
import { ClosedNotice } from './ClosedNotice';
import { CostPreview } from './CostPreview';
import { FundsNotice } from './FundsNotice';
import { MarginRisk } from './MarginRisk';
import { LOT_SIZE, clampLots, marginLeverageChoices, stepLots } from './ticket';
import type { TicketState } from './useOrderTicket';

/**
 * The opening sides below the order type (現物買, 信用新規買, 信用新規売): 単元, the leverage and
 * いちにち信用 of a margin side, the 預り区分 (AccountChoice), the cost preview, a margin side's costs and risks, and what the
 * buying power allows.
 */
export function OpenSide({ ticket }: { ticket: TicketState }) {
  const { t } = useLingui();
  const { lots, setLots, maxLots, margin, mode, leverage, setMarginLev, maxLeverage, direction, dayTradeOn, setDayTradeOn } = ticket;
  const { sp, closedNow, preview, openPrice, priceScale, buyingPower, waits, dayTrade, money } = ticket;
  return (
    <>
      <Stepper
        label={t`数量`}
        value={lots}
        display={(v) => String(v)}
        parse={(text) => {
          const v = parseLots(text);
          return v === null ? null : clampLots(v);
        }}
        onChange={(v) => setLots(clampLots(v))}
        onStep={(d) => setLots(stepLots(lots, d))}
        canDown={lots > 1}
        suffix={t`単元`}
        hint={
          <>
            <Trans>
              1単元＝{LOT_SIZE}株 ・ {formatNumber(lots * LOT_SIZE)}株
            </Trans>
            {maxLots !== null && maxLots > 0 ? (
              <>
                {' · '}
                <button type="button" className="linkish ticket__max" onClick={() => setLots(clampLots(maxLots))}>
                  <Trans>最大 {formatNumber(maxLots)}単元</Trans>
                </button>
              </>
            ) : null}
          </>
        }
      />
      {ticket.refusalOf('lots') ? (
        <p className="field__error" role="alert">
          {ticket.refusalOf('lots')}
        </p>
      ) : null}

      {margin ? (
        <div className="ticket__field">
          <span className="stepper__label">
            <Trans>レバレッジ（信用）</Trans>
          </span>
          <Segmented
            label={t`レバレッジ`}
            className="segmented--chips"
            value={leverage}
            onChange={setMarginLev}
            options={marginLeverageChoices(maxLeverage, direction).map((c) => ({ value: c, label: formatLeverage(c) }))}
          />
          <p className="stepper__hint">
            <Trans>信用取引：約定代金をレバレッジ（{formatLeverage(leverage)}）で割った額を保証金として拘束します。現物買は1×です。</Trans>
          </p>
        </div>
      ) : null}

      {margin && mode === 'toggle' ? (
        <label className="switch">
          <input type="checkbox" checked={dayTradeOn} onChange={(e) => setDayTradeOn(e.currentTarget.checked)} />
          <span className="switch__text">
            <span className="switch__label">
              <Trans>いちにち信用</Trans>
            </span>
            <span className="switch__hint">
              <Trans>当日の大引け（15:25〜15:30）で自動的に返済されます。金利・貸株料はかかりません。</Trans>
            </span>
          </span>
        </label>
      ) : null}

      <AccountChoice
        options={ticket.accountChoices}
        value={ticket.account}
        onChange={ticket.setAccount}
        nisa={sp?.nisa}
        need={preview ? (waits && sp ? sp.reserve : preview.total) : null}
        refusal={ticket.refusalOf('account')}
      />

      <ClosedNotice closedNow={closedNow} acceptsOrders={sp?.acceptsOrders} />

      <CostPreview preview={preview} price={openPrice} priceScale={priceScale} buyingPower={buyingPower} reserve={waits && sp ? sp.reserve : null} leverage={leverage} />

      {margin ? <MarginRisk risk={sp?.risk ?? null} short={direction === 'down'} dayTrade={dayTrade} /> : null}

      {money !== 'ok' ? <FundsNotice kind={money} /> : null}
    </>
  );
}
