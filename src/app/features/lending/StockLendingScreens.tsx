import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { Page } from '../../components/Page';
import { EmptyView } from '../../components/EmptyView';
import { FirstLoad } from '../../components/Spinner';
import * as icons from '../../components/icons';
import { stockRecordsQuery } from './api';
import { bpPercent } from './texts';
import { EventList } from './LoanScreens';
import { LendableList, LentList, StockLendingConfirm } from './StockLendingLists';
import { useStockLending } from './useStockLending';
import './lending.css';

/*
 * 貸株 (docs/domain.md "Loans and stock lending"): the user lends held cash shares (never margin
 * positions) and the house pays a daily fee at the stated yearly rate (雑所得, not netted with
 * trading gains). Lent shares cannot be sold until recalled; a recall completes the next business
 * day. A dividend on lent shares is paid as 配当金相当額.
 */

/** /home/upStock — 貸株. The state is useStockLending's. */
export function StockLendingScreen() {
  const { t } = useLingui();
  const sl = useStockLending();
  const title = t`貸株`;
  if (!sl.loaded) {
    return (
      <Page title={title} fallback="/home/index">
        {sl.isError ? <EmptyView icon={icons.info} text={<Trans>情報を読み込めませんでした</Trans>} /> : <FirstLoad text={t`読み込み中…`} />}
      </Page>
    );
  }
  const rate = bpPercent(sl.rateBp);
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
      {sl.error ? (
        <p className="field__error" role="alert">
          {sl.error}
        </p>
      ) : null}
      <h2 className="section-title">
        <Trans>貸出中の株式</Trans>
      </h2>
      <LentList sl={sl} />
      <h2 className="section-title">
        <Trans>貸し出せる株式（現物）</Trans>
      </h2>
      <LendableList sl={sl} />
      <StockLendingConfirm sl={sl} />
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
