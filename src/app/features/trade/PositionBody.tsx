import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatIsoDate, formatMoney } from '../../../shared/money';
import { displayName } from '../../../shared/market/local-names';
import { Icon } from '../../components/Icon';
import * as icons from '../../components/icons';
import { Signed } from '../../components/Signed';
import { STATUS_TEXT } from './labels';
import { alertText, alertTone } from './alert-texts';
import type { PositionView } from './api';
import { AutoCloseCountdown, useMarketOffset } from './AutoCloseCountdown';
import { PositionFields, formatPercentBp } from './PositionFields';
import { AmendDialog, CancelDialog, amendable } from './OrderDialogs';
import { CloseDialog } from './CloseDialog';
import { AccountBadge } from '../tax-account';

const HELD = ['holding', 'closing', 'in_progress'];

/** A position as PositionDetail shows it: the head, the notices, every field, and close / cancel / amend. */
export function PositionBody({ p }: { p: PositionView }) {
  const held = HELD.includes(p.status);
  const open = held || p.status === 'pending';
  return (
    <>
      <PositionHead p={p} held={held} open={open} />

      <Notices p={p} />

      <PositionFields p={p} held={held} open={open} />

      <PositionActions p={p} />
    </>
  );
}

/** The name, code and status, the P/L (or the funds held), and a day trade's auto-close countdown. */
function PositionHead({ p, held, open }: { p: PositionView; held: boolean; open: boolean }) {
  const { i18n } = useLingui();
  const name = displayName({ code: p.code, nameJa: p.name, nameEn: p.nameEn }, i18n.locale);
  const offset = useMarketOffset(open ? p.code : null);
  return (
    <section className="card pos-head">
      <div className="pos__head">
        <span className="pos__name pos__name--lg">{name}</span>
        <span className="pos__code mono">{p.code}</span>
        <AccountBadge account={p.account} />
        <span className={`status status--${p.status}`}>{i18n._(STATUS_TEXT[p.status])}</span>
      </div>
      {p.status === 'pending' ? (
        <div className="pos-head__pnl">
          <span className="muted small">
            <Trans>拘束中の資金</Trans>
          </span>
          <span className="pos-head__pnl-value mono strong">{formatMoney(p.reserved, p.currency)}</span>
        </div>
      ) : p.buyTime !== null ? (
        <div className="pos-head__pnl">
          <span className="muted small">
            {held ? <Trans>評価損益（支払済みの手数料・金利を差し引き後）</Trans> : <Trans>損益（手数料・税金等を差し引いた純損益）</Trans>}
          </span>
          {/* Net in both cases: while held, the fee and interest paid so far are already off (trade view netPnl). */}
          <Signed value={p.netPnl} className="pos-head__pnl-value" />
        </div>
      ) : null}
      {p.dayTrade && p.autoCloseAt !== null && held ? <AutoCloseCountdown at={p.autoCloseAt} offset={offset} /> : null}
    </section>
  );
}

/** The buttons the server allows (actions.cancel / actions.close) and the dialog one opens. */
function PositionActions({ p }: { p: PositionView }) {
  const [dialog, setDialog] = useState<'close' | 'cancel' | 'amend' | null>(null);
  return (
    <>
      {p.actions.close || p.actions.cancel ? (
        <div className="actions-row">
          {p.actions.cancel ? (
            <button type="button" className="btn btn--danger btn--block" onClick={() => setDialog('cancel')}>
              {p.status === 'closing' ? <Trans>決済注文を取り消す</Trans> : <Trans>注文を取り消す</Trans>}
            </button>
          ) : null}
          {p.actions.cancel && amendable(p) ? (
            <button type="button" className="btn btn--secondary btn--block" onClick={() => setDialog('amend')}>
              {p.status === 'closing' ? <Trans>決済注文を訂正する</Trans> : <Trans>注文を訂正する</Trans>}
            </button>
          ) : null}
          {p.actions.close ? (
            <button type="button" className="btn btn--primary btn--block" onClick={() => setDialog('close')}>
              <Trans>決済する</Trans>
            </button>
          ) : null}
        </div>
      ) : null}

      {dialog === 'cancel' ? <CancelDialog p={p} onDone={() => setDialog(null)} /> : null}
      {dialog === 'close' ? <CloseDialog p={p} onDone={() => setDialog(null)} /> : null}
      {dialog === 'amend' ? <AmendDialog p={p} onDone={() => setDialog(null)} /> : null}
    </>
  );
}

function Notices({ p }: { p: PositionView }) {
  const { i18n } = useLingui();
  const held = HELD.includes(p.status);
  // The server decides (actions.close); the date says why a held position cannot be closed yet.
  const waitUntil = held && p.status !== 'closing' && !p.actions.close ? (p.lockedUntil ?? p.sellableFrom) : null;
  return (
    <>
      {p.alerts.map((a, i) => {
        const tone = alertTone(a.kind);
        return (
          <p
            key={`${a.kind}-${i}`}
            className={`notice${tone === 'info' ? '' : ` notice--${tone}`}`}
            role={tone === 'info' ? undefined : 'alert'}
            data-alert={a.kind}
          >
            <Icon d={tone === 'info' ? icons.info : icons.alert} size={18} />
            <span>
              {alertText(a, i18n, p.currency)}
              {a.kind === 'margin_call' && p.maintenanceRatioBp !== null ? (
                <>
                  {' '}
                  <Trans>現在の維持率：{formatPercentBp(p.maintenanceRatioBp)}</Trans>
                </>
              ) : null}
            </span>
          </p>
        );
      })}
      {waitUntil ? (
        <p className="notice">
          <Icon d={icons.lock} size={18} />
          <span>
            {p.businessType === 'block' ? (
              <Trans>ブロック取引のロック期間中です。{formatIsoDate(waitUntil)}から売却できます。</Trans>
            ) : (
              <Trans>約定日から所定の営業日（T+N）が経過するまで決済できません。{formatIsoDate(waitUntil)}から決済できます。</Trans>
            )}
          </span>
        </p>
      ) : null}
      {p.status === 'closing' ? (
        <p className="notice">
          <Icon d={icons.clock} size={18} />
          <span>
            <Trans>決済注文を受け付けました。約定するまでお待ちください。</Trans>
          </span>
        </p>
      ) : null}
    </>
  );
}
