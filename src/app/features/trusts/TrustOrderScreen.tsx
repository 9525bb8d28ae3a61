import { useCallback, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { TrustFundView, TrustHoldingView, TrustOrderBody, TrustOrderView, TrustPreview } from '../../../shared/api/trusts';
import { isNisa, type AccountType } from '../../../shared/domain/account-type';
import { TRUST_MAX_AMOUNT, TRUST_MIN_AMOUNT } from '../../../shared/domain/trust';
import { formatDateTimeMinute, formatIsoDate, formatMoney, formatNumber } from '../../../shared/money';
import { isApiError } from '../../api/client';
import { translateMessage } from '../../i18n/translate';
import { getLanguage } from '../../storage';
import { Page } from '../../components/Page';
import { EmptyView } from '../../components/EmptyView';
import { FirstLoad } from '../../components/Spinner';
import { Segmented } from '../../components/Segmented';
import { ActionDialog } from '../../components/ConfirmDialog';
import { TextField } from '../../components/forms/Field';
import { Icon } from '../../components/Icon';
import * as icons from '../../components/icons';
import { useDebounced } from '../../components/useDebounced';
import { ACCOUNT_BADGE, ACCOUNT_NAME, taxAccountQuery } from '../tax-account';
import { trustDetailQuery, trustHoldingsQuery, trustPreviewQuery, usePlaceTrustOrder } from './api';
import { NISA_REFUSAL, trustName } from './labels';
import { NavLine } from './parts';
import './trusts.css';

const route = getRouteApi('/home/trustOrder');

type Side = 'buy' | 'sell';
type BuyMode = 'amount' | 'units';
type SellMode = 'units' | 'all';

/** A whole number typed with or without separators; null when it is not one. */
function parseWhole(text: string): number | null {
  const s = text.replace(/[,，\s]/g, '');
  return /^\d{1,13}$/.test(s) ? Number(s) : null;
}

/** /home/trustOrder?id=&side=&account= — the fund order ticket at the next, unknown NAV (ブラインド方式). */
export function TrustOrderScreen() {
  const { t } = useLingui();
  const search = route.useSearch();
  const id = search.id;
  const side: Side = search.side ?? 'buy';
  const query = useQuery({ ...trustDetailQuery(id ?? ''), enabled: !!id });
  const title = side === 'buy' ? t`投資信託の買付` : t`投資信託の解約`;
  const f = query.data?.fund;
  if (!id || !f) {
    return (
      <Page title={title} fallback="/home/trusts">
        {!id || query.isError ? <EmptyView icon={icons.info} text={<Trans>ファンドが見つかりません</Trans>} /> : <FirstLoad text={t`読み込み中…`} />}
      </Page>
    );
  }
  return (
    <Page title={title} fallback={`/home/trust?id=${encodeURIComponent(f.id)}`}>
      <div className="trust-ticket">
        <FundLine f={f} />
        {/* A new ticket (no success view, no typed amount) for each fund, side and account linked to. */}
        <Ticket key={`${f.id}|${side}|${search.account ?? ''}`} f={f} side={side} initial={search.account} />
      </div>
    </Page>
  );
}

function Ticket({ f, side, initial }: { f: TrustFundView; side: Side; initial: AccountType | undefined }) {
  const [done, setDone] = useState<TrustOrderView | null>(null);
  if (done) return <Done order={done} />;
  return side === 'buy' ? <BuyTicket f={f} initial={initial} onDone={setDone} /> : <SellTicket f={f} initial={initial} onDone={setDone} />;
}

function FundLine({ f }: { f: TrustFundView }) {
  const { i18n } = useLingui();
  return (
    <section className="card trust-ticket__fund">
      <Link to="/home/trust" search={{ id: f.id }} className="trust-link strong">
        {trustName(f.names, i18n.locale)}
      </Link>
      <div className="trust-row__meta small">
        <span className="mono">{f.code}</span>
        <span className="muted">
          <Trans>基準価額（1万口）</Trans>
        </span>
        <NavLine f={f} />
      </div>
      <p className="small muted">
        {f.navDate ? <Trans>{formatIsoDate(f.navDate)} 時点の基準価額・シミュレーション</Trans> : <Trans>シミュレーション</Trans>}
      </p>
    </section>
  );
}

/** Why an account cannot take a one-off buy of this fund (null: it can). */
type BuyRefusal = 'no_specific' | 'nisa_closed' | 'nisa_pending' | 'tsumitate_plan' | 'fund';

function buyRefusal(a: AccountType, f: TrustFundView, tax: { specific: boolean; nisa: string } | undefined): BuyRefusal | null {
  if (a === 'general') return null;
  if (a === 'specific') return tax && !tax.specific ? 'no_specific' : null;
  if (a === 'nisa_tsumitate') return 'tsumitate_plan';
  if (f.eligibility.nisa_growth !== null) return 'fund';
  if (tax && tax.nisa !== 'approved') return tax.nisa === 'pending' ? 'nisa_pending' : 'nisa_closed';
  return null;
}

function AccountChips({
  options,
  value,
  onChange,
}: {
  options: { value: AccountType; disabled: boolean }[];
  value: AccountType | null;
  onChange: (a: AccountType) => void;
}) {
  const { t, i18n } = useLingui();
  return (
    <div className="segmented segmented--chips trust-accounts" role="radiogroup" aria-label={t`預り区分`} data-testid="trust-account">
      {options.map((o) => (
        <button
          key={o.value}
          type="button"
          role="radio"
          aria-checked={o.value === value}
          disabled={o.disabled}
          data-account={o.value}
          className={`segmented__opt${o.value === value ? ' segmented__opt--on' : ''}`}
          onClick={() => onChange(o.value)}
        >
          {i18n._(ACCOUNT_BADGE[o.value])}
        </button>
      ))}
    </div>
  );
}

/** The server's refusal (a message id with params) in the reader's language. */
function refusalText(r: { id: string; params: Record<string, unknown> } | null | undefined): string | null {
  if (!r) return null;
  const params: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(r.params)) if (typeof v === 'string' || typeof v === 'number') params[k] = v;
  return translateMessage(r.id, params, getLanguage());
}

function errorText(e: unknown): string {
  return translateMessage(isApiError(e) ? e.msg || 'failed' : 'network_error', isApiError(e) ? e.params : undefined, getLanguage());
}

function BuyTicket({ f, initial, onDone }: { f: TrustFundView; initial: AccountType | undefined; onDone: (o: TrustOrderView) => void }) {
  const { t, i18n } = useLingui();
  const tax = useQuery(taxAccountQuery()).data;
  const taxInfo = tax ? { specific: tax.specific, nisa: tax.nisa.state } : undefined;
  const [mode, setMode] = useState<BuyMode>('amount');
  const [text, setText] = useState('');
  const [pick, setPick] = useState<AccountType | null>(initial ?? null);
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const accounts: AccountType[] = ['specific', 'general', 'nisa_growth', 'nisa_tsumitate'];
  const refusals = new Map(accounts.map((a) => [a, buyRefusal(a, f, taxInfo)] as const));
  const account: AccountType | null =
    pick !== null && refusals.get(pick) === null ? pick : (accounts.find((a) => refusals.get(a) === null && a !== 'nisa_growth') ?? null);
  const n = parseWhole(text);
  const inputError =
    text.trim() === ''
      ? null
      : n === null
        ? t`半角数字で入力してください`
        : mode === 'amount' && n < TRUST_MIN_AMOUNT
          ? t`${formatMoney(TRUST_MIN_AMOUNT)}以上、1円単位で指定してください`
          : mode === 'amount' && n > TRUST_MAX_AMOUNT
            ? t`${formatMoney(TRUST_MAX_AMOUNT)}以下で指定してください`
            : mode === 'units' && n < 1
              ? t`1口以上で指定してください`
              : null;
  const valid = n !== null && inputError === null && account !== null;
  const input = useDebounced(valid ? { fundId: f.id, side: 'buy' as const, account, mode, ...(mode === 'amount' ? { amount: n } : { units: n }) } : null, 350);
  const preview = useQuery({ ...trustPreviewQuery(input ?? { fundId: f.id, side: 'buy', account: 'specific', mode: 'amount' }), enabled: input !== null });
  const p = input !== null ? preview.data : undefined;
  const place = usePlaceTrustOrder((o) => {
    setConfirming(false);
    onDone(o);
  });
  const close = useCallback(() => {
    place.end();
    setConfirming(false);
  }, [place]);
  const body: TrustOrderBody | null = valid ? { fundId: f.id, side: 'buy', account, mode, ...(mode === 'amount' ? { amount: n } : { units: n }) } : null;
  const refused = refusalText(p?.refusal);
  const notes = accounts.filter((a) => refusals.get(a) !== null);
  return (
    <>
      <section className="card trust-ticket__form">
        <Segmented<BuyMode>
          label={t`注文方法`}
          value={mode}
          onChange={(m) => {
            setMode(m);
            setText('');
          }}
          options={[
            { value: 'amount', label: t`金額指定` },
            { value: 'units', label: t`口数指定` },
          ]}
        />
        <TextField
          label={mode === 'amount' ? t`買付金額（円・購入時手数料を含む）` : t`買付口数（口）`}
          inputMode="numeric"
          autoComplete="off"
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setError(null);
          }}
          error={inputError}
          hint={mode === 'amount' ? <Trans>{formatMoney(TRUST_MIN_AMOUNT)}以上1円単位</Trans> : <Trans>1口単位（基準価額は1万口あたり）</Trans>}
          trailing={<span className="trust-suffix">{mode === 'amount' ? t`円` : t`口`}</span>}
          data-testid="trust-qty"
        />
        <div className="trust-field">
          <span className="stepper__label">
            <Trans>預り区分</Trans>
          </span>
          <AccountChips
            options={accounts.map((a) => ({ value: a, disabled: refusals.get(a) !== null }))}
            value={account}
            onChange={(a) => {
              setPick(a);
              setError(null);
            }}
          />
          {notes.map((a) => (
            <p key={a} className="stepper__hint trust-note" data-account-refusal={refusals.get(a)}>
              <b>{i18n._(ACCOUNT_BADGE[a])}</b>
              <Trans context="label separator">：</Trans>
              {refusals.get(a) === 'tsumitate_plan' && f.eligibility.nisa_tsumitate ? (
                i18n._(NISA_REFUSAL[f.eligibility.nisa_tsumitate])
              ) : refusals.get(a) === 'tsumitate_plan' ? (
                <>
                  <Trans>つみたて投資枠は積立設定から</Trans>{' '}
                  <Link to="/home/tsumitatePlan" search={{ fund: f.id }} className="link">
                    <Trans>積立を設定する</Trans>
                  </Link>
                </>
              ) : refusals.get(a) === 'fund' && f.eligibility.nisa_growth ? (
                i18n._(NISA_REFUSAL[f.eligibility.nisa_growth])
              ) : refusals.get(a) === 'no_specific' ? (
                <Trans>一般口座のみをお選びのため、特定口座は使えません。</Trans>
              ) : refusals.get(a) === 'nisa_pending' ? (
                <Trans>NISA口座は審査中です。</Trans>
              ) : (
                <>
                  <Trans>NISA口座が開設されていません。</Trans>{' '}
                  <Link to="/information/nisa" className="link">
                    <Trans>NISA口座を申し込む</Trans>
                  </Link>
                </>
              )}
            </p>
          ))}
        </div>
      </section>
      <BuyEstimate p={p} loading={input !== null && preview.isFetching && !p} failed={input !== null && preview.isError} />
      {refused ? (
        <p className="notice notice--danger small" role="alert" data-testid="trust-refusal">
          <Icon d={icons.alert} size={18} />
          <span>{refused}</span>
        </p>
      ) : null}
      {error ? (
        <p className="notice notice--danger small" role="alert">
          <Icon d={icons.alert} size={18} />
          <span>{error}</span>
        </p>
      ) : null}
      <button
        type="button"
        className="btn btn--primary btn--block"
        disabled={!body || f.status !== 'open' || !p || !!p.refusal || input === null}
        onClick={() => {
          place.begin();
          setError(null);
          setConfirming(true);
        }}
        data-testid="trust-confirm"
      >
        <Trans>注文内容を確認</Trans>
      </button>
      {confirming && body && p ? (
        <ActionDialog
          title={t`買付注文の確認`}
          confirmLabel={t`注文する`}
          cancelLabel={t`キャンセル`}
          busy={place.isPending}
          onConfirm={() =>
            place.mutate(
              { body },
              {
                onError: (e) => {
                  setConfirming(false);
                  setError(errorText(e));
                },
              },
            )
          }
          onCancel={close}
        >
          <p>
            <b>{trustName(f.names, i18n.locale)}</b>
          </p>
          <dl className="kv">
            <dt>
              <Trans>預り区分</Trans>
            </dt>
            <dd>{i18n._(ACCOUNT_NAME[body.account])}</dd>
            <dt>
              <Trans>注文</Trans>
            </dt>
            <dd className="mono">{body.mode === 'amount' ? formatMoney(body.amount ?? 0) : t`${formatNumber(body.units ?? 0)}口`}</dd>
            <dt>
              <Trans>約定日（基準価額の日）</Trans>
            </dt>
            <dd className="mono">{formatIsoDate(p.navDate)}</dd>
            <dt>
              <Trans>拘束額</Trans>
            </dt>
            <dd className="mono strong">{formatMoney(p.buy?.reserved ?? 0)}</dd>
            <dt>
              <Trans>取消期限</Trans>
            </dt>
            <dd className="mono">{formatDateTimeMinute(p.cancellableUntil)}</dd>
          </dl>
          <p className="small muted">
            <Trans>約定する基準価額は注文時点ではわかりません（ブラインド方式）。口数と金額は約定日の基準価額で確定し、拘束額との差額はお返しします。シミュレーションの取引です。</Trans>
          </p>
        </ActionDialog>
      ) : null}
    </>
  );
}

function BuyEstimate({ p, loading, failed }: { p: TrustPreview | undefined; loading: boolean; failed: boolean }) {
  const { t } = useLingui();
  if (!p) {
    return (
      <section className="card trust-estimate" aria-label={t`概算`}>
        <p className="small muted" role="status">
          {failed ? <Trans>概算を計算できませんでした</Trans> : loading ? <Trans>概算を計算しています…</Trans> : <Trans>金額または口数を入力すると、約定日と概算を表示します。</Trans>}
        </p>
      </section>
    );
  }
  return (
    <section className="card trust-estimate" aria-label={t`概算`} data-testid="trust-estimate">
      <dl className="kv">
        <dt className="strong">
          <Trans>約定日（この日の基準価額で約定）</Trans>
        </dt>
        <dd className="mono strong" data-testid="trust-nav-date">
          {formatIsoDate(p.navDate)}
        </dd>
        <dt>
          <Trans>取消期限</Trans>
        </dt>
        <dd className="mono">{formatDateTimeMinute(p.cancellableUntil)}</dd>
      </dl>
      <h3 className="trust-estimate__title small">
        <Trans>概算（直近の基準価額 {formatMoney(p.lastNav)} で計算）</Trans>
      </h3>
      {p.buy ? (
        <dl className="kv">
          <dt>
            <Trans>概算口数</Trans>
          </dt>
          <dd className="mono">
            <Trans>{formatNumber(p.buy.units)}口</Trans>
          </dd>
          <dt>
            <Trans>概算約定金額</Trans>
          </dt>
          <dd className="mono">{formatMoney(p.buy.value)}</dd>
          <dt>
            <Trans>購入時手数料（税込）</Trans>
          </dt>
          <dd className="mono">{formatMoney(p.buy.fee)}</dd>
          <dt className="strong">
            <Trans>概算受渡金額</Trans>
          </dt>
          <dd className="mono strong">{formatMoney(p.buy.paid)}</dd>
          <dt>
            <Trans>拘束額（注文時）</Trans>
          </dt>
          <dd className="mono" data-testid="trust-reserved">
            {formatMoney(p.buy.reserved)}
          </dd>
          <dt>
            <Trans>買付可能額</Trans>
          </dt>
          <dd className={`mono${p.cash < p.buy.reserved ? ' tone-warn' : ''}`}>{formatMoney(p.cash)}</dd>
        </dl>
      ) : null}
      <p className="small muted">
        <Trans>約定する基準価額は注文時点ではわかりません（ブラインド方式）。上の金額は直近の基準価額による概算で、シミュレーションです。</Trans>
      </p>
    </section>
  );
}

/** The tax said on a 解約 of this account (docs/domain.md "Investment trusts and 積立"). */
function SellTaxNote({ account, withholding }: { account: AccountType; withholding: boolean | undefined }) {
  if (isNisa(account)) return <Trans>NISA口座の解約益は非課税です。</Trans>;
  if (account === 'specific' && withholding !== false)
    return <Trans>特定口座（源泉徴収あり）：解約益（受取額 − 取得価額）に20.315%を受渡日に源泉徴収します。損失は同じ年の他の譲渡益と通算します。</Trans>;
  return <Trans>税金は差し引かれません。解約益があるときは確定申告が必要になる場合があります。</Trans>;
}

function SellTicket({ f, initial, onDone }: { f: TrustFundView; initial: AccountType | undefined; onDone: (o: TrustOrderView) => void }) {
  const { t, i18n } = useLingui();
  const tax = useQuery(taxAccountQuery()).data;
  const holdings = useQuery(trustHoldingsQuery());
  const held: TrustHoldingView[] = (holdings.data?.items ?? []).filter((h) => h.fundId === f.id);
  const [mode, setMode] = useState<SellMode>('units');
  const [text, setText] = useState('');
  const [pick, setPick] = useState<AccountType | null>(initial ?? null);
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const holding = held.find((h) => h.account === pick) ?? held[0] ?? null;
  const account = holding?.account ?? null;
  const free = holding ? holding.units - holding.pendingSellUnits : 0;
  const n = parseWhole(text);
  const inputError =
    mode === 'all' || text.trim() === ''
      ? null
      : n === null
        ? t`半角数字で入力してください`
        : n < 1
          ? t`1口以上で指定してください`
          : n > free
            ? t`解約できる口数（${formatNumber(free)}口）以下で指定してください`
            : null;
  const valid = account !== null && (mode === 'all' ? free > 0 : n !== null && inputError === null);
  const input = useDebounced(valid && account ? { fundId: f.id, side: 'sell' as const, account, mode, ...(mode === 'units' ? { units: n ?? 0 } : {}) } : null, 350);
  const preview = useQuery({ ...trustPreviewQuery(input ?? { fundId: f.id, side: 'sell', account: 'specific', mode: 'all' }), enabled: input !== null });
  const p = input !== null ? preview.data : undefined;
  const place = usePlaceTrustOrder((o) => {
    setConfirming(false);
    onDone(o);
  });
  const close = useCallback(() => {
    place.end();
    setConfirming(false);
  }, [place]);
  const body: TrustOrderBody | null = valid && account ? { fundId: f.id, side: 'sell', account, mode, ...(mode === 'units' ? { units: n ?? 0 } : {}) } : null;
  const refused = refusalText(p?.refusal);
  if (holdings.isPending) return <FirstLoad text={t`読み込み中…`} />;
  if (held.length === 0) return <EmptyView compact text={<Trans>このファンドは保有していません</Trans>} />;
  return (
    <>
      <section className="card trust-ticket__form">
        <div className="trust-field">
          <span className="stepper__label">
            <Trans>預り区分</Trans>
          </span>
          <AccountChips options={held.map((h) => ({ value: h.account, disabled: false }))} value={account} onChange={setPick} />
          {holding ? (
            <p className="stepper__hint">
              <Trans>
                保有 {formatNumber(holding.units)}口・解約できる口数 {formatNumber(free)}口
              </Trans>
            </p>
          ) : null}
        </div>
        <Segmented<SellMode>
          label={t`解約の方法`}
          value={mode}
          onChange={(m) => {
            setMode(m);
            setText('');
          }}
          options={[
            { value: 'units', label: t`口数指定` },
            { value: 'all', label: t`全部` },
          ]}
        />
        {mode === 'units' ? (
          <TextField
            label={t`解約口数（口）`}
            inputMode="numeric"
            autoComplete="off"
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              setError(null);
            }}
            error={inputError}
            trailing={<span className="trust-suffix">{t`口`}</span>}
            data-testid="trust-qty"
          />
        ) : (
          <p className="small">
            <Trans>解約できる {formatNumber(free)}口をすべて解約します。</Trans>
          </p>
        )}
      </section>
      {p?.sell ? (
        <section className="card trust-estimate" aria-label={t`概算`} data-testid="trust-estimate">
          <dl className="kv">
            <dt className="strong">
              <Trans>約定日（この日の基準価額で約定）</Trans>
            </dt>
            <dd className="mono strong" data-testid="trust-nav-date">
              {formatIsoDate(p.navDate)}
            </dd>
            <dt>
              <Trans>受渡日（代金のお支払い）</Trans>
            </dt>
            <dd className="mono" data-testid="trust-settle-date">
              {formatIsoDate(p.sell.settleDate)}
            </dd>
            <dt>
              <Trans>取消期限</Trans>
            </dt>
            <dd className="mono">{formatDateTimeMinute(p.cancellableUntil)}</dd>
          </dl>
          <h3 className="trust-estimate__title small">
            <Trans>概算（直近の基準価額 {formatMoney(p.lastNav)} で計算）</Trans>
          </h3>
          <dl className="kv">
            <dt>
              <Trans>解約口数</Trans>
            </dt>
            <dd className="mono">
              <Trans>{formatNumber(p.sell.units)}口</Trans>
            </dd>
            <dt>
              <Trans>概算解約金額</Trans>
            </dt>
            <dd className="mono">{formatMoney(p.sell.value)}</dd>
            <dt>
              <Trans>信託財産留保額</Trans>
            </dt>
            <dd className="mono">{formatMoney(p.sell.retention)}</dd>
            <dt className="strong">
              <Trans>概算受取額（税引前）</Trans>
            </dt>
            <dd className="mono strong">{formatMoney(p.sell.proceeds)}</dd>
          </dl>
          <p className="small" data-testid="trust-tax-note">
            <SellTaxNote account={account ?? 'specific'} withholding={tax?.withholding} />
          </p>
          <p className="small muted">
            <Trans>約定する基準価額は注文時点ではわかりません（ブラインド方式）。上の金額は直近の基準価額による概算で、シミュレーションです。</Trans>
          </p>
        </section>
      ) : (
        <section className="card trust-estimate">
          <p className="small muted" role="status">
            {input !== null && preview.isError ? <Trans>概算を計算できませんでした</Trans> : input !== null ? <Trans>概算を計算しています…</Trans> : <Trans>口数を入力すると、約定日・受渡日と概算を表示します。</Trans>}
          </p>
        </section>
      )}
      {refused ? (
        <p className="notice notice--danger small" role="alert" data-testid="trust-refusal">
          <Icon d={icons.alert} size={18} />
          <span>{refused}</span>
        </p>
      ) : null}
      {error ? (
        <p className="notice notice--danger small" role="alert">
          <Icon d={icons.alert} size={18} />
          <span>{error}</span>
        </p>
      ) : null}
      <button
        type="button"
        className="btn btn--primary btn--block"
        disabled={!body || !p || !!p.refusal || input === null}
        onClick={() => {
          place.begin();
          setError(null);
          setConfirming(true);
        }}
        data-testid="trust-confirm"
      >
        <Trans>注文内容を確認</Trans>
      </button>
      {confirming && body && p?.sell ? (
        <ActionDialog
          title={t`解約注文の確認`}
          confirmLabel={t`解約する`}
          cancelLabel={t`キャンセル`}
          busy={place.isPending}
          onConfirm={() =>
            place.mutate(
              { body },
              {
                onError: (e) => {
                  setConfirming(false);
                  setError(errorText(e));
                },
              },
            )
          }
          onCancel={close}
        >
          <p>
            <b>{trustName(f.names, i18n.locale)}</b>
          </p>
          <dl className="kv">
            <dt>
              <Trans>預り区分</Trans>
            </dt>
            <dd>{i18n._(ACCOUNT_NAME[body.account])}</dd>
            <dt>
              <Trans>解約口数</Trans>
            </dt>
            <dd className="mono">{body.mode === 'all' ? t`全部（${formatNumber(p.sell.units)}口）` : t`${formatNumber(body.units ?? 0)}口`}</dd>
            <dt>
              <Trans>約定日</Trans>
            </dt>
            <dd className="mono">{formatIsoDate(p.navDate)}</dd>
            <dt>
              <Trans>受渡日</Trans>
            </dt>
            <dd className="mono">{formatIsoDate(p.sell.settleDate)}</dd>
            <dt>
              <Trans>概算受取額（税引前）</Trans>
            </dt>
            <dd className="mono strong">{formatMoney(p.sell.proceeds)}</dd>
          </dl>
          <p className="small muted">
            <Trans>解約代金は約定日の基準価額で確定し、受渡日にお支払いします。シミュレーションの取引です。</Trans>
          </p>
        </ActionDialog>
      ) : null}
    </>
  );
}

function Done({ order }: { order: TrustOrderView }) {
  const { i18n } = useLingui();
  const buy = order.side === 'buy';
  return (
    <section className="card trust-done" data-testid="trust-done" role="status">
      <h2 className="card__title">
        <Icon d={icons.check} size={20} /> {buy ? <Trans>買付注文を受け付けました</Trans> : <Trans>解約注文を受け付けました</Trans>}
      </h2>
      <dl className="kv">
        <dt>
          <Trans>預り区分</Trans>
        </dt>
        <dd>{i18n._(ACCOUNT_NAME[order.account])}</dd>
        <dt>
          <Trans>約定日</Trans>
        </dt>
        <dd className="mono">{formatIsoDate(order.navDate)}</dd>
        {buy ? (
          <>
            <dt>
              <Trans>拘束額</Trans>
            </dt>
            <dd className="mono">{formatMoney(order.reserved)}</dd>
          </>
        ) : null}
        {order.cancellableUntil !== null ? (
          <>
            <dt>
              <Trans>取消期限</Trans>
            </dt>
            <dd className="mono">{formatDateTimeMinute(order.cancellableUntil)}</dd>
          </>
        ) : null}
      </dl>
      <p className="small muted">
        <Trans>約定日の17:00以降に基準価額が算出されると、口数と金額が確定します。</Trans>
      </p>
      <div className="trust-buttons">
        <Link to="/home/trusts" search={{ tab: 'orders' }} className="btn btn--primary">
          <Trans>注文一覧へ</Trans>
        </Link>
        <Link to="/home/trust" search={{ id: order.fundId }} className="btn btn--secondary">
          <Trans>ファンドに戻る</Trans>
        </Link>
      </div>
    </section>
  );
}
