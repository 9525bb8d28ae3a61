import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { useLingui as useLinguiCore } from '@lingui/react';
import { taxAccountAdminApi } from '../../../shared/api/tax-account';
import { NISA_FRAMES } from '../../../shared/domain/account-type';
import { endpointQuery } from '../../api/query';
import { Spinner } from '../../components/Spinner';
import { EmptyView } from '../../components/EmptyView';
import { NISA_FRAME_TEXT, NISA_STATE_TEXT, NisaUsageBar, taxableText } from '../tax-account';

/** The user's 口座区分 and NISA: the application's state and the room (`GET admin/users/{id}/nisa`). */
export function UserNisaCard({ userId }: { userId: string }) {
  const { t } = useLingui();
  const { i18n } = useLinguiCore();
  const q = useQuery(endpointQuery(taxAccountAdminApi.user, { params: { id: userId } }, { staleTime: 5_000, meta: { persist: false } }));
  const v = q.data;
  const state = v?.application?.status ?? 'none';
  const year = v ? String(v.usage.year) : '';
  return (
    <section className="admin-card" aria-labelledby="u-nisa" data-testid="admin-user-nisa">
      <h3 id="u-nisa" className="admin-card__title">
        <Trans>口座区分・NISA</Trans>
      </h3>
      {!v ? (q.isError ? <EmptyView compact text={<Trans>読み込めませんでした</Trans>} /> : <Spinner label={t`読み込み中…`} />) : (
        <>
          <dl className="admin-dl">
            <dt>
              <Trans>課税口座</Trans>
            </dt>
            <dd>{i18n._(taxableText(v))}</dd>
            <dt>
              <Trans>NISA口座</Trans>
            </dt>
            <dd>
              {i18n._(NISA_STATE_TEXT[v.nisa ? 'approved' : state])}
              {v.application?.reason ? <p className="admin-note">{v.application.reason}</p> : null}
            </dd>
          </dl>
          {v.nisa ? (
            <>
              <p className="admin-note">
                <Trans>{year}年の利用状況</Trans>
              </p>
              {NISA_FRAMES.map((f) => (
                <NisaUsageBar key={f} title={i18n._(NISA_FRAME_TEXT[f])} {...v.usage.frames[f]} />
              ))}
              <NisaUsageBar title={<Trans>生涯非課税限度額</Trans>} {...v.usage.lifetime} />
              <NisaUsageBar title={<Trans>うち成長投資枠</Trans>} {...v.usage.growthLifetime} />
            </>
          ) : null}
        </>
      )}
    </section>
  );
}
