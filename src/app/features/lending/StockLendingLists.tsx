import { Trans, useLingui } from '@lingui/react/macro';
import { formatIsoDate, formatMoney, HOME_CURRENCY } from '../../../shared/money';
import { EmptyView } from '../../components/EmptyView';
import { DialogBox } from '../../components/ConfirmDialog';
import { STOCK_STATUS_TEXT } from './texts';
import type { StockLendingState } from './useStockLending';

const yen = (n: number) => formatMoney(n, HOME_CURRENCY);

/** The shares lent now (or being recalled), each with its fee so far and a recall button. */
export function LentList({ sl }: { sl: StockLendingState }) {
  const { i18n } = useLingui();
  const { live, nameOf } = sl;
  if (live.length === 0) return <EmptyView compact text={<Trans>貸出中の株式はありません</Trans>} />;
  return (
    <ul className="lending-list" data-testid="stock-loans">
      {live.map((x) => {
        const fee = yen(x.feePaid);
        const since = formatIsoDate(x.accruedThrough);
        const until = formatIsoDate(x.completesOn ?? '');
        const shares = String(x.shares);
        const value = yen(x.value);
        return (
          <li key={x.id} className={`lending-item lending-item--${x.status}`}>
            <div className="lending-item__head">
              <span>{nameOf(x)}</span>
              <span className="lending-status" data-testid="stock-loan-status">
                {i18n._(STOCK_STATUS_TEXT[x.status])}
              </span>
            </div>
            <div className="lending-note mono">
              <Trans>
                {shares}株・評価額 {value}・受取済みの貸株金利 {fee}（{since}まで）
              </Trans>
            </div>
            {x.status === 'recalling' ? (
              <div className="lending-note">
                <Trans>{until}に返却が完了します</Trans>
              </div>
            ) : (
              <button
                type="button"
                className="btn btn--secondary btn--small"
                onClick={() => sl.ask({ kind: 'recall', id: x.id, label: nameOf(x) })}
                data-testid="stock-recall"
              >
                <Trans>返却を申し込む</Trans>
              </button>
            )}
          </li>
        );
      })}
    </ul>
  );
}

/** The cash shares that can be lent, each with the fee it would earn a day. */
export function LendableList({ sl }: { sl: StockLendingState }) {
  const { lendable, nameOf } = sl;
  if (lendable.length === 0) return <EmptyView compact text={<Trans>貸し出せる現物株はありません（信用建玉は対象外です）</Trans>} />;
  return (
    <ul className="lending-list" data-testid="stock-lendable">
      {lendable.map((p) => {
        const shares = String(p.shares);
        const perDay = yen(p.feePerDay);
        return (
          <li key={p.positionId} className="lending-item">
            <div className="lending-item__head">
              <span>{nameOf(p)}</span>
              <span className="mono">{yen(p.value)}</span>
            </div>
            <div className="lending-note mono">
              <Trans>
                {shares}株・貸株金利の目安 1日 {perDay}
              </Trans>
            </div>
            <button
              type="button"
              className="btn btn--primary btn--small"
              onClick={() => sl.ask({ kind: 'lend', id: p.positionId, label: nameOf(p) })}
              data-testid="stock-lend"
            >
              <Trans>貸し出す</Trans>
            </button>
          </li>
        );
      })}
    </ul>
  );
}

/** Lend these shares, or recall them? With what follows for selling. */
export function StockLendingConfirm({ sl }: { sl: StockLendingState }) {
  const { confirm } = sl;
  if (!confirm) return null;
  return (
    <DialogBox
      title={confirm.kind === 'lend' ? <Trans>この株式を貸し出しますか？</Trans> : <Trans>返却を申し込みますか？</Trans>}
      confirmLabel={confirm.kind === 'lend' ? <Trans>貸し出す</Trans> : <Trans>返却を申し込む</Trans>}
      cancelLabel={<Trans>戻る</Trans>}
      busy={sl.busy}
      onCancel={sl.cancel}
      onConfirm={sl.run}
    >
      <p>{confirm.label}</p>
      <p className="lending-note">
        {confirm.kind === 'lend' ? (
          <Trans>貸出中は売却できません。売却するには返却を申し込んでください（翌営業日に完了）。</Trans>
        ) : (
          <Trans>返却は翌営業日に完了します。それまでは貸株金利を受け取り、売却はできません。</Trans>
        )}
      </p>
    </DialogBox>
  );
}
