import { Trans } from '@lingui/react/macro';
import { useLingui as useLinguiCore } from '@lingui/react';
import { NISA_FRAMES, type NisaUsage } from '../../../shared/domain/account-type';
import { formatMoney } from '../../../shared/money';
import { FRAME_TEXT } from './texts';
import { UsageBar } from './UsageBar';

/**
 * The open NISA account's room (docs/domain.md "Account types and NISA"): this year's use of each
 * 枠, the 生涯非課税限度額 (and the 成長投資枠's part of it), what comes back next year, and the two
 * things the user should know: no つみたて-eligible fund exists yet, and how dividends stay tax-free.
 */
export function NisaUsagePanel({ usage }: { usage: NisaUsage }) {
  const { i18n } = useLinguiCore();
  const year = String(usage.year);
  const next = String(usage.year + 1);
  const freed = formatMoney(usage.freesNextYear, 'JPY');
  return (
    <div className="nisa-usage">
      <section className="nisa-card" aria-labelledby="nisa-year-h">
        <h2 id="nisa-year-h" className="nisa-card__h">
          <Trans>{year}年の非課税投資枠</Trans>
        </h2>
        {NISA_FRAMES.map((f) => (
          <UsageBar key={f} testId={`nisa-frame-${f}`} title={i18n._(FRAME_TEXT[f])} {...usage.frames[f]} />
        ))}
        <p className="small muted">
          <Trans>注文中（予約）は、約定を待つ買い注文が押さえている金額です。約定すると実際の買付額に、取消・失効すると0になります。</Trans>
        </p>
        <p className="small nisa-note" data-testid="nisa-tsumitate-none">
          <Trans>つみたて投資枠の対象となる投資信託（長期・積立・分散投資に適した金融庁の基準を満たすもの）は、現在お取り扱いがありません。つみたて投資枠は、対象商品を取り扱うまでご利用いただけません。</Trans>
        </p>
      </section>

      <section className="nisa-card" aria-labelledby="nisa-life-h">
        <h2 id="nisa-life-h" className="nisa-card__h">
          <Trans>生涯非課税限度額</Trans>
        </h2>
        <UsageBar testId="nisa-lifetime" title={<Trans>合計（両方の枠）</Trans>} {...usage.lifetime} />
        <UsageBar testId="nisa-growth-lifetime" title={<Trans>うち成長投資枠</Trans>} {...usage.growthLifetime} />
        <p className="small muted">
          <Trans>生涯非課税限度額は買付額（簿価）で数えます。売却すると、その簿価の分が翌年1月1日に戻ります。</Trans>
        </p>
        <p className="small" data-testid="nisa-frees">
          {usage.freesNextYear > 0 ? (
            <Trans>今年売却した分として {freed} が、{next}年1月1日に生涯非課税限度額へ戻ります。</Trans>
          ) : (
            <Trans>今年の売却はまだありません。売却すると、その簿価の分が{next}年1月1日に戻ります。</Trans>
          )}
        </p>
      </section>

      <section className="nisa-card" aria-labelledby="nisa-div-h">
        <h2 id="nisa-div-h" className="nisa-card__h">
          <Trans>配当金の受取方法</Trans>
        </h2>
        <p className="small" data-testid="nisa-dividends">
          <Trans>NISA口座の配当金は「株式数比例配分方式」（証券口座で受け取る方式）で受け取るものとして、非課税で計算しています。NISAの配当金が非課税になるのはこの方式だけで、銀行口座やゆうちょ銀行で受け取ると20.315%の税金がかかります。</Trans>
        </p>
      </section>
    </div>
  );
}
