import { useState, type FormEvent } from 'react';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { useLingui as useLinguiCore } from '@lingui/react';
import { blockAdminApi } from '../../../shared/api/block';
import { LOT_SIZE } from '../../../shared/market/price';
import { formatDateTime, formatInt, formatPriceYen, parseDecimal, scaleDecimals } from '../../../shared/money';
import { EmptyView } from '../../components/EmptyView';
import { Spinner } from '../../components/Spinner';
import { toast } from '../../components/Toast';
import { bandQuery, offersQuery, useAdminCommand, type BlockBand, type BlockOffer } from './api';
import { ReasonDialog } from './ReasonDialog';

const HOUR = 3_600_000;

/** A `datetime-local` value for an instant, in the browser's time zone. */
function localInput(ms: number): string {
  const d = new Date(ms - new Date(ms).getTimezoneOffset() * 60_000);
  return d.toISOString().slice(0, 16);
}

/** ブロック取引: create an offer inside the price band shown, close one early; both with a reason. */
export function AdminBlockScreen() {
  const { t } = useLingui();
  const { i18n } = useLinguiCore();
  const offers = useInfiniteQuery(offersQuery());
  const rows = offers.data?.pages.flatMap((p) => p.items) ?? [];
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
                      <span className="admin-table__name">{i18n.locale === 'ja' ? o.name : o.nameEn}</span>
                    </td>
                    <td className="num mono">{formatPriceYen(o.price, o.priceScale)}</td>
                    <td className="num mono">
                      {formatInt(o.sharesAvailable)} / {formatInt(o.sharesTotal)}
                    </td>
                    <td className="mono small">
                      {formatDateTime(o.from)} – {formatDateTime(o.to)}
                    </td>
                    <td>
                      {o.open || o.to > Date.now() ? (
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

interface Values {
  price: number;
  minShares: number;
  sharesAvailable: number;
  lockDays: number;
  from: number;
  to: number;
}

interface Draft {
  price: string;
  minShares: string;
  sharesAvailable: string;
  lockDays: string;
  from: string;
  to: string;
}

function CreateOffer() {
  const { t } = useLingui();
  const { i18n } = useLinguiCore();
  const [codeText, setCodeText] = useState('');
  const [code, setCode] = useState<string | null>(null);
  const band = useQuery({ ...bandQuery(code ?? ''), enabled: Boolean(code) });
  const now = Date.now();
  const [draft, setDraft] = useState<Draft>({ price: '', minShares: '100', sharesAvailable: '1000', lockDays: '0', from: localInput(now), to: localInput(now + 48 * HOUR) });
  const [confirming, setConfirming] = useState<Values | null>(null);
  const create = useAdminCommand(blockAdminApi.create);
  const set = (k: keyof Draft) => (e: { target: { value: string } }) => setDraft((d) => ({ ...d, [k]: e.target.value }));

  const read = (b: BlockBand): Values | null => {
    let price: number;
    try {
      price = parseDecimal(draft.price, scaleDecimals(b.priceScale));
    } catch {
      return null;
    }
    const ints = [draft.minShares, draft.sharesAvailable, draft.lockDays].map((v) => (/^\d+$/.test(v.trim()) ? Number(v) : NaN));
    const [minShares, sharesAvailable, lockDays] = ints as [number, number, number];
    const from = new Date(draft.from).getTime();
    const to = new Date(draft.to).getTime();
    if (ints.some(Number.isNaN) || Number.isNaN(from) || Number.isNaN(to)) return null;
    return { price, minShares, sharesAvailable, lockDays, from, to };
  };
  const values = band.data ? read(band.data) : null;
  const outOfBand = Boolean(values && band.data && (values.price < band.data.lower || values.price > band.data.upper));
  const badLots = Boolean(values && (values.minShares % LOT_SIZE !== 0 || values.sharesAvailable % LOT_SIZE !== 0));

  const lookUp = (e: FormEvent) => {
    e.preventDefault();
    const c = codeText.trim().toUpperCase();
    if (c) setCode(c);
  };

  return (
    <section className="admin-card" aria-labelledby="create-h">
      <h3 id="create-h" className="admin-card__title">
        <Trans>新規作成</Trans>
      </h3>
      <form className="admin-search" onSubmit={lookUp}>
        <input className="field__input mono" value={codeText} maxLength={16} placeholder={t`銘柄コード（例 7203）`} aria-label={t`銘柄コード`} onChange={(e) => setCodeText(e.target.value)} />
        <button type="submit" className="btn btn--secondary">
          <Trans>価格帯を確認</Trans>
        </button>
      </form>
      {code && band.isFetching ? <Spinner size={20} /> : null}
      {code && band.isError ? (
        <p className="field__error">
          <Trans>銘柄 {code} の価格帯を取得できません</Trans>
        </p>
      ) : null}
      {band.data ? (
        <form
          className="admin-form"
          onSubmit={(e) => {
            e.preventDefault();
            if (values && !outOfBand && !badLots) setConfirming(values);
          }}
        >
          <p className="admin-band" data-testid="block-band">
            <span className="mono">{band.data.code}</span> {i18n.locale === 'ja' ? band.data.name : band.data.nameEn} ·{' '}
            <Trans>
              設定できる価格 {formatPriceYen(band.data.lower, band.data.priceScale)} 〜 {formatPriceYen(band.data.upper, band.data.priceScale)}（基準価格{' '}
              {formatPriceYen(band.data.base, band.data.priceScale)} の ±10% かつ値幅制限内）
            </Trans>
          </p>
          <label className={outOfBand ? 'field field--error' : 'field'}>
            <span className="field__label">
              <Trans>価格（円）</Trans>
            </span>
            <input className="field__input mono" inputMode="decimal" value={draft.price} onChange={set('price')} />
            {outOfBand ? (
              <span className="field__error">
                <Trans>価格帯の外です</Trans>
              </span>
            ) : null}
          </label>
          <label className="field">
            <span className="field__label">
              <Trans>最低株数</Trans>
            </span>
            <input className="field__input mono" inputMode="numeric" value={draft.minShares} onChange={set('minShares')} />
          </label>
          <label className={badLots ? 'field field--error' : 'field'}>
            <span className="field__label">
              <Trans>総株数</Trans>
            </span>
            <input className="field__input mono" inputMode="numeric" value={draft.sharesAvailable} onChange={set('sharesAvailable')} />
            {badLots ? (
              <span className="field__error">
                <Trans>株数は{LOT_SIZE}株単位です</Trans>
              </span>
            ) : null}
          </label>
          <label className="field">
            <span className="field__label">
              <Trans>ロック日数（営業日）</Trans>
            </span>
            <input className="field__input mono" inputMode="numeric" value={draft.lockDays} onChange={set('lockDays')} />
          </label>
          <label className="field">
            <span className="field__label">
              <Trans>募集開始日時</Trans>
            </span>
            <input className="field__input" type="datetime-local" value={draft.from} onChange={set('from')} />
          </label>
          <label className="field">
            <span className="field__label">
              <Trans>募集終了日時</Trans>
            </span>
            <input className="field__input" type="datetime-local" value={draft.to} onChange={set('to')} />
          </label>
          <div className="admin-form__actions">
            <button type="submit" className="btn btn--primary" disabled={!values || outOfBand || badLots}>
              <Trans>作成…</Trans>
            </button>
          </div>
        </form>
      ) : null}
      {confirming && band.data ? (
        <ReasonDialog
          title={<Trans>ブロック取引を作成</Trans>}
          confirmLabel={<Trans>作成する</Trans>}
          busy={create.isPending}
          onCancel={() => setConfirming(null)}
          onConfirm={(reason) =>
            create.mutate(
              {
                body: {
                  code: band.data.code,
                  price: confirming.price,
                  minShares: confirming.minShares,
                  sharesAvailable: confirming.sharesAvailable,
                  lockDays: confirming.lockDays,
                  from: confirming.from,
                  to: confirming.to,
                  reason,
                },
              },
              {
                onSuccess: () => {
                  toast(t`ブロック取引を作成しました`);
                  setConfirming(null);
                },
              },
            )
          }
        >
          <p>
            <span className="mono">{band.data.code}</span> {i18n.locale === 'ja' ? band.data.name : band.data.nameEn} · {formatPriceYen(confirming.price, band.data.priceScale)} ·{' '}
            <Trans>{formatInt(confirming.sharesAvailable)}株</Trans>
          </p>
        </ReasonDialog>
      ) : null}
    </section>
  );
}
