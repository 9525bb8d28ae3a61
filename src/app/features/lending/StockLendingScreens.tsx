import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { lendingApi } from '../../../shared/api/lending';
import { formatIsoDate, formatMoney, HOME_CURRENCY } from '../../../shared/money';
import { isApiError } from '../../api/client';
import { useMoneyCommand } from '../../api/money-command';
import { translateMessage } from '../../i18n/translate';
import { getLanguage } from '../../storage';
import { Page } from '../../components/Page';
import { EmptyView } from '../../components/EmptyView';
import { FirstLoad } from '../../components/Spinner';
import { DialogBox } from '../../components/ConfirmDialog';
import { toast } from '../../components/Toast';
import * as icons from '../../components/icons';
import { LENDING_INVALIDATES, stockQuery, stockRecordsQuery } from './api';
import { bpPercent, STOCK_STATUS_TEXT } from './texts';
import { EventList } from './LoanScreens';
import './lending.css';

/*
 * 貸株 (docs/domain.md "Loans and stock lending"): the user lends held cash shares (never margin
 * positions) and the house pays a daily fee at the stated yearly rate (雑所得, not netted with
 * trading gains). Lent shares cannot be sold until recalled; a recall completes the next business
 * day. A dividend on lent shares is paid as 配当金相当額.
 */

const yen = (n: number) => formatMoney(n, HOME_CURRENCY);

type Confirm = { kind: 'lend'; id: string; label: string } | { kind: 'recall'; id: string; label: string };

/** /home/upStock — 貸株. */
export function StockLendingScreen() {
  const { t, i18n } = useLingui();
  const data = useQuery(stockQuery());
  const [confirm, setConfirm] = useState<Confirm | null>(null);
  const [error, setError] = useState<string | null>(null);
  const lend = useMoneyCommand(lendingApi.lend, { invalidate: LENDING_INVALIDATES });
  const recall = useMoneyCommand(lendingApi.recall, { invalidate: LENDING_INVALIDATES });
  const title = t`貸株`;
  if (!data.data) {
    return (
      <Page title={title} fallback="/home/index">
        {data.isError ? <EmptyView icon={icons.info} text={<Trans>情報を読み込めませんでした</Trans>} /> : <FirstLoad text={t`読み込み中…`} />}
      </Page>
    );
  }
  const { rateBp, lendable, items } = data.data;
  const rate = bpPercent(rateBp);
  const live = items.filter((x) => x.status !== 'completed');
  const nameOf = (x: { code: string; nameJa: string | null; nameEn: string | null }) => `${(i18n.locale === 'ja' ? x.nameJa : x.nameEn) ?? x.nameJa ?? ''} (${x.code})`;
  const fail = (e: unknown) => {
    setConfirm(null);
    setError(isApiError(e) ? translateMessage(e.msg, e.params, getLanguage()) : t`処理に失敗しました`);
  };
  const run = () => {
    if (!confirm) return;
    if (confirm.kind === 'lend') {
      lend.mutate({ body: { positionId: confirm.id } }, { onSuccess: () => (setConfirm(null), toast(t`貸株を開始しました`)), onError: fail });
    } else {
      recall.mutate(
        { params: { id: confirm.id } },
        {
          onSuccess: (r) => {
            const date = formatIsoDate(r.item.completesOn ?? '');
            setConfirm(null);
            toast(t`返却を申し込みました（${date} 完了予定）`);
          },
          onError: fail,
        },
      );
    }
  };
  return (
    <Page title={title} fallback="/home/index" className="lending">
      <section className="card lending-card">
        <p className="lending-note">
          <Trans>
            保有する現物株を当社に貸し出すと、貸株金利（年率 {rate}）を毎日の終値で計算して受け取れます。貸株金利は雑所得です（株式の売買損益とは通算されません）。
          </Trans>
        </p>
        <p className="lending-note">
          <Trans>貸出中の株式は売却できません。返却を申し込むと翌営業日に返却が完了し、売却できるようになります。貸出中に配当の権利が確定した場合は配当金相当額をお支払いします。</Trans>
        </p>
        <Link to="/home/upStockRecord" className="linkish">
          <Trans>貸株の履歴</Trans>
        </Link>
      </section>
      {error ? (
        <p className="field__error" role="alert">
          {error}
        </p>
      ) : null}
      <h2 className="section-title">
        <Trans>貸出中の株式</Trans>
      </h2>
      {live.length === 0 ? (
        <EmptyView compact text={<Trans>貸出中の株式はありません</Trans>} />
      ) : (
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
                    onClick={() => (setError(null), recall.begin(), setConfirm({ kind: 'recall', id: x.id, label: nameOf(x) }))}
                    data-testid="stock-recall"
                  >
                    <Trans>返却を申し込む</Trans>
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      )}
      <h2 className="section-title">
        <Trans>貸し出せる株式（現物）</Trans>
      </h2>
      {lendable.length === 0 ? (
        <EmptyView compact text={<Trans>貸し出せる現物株はありません（信用建玉は対象外です）</Trans>} />
      ) : (
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
                  onClick={() => (setError(null), lend.begin(), setConfirm({ kind: 'lend', id: p.positionId, label: nameOf(p) }))}
                  data-testid="stock-lend"
                >
                  <Trans>貸し出す</Trans>
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {confirm ? (
        <DialogBox
          title={confirm.kind === 'lend' ? <Trans>この株式を貸し出しますか？</Trans> : <Trans>返却を申し込みますか？</Trans>}
          confirmLabel={confirm.kind === 'lend' ? <Trans>貸し出す</Trans> : <Trans>返却を申し込む</Trans>}
          cancelLabel={<Trans>戻る</Trans>}
          busy={lend.isPending || recall.isPending}
          onCancel={() => (lend.end(), recall.end(), setConfirm(null))}
          onConfirm={run}
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
      ) : null}
    </Page>
  );
}

/** /home/upStockRecord — 貸株の履歴. */
export function StockRecordsScreen() {
  const { t } = useLingui();
  const data = useQuery(stockRecordsQuery());
  const title = t`貸株の履歴`;
  if (!data.data) {
    return (
      <Page title={title} fallback="/home/upStock">
        {data.isError ? <EmptyView icon={icons.info} text={<Trans>情報を読み込めませんでした</Trans>} /> : <FirstLoad text={t`読み込み中…`} />}
      </Page>
    );
  }
  return (
    <Page title={title} fallback="/home/upStock" className="lending">
      {data.data.items.length === 0 ? <EmptyView text={<Trans>貸株の履歴はまだありません</Trans>} /> : <EventList items={data.data.items} testId="stock-records" />}
    </Page>
  );
}
