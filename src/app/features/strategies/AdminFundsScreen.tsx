import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { adminApi } from '../../../shared/api/admin';
import { STRATEGY_RULES, strategiesAdminApi, type StrategyRule, type StrategySummary } from '../../../shared/api/strategies';
import { formatMoney, formatPercent } from '../../../shared/money';
import { apiCall } from '../../api/client';
import { endpointArea, endpointQuery } from '../../api/query';
import { EmptyView } from '../../components/EmptyView';
import { Spinner } from '../../components/Spinner';
import { toast } from '../../components/Toast';
import { DialogBox } from '../../components/ConfirmDialog';
import { FUND_STATUS, RULE_NAME } from './labels';
import './strategies.css';

/*
 * /admin/strategies — strategy funds in the back office (docs/domain.md "Strategy funds"): create a
 * fund on one of the documented rules, pause or resume it, terminate it (it sells everything and
 * pays every holder at the final NAV), change its fee for new subscriptions. Every action asks for
 * a reason and is audited by the server.
 */

type Action = { kind: 'pause' | 'resume' | 'terminate' } | { kind: 'fee'; feeBp: number };

const listKey = endpointArea(strategiesAdminApi.list);

function useInvalidate() {
  const client = useQueryClient();
  return () => {
    for (const queryKey of [listKey, endpointArea(adminApi.audit)]) void client.invalidateQueries({ queryKey });
  };
}

export function AdminFundsScreen() {
  const { t, i18n } = useLingui();
  const funds = useQuery(endpointQuery(strategiesAdminApi.list, {}, { staleTime: 5_000 }));
  const [target, setTarget] = useState<{ f: StrategySummary; action: Action } | null>(null);
  const [fees, setFees] = useState<Record<string, string>>({});
  const [reason, setReason] = useState('');
  const invalidate = useInvalidate();
  const act = useMutation({
    mutationFn: ({ f, action, reason }: { f: StrategySummary; action: Action; reason: string }) => {
      const params = { id: f.id };
      if (action.kind === 'terminate') return apiCall(strategiesAdminApi.terminate, { params, body: { reason } });
      if (action.kind === 'fee') return apiCall(strategiesAdminApi.fee, { params, body: { feeBp: action.feeBp, reason } });
      return apiCall(strategiesAdminApi.pause, { params, body: { paused: action.kind === 'pause', reason } });
    },
    onSuccess: () => {
      invalidate();
      setTarget(null);
      setReason('');
      toast(t`完了しました`);
    },
  });
  const rows = funds.data?.items ?? [];
  return (
    <section className="admin-screen" aria-labelledby="admin-strategies-h">
      <h2 id="admin-strategies-h" className="admin-screen__title">
        <Trans>ファンド運用</Trans>
      </h2>
      <CreateFund />
      <section className="admin-card" aria-labelledby="funds-h">
        <h3 id="funds-h" className="admin-card__title">
          <Trans>ファンド一覧</Trans>
        </h3>
        {funds.isPending ? (
          <Spinner label={t`読み込み中…`} />
        ) : rows.length === 0 ? (
          <EmptyView compact text={<Trans>ファンドはまだありません</Trans>} />
        ) : (
          <ul className="fund-admin-list">
            {rows.map((f) => {
              const open = f.status === 'active' || f.status === 'paused';
              const feeText = fees[f.id] ?? '';
              const feeBp = /^\d{1,3}$/.test(feeText) ? Number(feeText) : null;
              return (
                <li key={f.id} className="fund-admin" data-testid={`admin-fund-${f.id}`}>
                  <div className="fund-admin__head">
                    <b>{f.name}</b>
                    <span className="admin-tag">{i18n._(FUND_STATUS[f.status])}</span>
                  </div>
                  <div className="small muted mono">
                    {f.id} · {i18n._(RULE_NAME[f.rule])}
                  </div>
                  <div className="small mono">
                    <Trans>基準価額</Trans> {formatMoney(f.nav)} · <Trans>純資産</Trans> {formatMoney(f.aum)} · <Trans>信託報酬</Trans>{' '}
                    {formatPercent(f.feeBp, { sign: false })}
                  </div>
                  {open ? (
                    <div className="admin-actions">
                      <button type="button" className="btn btn--secondary btn--small" onClick={() => setTarget({ f, action: { kind: f.status === 'active' ? 'pause' : 'resume' } })}>
                        {f.status === 'active' ? <Trans>受付停止</Trans> : <Trans>再開</Trans>}
                      </button>
                      <input
                        className="field__input mono fund-admin__fee"
                        inputMode="numeric"
                        aria-label={t`新しい信託報酬（bp）`}
                        placeholder="bp"
                        value={feeText}
                        onChange={(e) => setFees((m) => ({ ...m, [f.id]: e.target.value }))}
                      />
                      <button type="button" className="btn btn--secondary btn--small" disabled={feeBp === null || feeBp > 300} onClick={() => feeBp !== null && setTarget({ f, action: { kind: 'fee', feeBp } })}>
                        <Trans>報酬変更</Trans>
                      </button>
                      <button type="button" className="btn btn--danger btn--small" onClick={() => setTarget({ f, action: { kind: 'terminate' } })}>
                        <Trans>償還</Trans>
                      </button>
                    </div>
                  ) : null}
                </li>
              );
            })}
          </ul>
        )}
      </section>
      {target ? (
        <DialogBox
          title={target.f.name}
          confirmLabel={<Trans>実行する</Trans>}
          cancelLabel={<Trans>キャンセル</Trans>}
          danger={target.action.kind === 'terminate'}
          busy={act.isPending}
          confirmDisabled={reason.trim().length < 3}
          onCancel={() => setTarget(null)}
          onConfirm={() => act.mutate({ f: target.f, action: target.action, reason: reason.trim() })}
        >
          <p>
            {target.action.kind === 'terminate' ? (
              <Trans>次の取引時間に保有株をすべて売却し、その後の基準価額で全保有者に払い戻します。</Trans>
            ) : target.action.kind === 'fee' ? (
              <Trans>新しい信託報酬（年{formatPercent(target.action.feeBp, { sign: false })}）は今後の申込分だけに適用され、既存の保有には申込時の料率が続きます。</Trans>
            ) : target.action.kind === 'pause' ? (
              <Trans>新規の申込と売買を止めます。保有者の解約は受け付けます。</Trans>
            ) : (
              <Trans>申込と売買を再開します。</Trans>
            )}
          </p>
          <label className="field__label" htmlFor="fund-reason">
            <Trans>理由（監査ログに記録されます）</Trans>
          </label>
          <input id="fund-reason" className="field__input" value={reason} maxLength={500} onChange={(e) => setReason(e.target.value)} />
        </DialogBox>
      ) : null}
    </section>
  );
}

/** The names per language the admin filled in (an empty one is not sent: the reader then sees the English or Japanese name). */
function optionalNames(d: { nameEn: string; nameZhHant: string; nameKo: string }) {
  const out: { nameEn?: string; nameZhHant?: string; nameKo?: string } = {};
  for (const k of ['nameEn', 'nameZhHant', 'nameKo'] as const) if (d[k].trim()) out[k] = d[k].trim();
  return out;
}

function CreateFund() {
  const { t, i18n } = useLingui();
  const invalidate = useInvalidate();
  const [draft, setDraft] = useState({ id: '', name: '', nameEn: '', nameZhHant: '', nameKo: '', rule: 'momentum' as StrategyRule, model: '', minAmount: '100000', lockDays: '14', feeBp: '100', followUntil: '', reason: '' });
  const set = (k: keyof typeof draft) => (e: { target: { value: string } }) => setDraft((d) => ({ ...d, [k]: e.target.value }));
  const follow = draft.rule === 'follow_model';
  const create = useMutation({
    mutationFn: () =>
      apiCall(strategiesAdminApi.create, {
        body: {
          id: draft.id.trim(), kind: follow ? 'follow' : 'quant', name: draft.name.trim(), rule: draft.rule,
          ...optionalNames(draft),
          ...(follow ? { model: draft.model.trim(), followUntil: draft.followUntil } : {}),
          minAmount: Number(draft.minAmount), lockDays: Number(draft.lockDays), feeBp: Number(draft.feeBp), reason: draft.reason.trim(),
        },
      }),
    onSuccess: () => {
      invalidate();
      toast(t`ファンドを作成しました`);
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    create.mutate();
  };
  return (
    <section className="admin-card" aria-labelledby="fund-create-h">
      <h3 id="fund-create-h" className="admin-card__title">
        <Trans>新規作成</Trans>
      </h3>
      <p className="small muted">
        <Trans>ファンドは空で始まります（元手の資金も過去の成績もありません）。運用ルールのパラメータは既定値を使います。</Trans>
      </p>
      <form className="admin-form" onSubmit={submit}>
        <label className="field__label">
          <Trans>ID（英小文字・数字・ハイフン）</Trans>
          <input className="field__input mono" value={draft.id} onChange={set('id')} maxLength={32} />
        </label>
        <label className="field__label">
          <Trans>名称</Trans>
          <input className="field__input" value={draft.name} onChange={set('name')} maxLength={60} />
        </label>
        <label className="field__label">
          <Trans>名称（英語・任意）</Trans>
          <input className="field__input" name="nameEn" value={draft.nameEn} onChange={set('nameEn')} maxLength={80} />
        </label>
        <label className="field__label">
          <Trans>名称（繁体字中国語・任意）</Trans>
          <input className="field__input" name="nameZhHant" value={draft.nameZhHant} onChange={set('nameZhHant')} maxLength={60} />
        </label>
        <label className="field__label">
          <Trans>名称（韓国語・任意）</Trans>
          <input className="field__input" name="nameKo" value={draft.nameKo} onChange={set('nameKo')} maxLength={60} />
        </label>
        <label className="field__label">
          <Trans>運用ルール</Trans>
          <select className="field__input" value={draft.rule} onChange={set('rule')}>
            {STRATEGY_RULES.map((r) => (
              <option key={r} value={r}>
                {i18n._(RULE_NAME[r])}
              </option>
            ))}
          </select>
        </label>
        {follow ? (
          <>
            <label className="field__label">
              <Trans>モデルポートフォリオ名</Trans>
              <input className="field__input" value={draft.model} onChange={set('model')} maxLength={60} />
            </label>
            <label className="field__label">
              <Trans>フォロー受付期限</Trans>
              <input className="field__input" type="date" value={draft.followUntil} onChange={set('followUntil')} />
            </label>
          </>
        ) : null}
        <label className="field__label">
          <Trans>最低投資金額（円）</Trans>
          <input className="field__input mono" inputMode="numeric" value={draft.minAmount} onChange={set('minAmount')} />
        </label>
        <label className="field__label">
          <Trans>ロック期間（日）</Trans>
          <input className="field__input mono" inputMode="numeric" value={draft.lockDays} onChange={set('lockDays')} />
        </label>
        <label className="field__label">
          <Trans>信託報酬（年率・bp）</Trans>
          <input className="field__input mono" inputMode="numeric" value={draft.feeBp} onChange={set('feeBp')} />
        </label>
        <label className="field__label">
          <Trans>理由（監査ログに記録されます）</Trans>
          <input className="field__input" value={draft.reason} onChange={set('reason')} maxLength={500} />
        </label>
        <button type="submit" className="btn btn--primary" disabled={create.isPending || draft.reason.trim().length < 3}>
          <Trans>作成する</Trans>
        </button>
      </form>
    </section>
  );
}
