import { Trans } from '@lingui/react/macro';
import { formatMoney, formatPriceYen } from '../../../shared/money';
import type { previewCost } from './ticket';

/** An opening order's estimate: price, contract value, margin or principal, fee, total, buying power left. */
export function CostPreview({
  preview,
  price,
  priceScale,
  buyingPower,
  reserve,
  leverage,
}: {
  preview: ReturnType<typeof previewCost> | null;
  price: number | null;
  priceScale: number;
  buyingPower: number | null;
  /** The server's reservation, given when the order would wait for a fill (it then reserves more). */
  reserve: number | null;
  leverage: number;
}) {
  // A waiting order takes its reservation from the buying power, one that fills at once its total.
  const remaining = preview && buyingPower !== null ? buyingPower - (reserve ?? preview.total) : null;
  return (
    <div className="preview" aria-live="polite">
      <dl className="kv">
        <dt>
          <Trans>概算単価</Trans>
        </dt>
        <dd className="mono">{price !== null ? formatPriceYen(price, priceScale) : '—'}</dd>
        <dt>
          <Trans>概算約定代金</Trans>
        </dt>
        <dd className="mono">{preview ? formatMoney(preview.contractValue) : '—'}</dd>
        <dt>{leverage > 1 ? <Trans>必要保証金</Trans> : <Trans>元本</Trans>}</dt>
        <dd className="mono">{preview ? formatMoney(preview.principal) : '—'}</dd>
        <dt>
          <Trans>手数料</Trans>
        </dt>
        <dd className="mono">{preview ? formatMoney(preview.fee) : '—'}</dd>
        <dt className="strong">
          {/* A waiting order holds its reservation (below), which may be more than this total. */}
          {reserve !== null ? <Trans>概算合計</Trans> : <Trans>合計（拘束する資金）</Trans>}
        </dt>
        <dd className="mono strong">{preview ? formatMoney(preview.total) : '—'}</dd>
        <dt>
          <Trans>買付余力</Trans>
        </dt>
        <dd className="mono">{buyingPower !== null ? formatMoney(buyingPower) : '—'}</dd>
        {remaining !== null ? (
          <>
            <dt>
              <Trans>注文後の余力</Trans>
            </dt>
            <dd className={`mono${remaining < 0 ? ' tone-warn' : ''}`}>{formatMoney(remaining)}</dd>
          </>
        ) : null}
        {reserve !== null ? (
          <>
            <dt>
              <Trans>約定待ちの間の拘束額</Trans>
            </dt>
            <dd className="mono">{formatMoney(reserve)}</dd>
          </>
        ) : null}
      </dl>
      {reserve !== null ? (
        <p className="small muted">
          <Trans>約定を待つ注文は、約定するまで最大でこの金額を拘束します（買いの指値注文は指値、それ以外は当日の値幅上限で計算）。</Trans>
        </p>
      ) : null}
    </div>
  );
}
