import type { ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { TrustFundView, TrustOrderBody, TrustPreview } from '../../../shared/api/trusts';
import { formatDateTimeMinute, formatIsoDate, formatMoney, formatNumber } from '../../../shared/money';
import { ActionDialog } from '../../components/ConfirmDialog';
import { Icon } from '../../components/Icon';
import * as icons from '../../components/icons';
import { ACCOUNT_NAME } from '../tax-account';
import { trustName } from './labels';
import type { TrustCommand } from './useTrustOrder';

/*
 * The foot of the fund ticket, the same on both sides: the server's refusal and the last failure,
 * 注文内容を確認, and the confirm dialog (the fund, 預り区分, the side's rows and note).
 */

/** `dialog` is shown while confirming (null: nothing to confirm yet). */
export function TrustOrderActions({ command, refused, disabled, dialog }: { command: TrustCommand; refused: string | null; disabled: boolean; dialog: ReactNode }) {
  return (
    <>
      <OrderNotice text={refused} testId="trust-refusal" />
      <OrderNotice text={command.error} />
      <button type="button" className="btn btn--primary btn--block" disabled={disabled} onClick={command.open} data-testid="trust-confirm">
        <Trans>注文内容を確認</Trans>
      </button>
      {command.confirming ? dialog : null}
    </>
  );
}

function OrderNotice({ text, testId }: { text: string | null; testId?: string }) {
  if (!text) return null;
  return (
    <p className="notice notice--danger small" role="alert" data-testid={testId}>
      <Icon d={icons.alert} size={18} />
      <span>{text}</span>
    </p>
  );
}

type ConfirmProps = { f: TrustFundView; body: TrustOrderBody; p: TrustPreview; command: TrustCommand };

export function BuyConfirm({ f, body, p, command }: ConfirmProps) {
  const { t } = useLingui();
  const note = <Trans>約定する基準価額は注文時点ではわかりません（ブラインド方式）。口数と金額は約定日の基準価額で確定し、拘束額との差額はお返しします。シミュレーションの取引です。</Trans>;
  return (
    <OrderDialog f={f} body={body} command={command} title={t`買付注文の確認`} confirmLabel={t`注文する`} note={note}>
      <dt>
        <Trans>注文</Trans>
      </dt>
      <dd className="mono">{body.mode === 'amount' ? formatMoney(body.amount ?? 0) : t`${formatNumber(body.units ?? 0)}口`}</dd>
      <dt>
        <Trans>約定日（基準価額の日）</Trans>
      </dt>
      <dd className="mono">{formatIsoDate(p.navDate)}</dd>
      <dt>
        <Trans>拘束額</Trans>
      </dt>
      <dd className="mono strong">{formatMoney(p.buy?.reserved ?? 0)}</dd>
      <dt>
        <Trans>取消期限</Trans>
      </dt>
      <dd className="mono">{formatDateTimeMinute(p.cancellableUntil)}</dd>
    </OrderDialog>
  );
}

export function SellConfirm({ f, body, p, sell, command }: ConfirmProps & { sell: NonNullable<TrustPreview['sell']> }) {
  const { t } = useLingui();
  const note = <Trans>解約代金は約定日の基準価額で確定し、受渡日にお支払いします。シミュレーションの取引です。</Trans>;
  return (
    <OrderDialog f={f} body={body} command={command} title={t`解約注文の確認`} confirmLabel={t`解約する`} note={note}>
      <dt>
        <Trans>解約口数</Trans>
      </dt>
      <dd className="mono">{body.mode === 'all' ? t`全部（${formatNumber(sell.units)}口）` : t`${formatNumber(body.units ?? 0)}口`}</dd>
      <dt>
        <Trans>約定日</Trans>
      </dt>
      <dd className="mono">{formatIsoDate(p.navDate)}</dd>
      <dt>
        <Trans>受渡日</Trans>
      </dt>
      <dd className="mono">{formatIsoDate(sell.settleDate)}</dd>
      <dt>
        <Trans>概算受取額（税引前）</Trans>
      </dt>
      <dd className="mono strong">{formatMoney(sell.proceeds)}</dd>
    </OrderDialog>
  );
}

type DialogProps = Omit<ConfirmProps, 'p'> & { title: string; confirmLabel: string; note: ReactNode; children: ReactNode };

/** Cancel / the side's label; the fund and 預り区分 first, then the side's rows (`children`) and `note`. */
function OrderDialog({ f, body, command, title, confirmLabel, note, children }: DialogProps) {
  const { t, i18n } = useLingui();
  return (
    <ActionDialog title={title} confirmLabel={confirmLabel} cancelLabel={t`キャンセル`} busy={command.busy} onConfirm={() => command.submit(body)} onCancel={command.close}>
      <p>
        <b>{trustName(f.names, i18n.locale)}</b>
      </p>
      <dl className="kv">
        <dt>
          <Trans>預り区分</Trans>
        </dt>
        <dd>{i18n._(ACCOUNT_NAME[body.account])}</dd>
        {children}
      </dl>
      <p className="small muted">{note}</p>
    </ActionDialog>
  );
}
