import { useState } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { useLingui as useLinguiCore } from '@lingui/react';
import { blockAdminApi } from '../../../shared/api/block';
import { formatDateTime, formatInt, formatPriceYen } from '../../../shared/money';
import { displayName } from '../../../shared/market/local-names';
import { EmptyView } from '../../components/EmptyView';
import { Spinner } from '../../components/Spinner';
import { toast } from '../../components/Toast';
import { offersQuery, type BlockOffer } from './admin-api';
import { CreateOffer } from './AdminBlockCreateOffer';
import { ReasonDialog, useAdminCommand } from '../admin';

/** ブロック取引: create an offer inside the price band shown, close one early; both with a reason. */
export function AdminBlockScreen() {
  const { t } = useLingui();
  const { i18n } = useLinguiCore();
  const offers = useInfiniteQuery(offersQuery());
  const rows = offers.data?.pages.flatMap((p) => p.items) ?? [];
  // The market clock's now, as the list was read: an offer's window is the market's, not this device's.
  const marketNow = offers.data?.pages[0]?.now ?? 0;
  const [closing, setClosing] = useState<BlockOffer | null>(null);
  const close = useAdminCommand(blockAdminApi.close);
  return (
    <section className="admin-screen" aria-labelledby="admin-block-h">
      <h2 id="admin-block-h" className="admin-screen__title">
        <Trans>ブロック取引</Trans>
      </h2>
      <CreateOffer />
      <section className="admin-card" aria-labelledby="offers-h">
        <h3 id="offers-h" className="admin-card__title">
          <Trans>募集一覧</Trans>
        </h3>
        {offers.isPending ? (
          <Spinner label={t`読み込み中…`} />
        ) : rows.length === 0 ? (
          <EmptyView compact text={<Trans>ブロック取引はまだありません</Trans>} />
        ) : (
          <div className="admin-scroll">
            <table className="admin-table">
              <thead>
                <tr>
                  <th scope="col">
                    <Trans>銘柄</Trans>
                  </th>
                  <th scope="col" className="num">
                    <Trans>価格</Trans>
                  </th>
                  <th scope="col" className="num">
                    <Trans>残り / 総株数</Trans>
                  </th>
                  <th scope="col">
                    <Trans>期間</Trans>
                  </th>
                  <th scope="col" />
                </tr>
              </thead>
              <tbody>
                {rows.map((o) => (
                  <tr key={o.id}>
                    <td>
                      <span className="mono">{o.code}</span>
                      <span className="admin-table__name">{displayName({ code: o.code, nameJa: o.name, nameEn: o.nameEn }, i18n.locale)}</span>
                    </td>
                    <td className="num mono">{formatPriceYen(o.price, o.priceScale)}</td>
                    <td className="num mono">
                      {formatInt(o.sharesAvailable)} / {formatInt(o.sharesTotal)}
                    </td>
                    <td className="mono small">
                      {formatDateTime(o.from)} – {formatDateTime(o.to)}
                    </td>
                    <td>
                      {o.open || o.to > marketNow ? (
                        <button type="button" className="btn btn--danger btn--small" onClick={() => setClosing(o)}>
                          <Trans>終了</Trans>
                        </button>
                      ) : (
                        <span className="admin-tag">
                          <Trans>終了済み</Trans>
                        </span>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {offers.hasNextPage ? (
          <button type="button" className="btn btn--secondary" onClick={() => void offers.fetchNextPage()}>
            <Trans>さらに表示</Trans>
          </button>
        ) : null}
      </section>
      {closing ? (
        <ReasonDialog
          title={<Trans>{closing.code} のブロック取引を終了</Trans>}
          confirmLabel={<Trans>終了する</Trans>}
          danger
          busy={close.isPending}
          onCancel={() => setClosing(null)}
          onConfirm={(reason) =>
            close.mutate(
              { params: { id: closing.id }, body: { reason } },
              {
                onSuccess: () => {
                  toast(t`ブロック取引を終了しました`);
                  setClosing(null);
                },
              },
            )
          }
        >
          <p>
            <Trans>募集期間を今すぐ終えます。すでに約定した購入はそのままです。</Trans>
          </p>
        </ReasonDialog>
      ) : null}
    </section>
  );
}
