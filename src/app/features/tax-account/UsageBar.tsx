import type { ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import { formatMoney } from '../../../shared/money';
import './tax-account.css';

/** Share of `limit` as a CSS width; a sliver stays visible for any use at all. */
function width(part: number, limit: number): string {
  if (limit <= 0 || part <= 0) return '0%';
  return `${Math.max(1, Math.min(100, (part / limit) * 100))}%`;
}

/**
 * One NISA room as a bar with its figures: used (solid), held back by waiting orders (striped),
 * remaining (empty), out of the limit. The figures carry the meaning; the bar only shows it.
 */
export function UsageBar({ title, limit, used, reserved, remaining, testId }: {
  title: ReactNode;
  limit: number;
  used: number;
  reserved: number;
  remaining: number;
  testId?: string;
}) {
  const yen = (n: number) => formatMoney(n, 'JPY');
  const over = used + reserved > limit;
  const cap = yen(limit);
  return (
    <div className="nisa-room" data-testid={testId}>
      <p className="nisa-room__head">
        <span className="nisa-room__title">{title}</span>
        <span className="nisa-room__limit mono">
          <Trans>上限 {cap}</Trans>
        </span>
      </p>
      <div className="nisa-bar" aria-hidden="true">
        <span className="nisa-bar__used" style={{ width: width(used, limit) }} />
        <span className="nisa-bar__reserved" style={{ width: over ? '0%' : width(reserved, limit) }} />
      </div>
      <dl className="nisa-room__figures small">
        <div>
          <dt>
            <Trans>利用済み</Trans>
          </dt>
          <dd className="mono">{yen(used)}</dd>
        </div>
        <div>
          <dt>
            <Trans>注文中（予約）</Trans>
          </dt>
          <dd className="mono">{yen(reserved)}</dd>
        </div>
        <div>
          <dt>
            <Trans>残り</Trans>
          </dt>
          <dd className="mono nisa-room__remaining">{yen(remaining)}</dd>
        </div>
      </dl>
    </div>
  );
}
