import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { adminApi } from '../../../shared/api/admin';
import { TRUST_FEE_BOUNDS, trustsAdminApi, type TrustAdminFund } from '../../../shared/api/trusts';
import { formatDateTime, formatIsoDate, formatMoney, formatInt } from '../../../shared/money';
import { apiCall } from '../../api/client';
import { endpointArea } from '../../api/query';
import { useServerErrors } from '../../api/server-errors';
import { Checkbox } from '../../components/forms/Field';
import { toast } from '../../components/Toast';
import { ReasonDialog } from './ReasonDialog';
import { Eligibility, fundName, FundStatus, percentToPpm, ppmInput, ppmText, StrikeStatus, TRUST_ADMIN_AREAS } from './AdminTrustParts';
import { AdminTrustNavs } from './AdminTrustNavs';

type FeeField = 'trustFeePpm' | 'purchaseFeePpm' | 'retentionPpm';
const FEE_FIELDS: readonly FeeField[] = ['trustFeePpm', 'purchaseFeePpm', 'retentionPpm'];
const FIELDS = [...FEE_FIELDS, 'designatedIndex', 'reason', 'status'] as const;
type Field = (typeof FIELDS)[number];

/** A 信託報酬 rise the server flags in the audit row (more than 20 % of the old rate). */
function bigRise(before: number, after: number): boolean {
  return after > before && (after - before) * 5 > before;
}

function useRefresh() {
  const client = useQueryClient();
  return () => {
    for (const queryKey of [...TRUST_ADMIN_AREAS, endpointArea(adminApi.audit)]) void client.invalidateQueries({ queryKey });
  };
}

/** One fund: its figures, the change of fees and designation, suspension, and its last 30 strikes. */
export function AdminTrustDetail({ f }: { f: TrustAdminFund }) {
  const { i18n } = useLingui();
  const name = fundName(f, i18n.locale);
  return (
    <section className="admin-screen" aria-labelledby={`trust-${f.id}-h`} data-testid="admin-trust-detail">
      <section className="admin-card">
        <h3 id={`trust-${f.id}-h`} className="admin-card__title">
          <span className="mono">{f.code}</span> {name}
        </h3>
        <p>
          <FundStatus f={f} /> <StrikeStatus f={f} />
        </p>
        <dl className="admin-dl">
          <dt>
            <Trans>基準価額</Trans>
          </dt>
          <dd className="mono">
            {formatMoney(f.nav)} {f.navDate ? `(${formatIsoDate(f.navDate)})` : null}
          </dd>
          <dt>
            <Trans>純資産総額</Trans>
          </dt>
          <dd className="mono">{formatMoney(f.assets)}</dd>
          <dt>
            <Trans>総口数</Trans>
          </dt>
          <dd className="mono">{formatInt(f.units)}</dd>
          <dt>
            <Trans>最終算出</Trans>
          </dt>
          <dd className="mono">{f.lastStruckAt ? formatDateTime(f.lastStruckAt) : '—'}</dd>
          <dt>
            <Trans>約定待ち</Trans>
          </dt>
          <dd className="mono">
            <Trans>
              {f.pendingOrders}件・拘束 {formatMoney(f.pendingReserved)}
            </Trans>
          </dd>
          <dt>
            <Trans>積立プラン</Trans>
          </dt>
          <dd className="mono">{formatInt(f.planCount)}</dd>
          <dt>
            <Trans>NISA</Trans>
          </dt>
          <dd>
            <Eligibility f={f} />
          </dd>
          {f.status === 'suspended' && f.statusReason ? (
            <>
              <dt>
                <Trans>停止の理由</Trans>
              </dt>
              <dd>{f.statusReason}</dd>
            </>
          ) : null}
        </dl>
      </section>
      <div className="admin-grid">
        <TermsCard f={f} name={name} />
        <StatusCard f={f} name={name} />
      </div>
      <AdminTrustNavs id={f.id} />
    </section>
  );
}

/** The fees (typed in %, sent in ppm) and the designated-index flag; a reason in the dialog. */
function TermsCard({ f, name }: { f: TrustAdminFund; name: string }) {
  const { t } = useLingui();
  const [text, setText] = useState<Record<FeeField, string>>({
    trustFeePpm: ppmInput(f.trustFeePpm),
    purchaseFeePpm: ppmInput(f.purchaseFeePpm),
    retentionPpm: ppmInput(f.retentionPpm),
  });
  const [designated, setDesignated] = useState(f.designatedIndex);
  const [confirming, setConfirming] = useState(false);
  const errors = useServerErrors<Field>(FIELDS);
  const refresh = useRefresh();
  const parsed = Object.fromEntries(FEE_FIELDS.map((k) => [k, percentToPpm(text[k])])) as Record<FeeField, number | null>;
  const problem = (k: FeeField) => parsed[k] === null || parsed[k]! > TRUST_FEE_BOUNDS[k];
  const changes = FEE_FIELDS.filter((k) => !problem(k) && parsed[k] !== f[k]);
  const valid = FEE_FIELDS.every((k) => !problem(k));
  const designatedChanged = designated !== f.designatedIndex;
  const anything = valid && (changes.length > 0 || designatedChanged);
  const label: Record<FeeField, string> = {
    trustFeePpm: t`信託報酬（年率・税込）`,
    purchaseFeePpm: t`購入時手数料（税込）`,
    retentionPpm: t`信託財産留保額`,
  };

  const save = useMutation({
    mutationFn: (reason: string) => {
      const body: {
        trustFeePpm?: number;
        purchaseFeePpm?: number;
        retentionPpm?: number;
        designatedIndex?: boolean;
        reason: string;
      } = { reason };
      for (const k of changes) body[k] = parsed[k]!;
      if (designatedChanged) body.designatedIndex = designated;
      return apiCall(trustsAdminApi.update, {
        params: { id: f.id },
        body,
        silent: true,
      });
    },
    onSuccess: () => {
      refresh();
      setConfirming(false);
      toast(t`変更しました（次回の基準価額算出から適用）`);
    },
    onError: (e) => {
      setConfirming(false);
      errors.report(e, {
        ...text,
        designatedIndex: String(designated),
        reason: '',
        status: '',
      });
    },
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    errors.clear();
    if (anything) setConfirming(true);
  };
  return (
    <section className="admin-card" aria-labelledby={`terms-${f.id}-h`}>
      <h3 id={`terms-${f.id}-h`} className="admin-card__title">
        <Trans>手数料・指定インデックス</Trans>
      </h3>
      <form className="admin-trust-form" onSubmit={submit} data-testid="trust-terms-form">
        {FEE_FIELDS.map((k) => {
          const bad = problem(k);
          const server = errors.errorOf(k, text[k]);
          const max = ppmText(TRUST_FEE_BOUNDS[k]);
          return (
            <label key={k} className={bad || server ? 'field field--error' : 'field'}>
              <span className="field__label">{label[k]}</span>
              <span className="admin-trust-pct">
                <input
                  className="field__input mono"
                  inputMode="decimal"
                  name={k}
                  value={text[k]}
                  maxLength={9}
                  aria-invalid={bad || server ? true : undefined}
                  onChange={(e) => setText((m) => ({ ...m, [k]: e.target.value }))}
                />
                <span aria-hidden="true">%</span>
              </span>
              <span className={bad ? 'field__error' : 'field__hint'}>
                {server ?? (
                  <Trans>
                    0%〜{max}（現在 {ppmText(f[k])}）
                  </Trans>
                )}
              </span>
            </label>
          );
        })}
        <Checkbox checked={designated} onChange={setDesignated}>
          <Trans>指定インデックス投資信託（つみたて投資枠の対象指数に連動）</Trans>
        </Checkbox>
        {errors.formError ? (
          <p className="field__error" role="alert">
            {errors.formError}
          </p>
        ) : null}
        <p className="admin-note">
          <Trans>
            新しい料率は次回の基準価額算出から適用されます。変更は変更前後の値とともに監査ログに記録され、保有者がいるファンドの変更と信託報酬の2割を超える引き上げには注記が付きます。
          </Trans>
        </p>
        <div className="admin-actions">
          <button type="submit" className="btn btn--primary btn--small" disabled={!anything || save.isPending}>
            <Trans>変更する</Trans>
          </button>
        </div>
      </form>
      {confirming ? (
        <ReasonDialog
          title={<Trans>{name}の変更</Trans>}
          confirmLabel={<Trans>変更する</Trans>}
          busy={save.isPending}
          onCancel={() => setConfirming(false)}
          onConfirm={(reason) => save.mutate(reason)}
        >
          <ul className="admin-list">
            {changes.map((k) => (
              <li key={k}>
                {label[k]}:{' '}
                <span className="mono">
                  {ppmText(f[k])} → {ppmText(parsed[k]!)}
                </span>
              </li>
            ))}
            {designatedChanged ? (
              <li>
                <Trans>指定インデックス</Trans>: {designated ? <Trans>指定する</Trans> : <Trans>指定しない</Trans>}
              </li>
            ) : null}
          </ul>
          {changes.includes('trustFeePpm') && bigRise(f.trustFeePpm, parsed.trustFeePpm!) ? (
            <p className="admin-band admin-trust-warn" role="note">
              <Trans>信託報酬の2割を超える引き上げです。受益者に不利な変更として監査ログに記録されます。</Trans>
            </p>
          ) : null}
          <p className="admin-note">
            <Trans>次回の基準価額算出から適用されます。約定待ちの注文も、その算出時点の料率で約定します。</Trans>
          </p>
        </ReasonDialog>
      ) : null}
    </section>
  );
}

/** 受付停止 / 受付再開 with a reason. */
function StatusCard({ f, name }: { f: TrustAdminFund; name: string }) {
  const { t } = useLingui();
  const [confirming, setConfirming] = useState(false);
  const errors = useServerErrors<Field>(FIELDS);
  const refresh = useRefresh();
  const suspend = f.status === 'open';
  const set = useMutation({
    mutationFn: (reason: string) =>
      apiCall(trustsAdminApi.status, {
        params: { id: f.id },
        body: { status: suspend ? 'suspended' : 'open', reason },
        silent: true,
      }),
    onSuccess: () => {
      refresh();
      setConfirming(false);
      toast(suspend ? t`受付を停止しました` : t`受付を再開しました`);
    },
    onError: (e) => {
      setConfirming(false);
      errors.report(e, {});
    },
  });
  return (
    <section className="admin-card" aria-labelledby={`status-${f.id}-h`}>
      <h3 id={`status-${f.id}-h`} className="admin-card__title">
        <Trans>受付状況</Trans>
      </h3>
      <p>
        <FundStatus f={f} />
      </p>
      <p className="admin-note">
        {suspend ? (
          <Trans>停止すると新規の注文と積立の実行を受け付けません。約定待ちの注文は約定し、解約代金の支払いも続きます。</Trans>
        ) : (
          <Trans>再開すると新規の注文と積立の実行を受け付けます。</Trans>
        )}
      </p>
      {errors.formError ? (
        <p className="field__error" role="alert">
          {errors.formError}
        </p>
      ) : null}
      <div className="admin-actions">
        <button
          type="button"
          className={suspend ? 'btn btn--danger btn--small' : 'btn btn--secondary btn--small'}
          onClick={() => {
            errors.clear();
            setConfirming(true);
          }}
        >
          {suspend ? <Trans>受付停止</Trans> : <Trans>受付再開</Trans>}
        </button>
      </div>
      {confirming ? (
        <ReasonDialog
          title={suspend ? <Trans>{name}の受付停止</Trans> : <Trans>{name}の受付再開</Trans>}
          confirmLabel={suspend ? <Trans>停止する</Trans> : <Trans>再開する</Trans>}
          danger={suspend}
          busy={set.isPending}
          onCancel={() => setConfirming(false)}
          onConfirm={(reason) => set.mutate(reason)}
          reasonHint={suspend ? <Trans>停止の理由は利用者向けのファンド情報にも含まれます。</Trans> : undefined}
        >
          <p>
            {suspend ? (
              <Trans>
                新規の注文と積立の実行を止めます。約定待ちの注文（
                {f.pendingOrders}件）はそのまま約定します。
              </Trans>
            ) : (
              <Trans>新規の注文と積立の実行を再開します。</Trans>
            )}
          </p>
        </ReasonDialog>
      ) : null}
    </section>
  );
}
