import { Link } from '@tanstack/react-router';
import { Trans } from '@lingui/react/macro';
import { formatIsoDate, formatNumber } from '../../../../shared/money';
import type { HoldingsData } from './holdings-query';

type StockHolding = HoldingsData['stocks'][number];

/** Whether nothing of the row can be sold because all of it is lent out (貸株): 売る is disabled then. */
export function allLent(s: Pick<StockHolding, 'shares' | 'lentShares'>): boolean {
  return s.lentShares > 0 && s.lentShares >= s.shares;
}

/**
 * 貸株中 on a 保有証券 row, and why lent shares cannot be sold (docs/domain.md "Loans and stock
 * lending": a lent position is refused with `position_lent` until its recall completes), so the
 * user learns it before pressing 売る rather than from the refusal.
 */
export function LentNote({ s, id }: { s: StockHolding; id: string }) {
  if (s.lentShares <= 0) return null;
  const shares = formatNumber(s.lentShares);
  const date = s.lentReturnsOn ? formatIsoDate(s.lentReturnsOn) : null;
  return (
    <p className="holding__lent small" id={id} data-testid="holding-lent">
      <span className="tag tag--info">
        <Trans>貸株中 {shares}株</Trans>
      </span>{' '}
      {date ? (
        <Trans>返却手続中です。{date}に返却が完了した後に売却できます。</Trans>
      ) : (
        <Trans>
          貸株中の株は売却できません。
          <Link to="/home/upStock" className="link">
            貸株を返却（リコール）
          </Link>
          してから売却してください。
        </Trans>
      )}
    </p>
  );
}
