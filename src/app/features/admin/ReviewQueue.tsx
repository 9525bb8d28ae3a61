import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { Segmented } from '../../components/Segmented';
import { toast } from '../../components/Toast';
import { QueueBody } from './QueueBody';
import { ReasonDialog } from './ReasonDialog';

/*
 * The review workflow's screen (docs/domain.md "Review workflow"), built once for the areas whose
 * queue lists rows on one side and opens the chosen one beside it (KYC, margin accounts): the
 * status filter, the list, the open row's card and its approve / reject-with-reason bar. The area
 * keeps its query, its texts and what its card shows.
 */

/** The routes whose `?id=` opens one row of a review queue. */
export type ReviewRoute = '/admin/kyc' | '/admin/marginAccounts' | '/admin/nisa';

type PagedQuery = { isPending: boolean; isError: boolean; hasNextPage: boolean; fetchNextPage: () => unknown };

/** Title, status filter, the queue's body (loading, failed, empty or the rows) and "more". */
export function ReviewQueueScreen<S extends string>(props: {
  headingId: string;
  title: ReactNode;
  statuses: readonly S[];
  statusLabel: (s: S) => ReactNode;
  status: S;
  onStatus: (s: S) => void;
  query: PagedQuery;
  count: number;
  empty: ReactNode;
  children: ReactNode;
}) {
  const { t } = useLingui();
  const { query } = props;
  return (
    <section className="admin-screen" aria-labelledby={props.headingId}>
      <h2 id={props.headingId} className="admin-screen__title">
        {props.title}
      </h2>
      <Segmented
        label={t`状態`}
        value={props.status}
        options={props.statuses.map((s) => ({ value: s, label: props.statusLabel(s) }))}
        onChange={(v) => props.onStatus(v)}
      />
      <QueueBody query={query} count={props.count} empty={props.empty}>
        {props.children}
      </QueueBody>
      {query.hasNextPage ? (
        <button type="button" className="btn btn--secondary" onClick={() => void query.fetchNextPage()}>
          <Trans>さらに表示</Trans>
        </button>
      ) : null}
    </section>
  );
}

/** The rows as links (`?id=` opens one), and beside them the open row's card or a hint. */
export function ReviewList<R extends { id: string }>(props: {
  to: ReviewRoute;
  rows: R[];
  openId: string | undefined;
  row: (r: R) => ReactNode;
  detail: ReactNode;
  hint: ReactNode;
}) {
  const { openId } = props;
  return (
    <div className="admin-kyc">
      <ul className="admin-kyc__list">
        {props.rows.map((r) => (
          <li key={r.id}>
            <Link
              to={props.to}
              search={{ id: r.id }}
              className={r.id === openId ? 'admin-kyc__item admin-kyc__item--open' : 'admin-kyc__item'}
              aria-current={r.id === openId ? 'true' : undefined}
            >
              {props.row(r)}
            </Link>
          </li>
        ))}
      </ul>
      {props.detail ?? <p className="admin-note admin-kyc__hint">{props.hint}</p>}
    </div>
  );
}

/** The open row's card; on a phone it opens below the list, so it scrolls itself into view. */
export function ReviewCard({ titleId, testId, title, children }: { titleId: string; testId: string; title: ReactNode; children: ReactNode }) {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    if (window.matchMedia?.('(max-width: 899px)').matches) ref.current?.scrollIntoView({ block: 'start' });
  }, []);
  return (
    <article ref={ref} className="admin-card admin-kyc__detail" aria-labelledby={titleId} data-testid={testId}>
      <h3 id={titleId} className="admin-card__title">
        {title}
      </h3>
      {children}
    </article>
  );
}

/** The 申請者 row of a review card's `<dl>`: the user's phone, linking to their page. */
export function ApplicantRow({ userId, phone }: { userId: string; phone: string }) {
  return (
    <>
      <dt>
        <Trans>申請者</Trans>
      </dt>
      <dd>
        <Link to="/admin/user" search={{ id: userId }} className="mono link">
          {phone}
        </Link>
      </dd>
    </>
  );
}

/** The 状態 row of a review card's `<dl>`: the status, and the reason it was decided with. */
export function StatusRow({ status, reason }: { status: ReactNode; reason: string | null | undefined }) {
  return (
    <>
      <dt>
        <Trans>状態</Trans>
      </dt>
      <dd>
        {status}
        {reason ? <p className="admin-note">{reason}</p> : null}
      </dd>
    </>
  );
}

type DecisionCommand = { isPending: boolean; mutate: (input: { params: { id: string }; body: { reason: string } }, opts: { onSuccess: () => void }) => void };

/**
 * 承認 / 否認 of a pending row: each asks for the reason (ReasonDialog); a rejection's reason is
 * shown to the user.
 */
export function ReviewDecision({ id, pending, approve, reject, approveTitle, rejectTitle }: {
  id: string;
  pending: boolean;
  approve: DecisionCommand;
  reject: DecisionCommand;
  approveTitle: ReactNode;
  rejectTitle: ReactNode;
}) {
  const { t } = useLingui();
  const [deciding, setDeciding] = useState<'approve' | 'reject' | null>(null);
  const cmd = deciding === 'reject' ? reject : approve;
  return (
    <>
      {pending ? (
        <div className="admin-actions">
          <button type="button" className="btn btn--primary" onClick={() => setDeciding('approve')}>
            <Trans>承認</Trans>
          </button>
          <button type="button" className="btn btn--danger" onClick={() => setDeciding('reject')}>
            <Trans context="action">否認</Trans>
          </button>
        </div>
      ) : null}
      {deciding ? (
        <ReasonDialog
          title={deciding === 'approve' ? approveTitle : rejectTitle}
          confirmLabel={deciding === 'approve' ? <Trans>承認する</Trans> : <Trans>否認する</Trans>}
          danger={deciding === 'reject'}
          busy={cmd.isPending}
          reasonHint={deciding === 'reject' ? <Trans>否認の理由は利用者に表示されます</Trans> : undefined}
          onCancel={() => setDeciding(null)}
          onConfirm={(reason) =>
            cmd.mutate(
              { params: { id }, body: { reason } },
              {
                onSuccess: () => {
                  toast(deciding === 'approve' ? t`承認しました` : t`否認しました`);
                  setDeciding(null);
                },
              },
            )
          }
        />
      ) : null}
    </>
  );
}
