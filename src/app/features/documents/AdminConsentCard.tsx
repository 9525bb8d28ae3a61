import { Trans } from '@lingui/react/macro';
import { formatDateTime } from '../../../shared/money';
import type { AdminConsent } from './admin-api';

/**
 * The user's consent to electronic delivery (電子交付): the version agreed to and when, a
 * withdrawal, or none — then documents are still issued, and delivery is on paper at the user's
 * request (docs/domain.md "Documents and exports").
 */
export function AdminConsentCard({ consent }: { consent: AdminConsent }) {
  const { version, currentVersion, paperAddress } = consent;
  return (
    <section className="admin-card" aria-labelledby="admin-doc-consent-h" data-testid="admin-doc-consent" data-consent={version ? '1' : '0'}>
      <h3 id="admin-doc-consent-h" className="admin-card__title">
        <Trans>電子交付の同意</Trans>
      </h3>
      <p>
        {version ? (
          <span className="admin-tag admin-tag--ok">
            <Trans>同意あり：電子交付</Trans>
          </span>
        ) : (
          <span className="admin-tag admin-tag--warn">
            <Trans>同意なし：書面（紙）で交付</Trans>
          </span>
        )}
      </p>
      <dl className="admin-dl">
        <dt>
          <Trans>同意した版</Trans>
        </dt>
        <dd className="mono">
          {version ?? '—'}
          {version && version !== currentVersion ? (
            <span className="admin-tag admin-tag--warn">
              <Trans>現行の版は {currentVersion}</Trans>
            </span>
          ) : null}
        </dd>
        <dt>
          <Trans>同意日時</Trans>
        </dt>
        <dd className="mono">{consent.givenAt !== null ? formatDateTime(consent.givenAt) : '—'}</dd>
        <dt>
          <Trans>撤回日時</Trans>
        </dt>
        <dd className="mono">{consent.withdrawnAt !== null ? formatDateTime(consent.withdrawnAt) : '—'}</dd>
      </dl>
      {version ? null : (
        <p className="admin-note">
          {paperAddress ? (
            <Trans>書面は引き続き発行されます。紙での交付の請求先：{paperAddress}</Trans>
          ) : (
            <Trans>書面は引き続き発行されます。紙での交付の請求先（運営者の住所）が設定されていません。</Trans>
          )}
        </p>
      )}
    </section>
  );
}
