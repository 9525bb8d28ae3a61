import { Trans, useLingui } from '@lingui/react/macro';
import type { TrustFundView, TrustOrderView, TrustPreview } from '../../../shared/api/trusts';
import type { AccountType } from '../../../shared/domain/account-type';
import { TRUST_MIN_AMOUNT } from '../../../shared/domain/trust';
import { formatMoney, formatNumber } from '../../../shared/money';
import { Segmented } from '../../components/Segmented';
import { TextField } from '../../components/forms/Field';
import { BUY_ACCOUNTS, type BuyMode } from './trust-order';
import { RefusalNote } from './TrustBuyRefusal';
import { TrustAccountField } from './TrustAccountField';
import { BuyConfirm, TrustOrderActions } from './TrustOrderConfirm';
import { EstimateCard, EstimatePending } from './TrustOrderEstimate';
import { useBuyTicket, type BuyTicketState, type TrustEstimate } from './useTrustOrder';

/** The 買付 side: by amount or units, the accounts this fund may be bought in, the estimate, confirm. */
export function TrustBuySide({ f, initial, onDone }: { f: TrustFundView; initial: AccountType | undefined; onDone: (o: TrustOrderView) => void }) {
  const ticket = useBuyTicket(f, initial, onDone);
  const { body, estimate, command } = ticket;
  const { p } = estimate;
  return (
    <>
      <BuyForm ticket={ticket} />
      <BuyEstimate estimate={estimate} />
      <TrustOrderActions
        command={command}
        refused={estimate.refused}
        disabled={!body || f.status !== 'open' || !p || !!p.refusal || !estimate.asked}
        dialog={body && p ? <BuyConfirm f={f} body={body} p={p} command={command} /> : null}
      />
    </>
  );
}

function BuyForm({ ticket }: { ticket: BuyTicketState }) {
  const { t } = useLingui();
  const { f, form } = ticket;
  const { mode, refusals } = form;
  return (
    <section className="card trust-ticket__form">
      <Segmented<BuyMode>
        label={t`注文方法`}
        value={mode}
        onChange={form.changeMode}
        options={[
          { value: 'amount', label: t`金額指定` },
          { value: 'units', label: t`口数指定` },
        ]}
      />
      <TextField
        label={mode === 'amount' ? t`買付金額（円・購入時手数料を含む）` : t`買付口数（口）`}
        inputMode="numeric"
        autoComplete="off"
        value={form.text}
        onChange={(e) => form.type(e.target.value)}
        error={form.inputError}
        hint={mode === 'amount' ? <Trans>{formatMoney(TRUST_MIN_AMOUNT)}以上1円単位</Trans> : <Trans>1口単位（基準価額は1万口あたり）</Trans>}
        trailing={<span className="trust-suffix">{mode === 'amount' ? t`円` : t`口`}</span>}
        data-testid="trust-qty"
      />
      <TrustAccountField options={BUY_ACCOUNTS.map((a) => ({ value: a, disabled: refusals.get(a) !== null }))} value={form.account} onChange={form.choose}>
        {BUY_ACCOUNTS.map((a) => {
          const refusal = refusals.get(a);
          return refusal ? <RefusalNote key={a} account={a} refusal={refusal} f={f} /> : null;
        })}
      </TrustAccountField>
    </section>
  );
}

function BuyEstimate({ estimate }: { estimate: TrustEstimate }) {
  const { t } = useLingui();
  const { p, asked } = estimate;
  if (!p) {
    const prompt = <Trans>金額または口数を入力すると、約定日と概算を表示します。</Trans>;
    return <EstimatePending failed={estimate.failed} loading={asked && estimate.fetching} prompt={prompt} label={t`概算`} />;
  }
  return <EstimateCard p={p}>{p.buy ? <BuyFigures buy={p.buy} cash={p.cash} /> : null}</EstimateCard>;
}

function BuyFigures({ buy, cash }: { buy: NonNullable<TrustPreview['buy']>; cash: number }) {
  return (
    <dl className="kv">
      <dt>
        <Trans>概算口数</Trans>
      </dt>
      <dd className="mono">
        <Trans>{formatNumber(buy.units)}口</Trans>
      </dd>
      <dt>
        <Trans>概算約定金額</Trans>
      </dt>
      <dd className="mono">{formatMoney(buy.value)}</dd>
      <dt>
        <Trans>購入時手数料（税込）</Trans>
      </dt>
      <dd className="mono">{formatMoney(buy.fee)}</dd>
      <dt className="strong">
        <Trans>概算受渡金額</Trans>
      </dt>
      <dd className="mono strong">{formatMoney(buy.paid)}</dd>
      <dt>
        <Trans>拘束額（注文時）</Trans>
      </dt>
      <dd className="mono" data-testid="trust-reserved">
        {formatMoney(buy.reserved)}
      </dd>
      <dt>
        <Trans>買付可能額</Trans>
      </dt>
      <dd className={`mono${cash < buy.reserved ? ' tone-warn' : ''}`}>{formatMoney(cash)}</dd>
    </dl>
  );
}
