import { Trans, useLingui } from '@lingui/react/macro';
import type { TrustFundView, TrustOrderView, TrustPreview } from '../../../shared/api/trusts';
import { isNisa, type AccountType } from '../../../shared/domain/account-type';
import { formatMoney, formatNumber } from '../../../shared/money';
import { EmptyView } from '../../components/EmptyView';
import { FirstLoad } from '../../components/Spinner';
import { Segmented } from '../../components/Segmented';
import { TextField } from '../../components/forms/Field';
import type { SellMode } from './trust-order';
import { TrustAccountField } from './TrustAccountField';
import { SellConfirm, TrustOrderActions } from './TrustOrderConfirm';
import { EstimateCard, EstimatePending } from './TrustOrderEstimate';
import { useSellTicket, type SellTicketState, type TrustEstimate } from './useTrustOrder';

/** The 解約 side: the accounts holding this fund, by units or all, the estimate with its tax, confirm. */
export function TrustSellSide({ f, initial, onDone }: { f: TrustFundView; initial: AccountType | undefined; onDone: (o: TrustOrderView) => void }) {
  const { t } = useLingui();
  const ticket = useSellTicket(f, initial, onDone);
  const { body, estimate, command, form } = ticket;
  const { p } = estimate;
  if (ticket.loading) return <FirstLoad text={t`読み込み中…`} />;
  if (form.held.length === 0) return <EmptyView compact text={<Trans>このファンドは保有していません</Trans>} />;
  return (
    <>
      <SellForm ticket={ticket} />
      <SellEstimate estimate={estimate} account={form.account} withholding={ticket.withholding} />
      <TrustOrderActions
        command={command}
        refused={estimate.refused}
        disabled={!body || !p || !!p.refusal || !estimate.asked}
        dialog={body && p?.sell ? <SellConfirm f={f} body={body} p={p} sell={p.sell} command={command} /> : null}
      />
    </>
  );
}

function SellForm({ ticket }: { ticket: SellTicketState }) {
  const { t } = useLingui();
  const { form } = ticket;
  const { holding, free } = form;
  return (
    <section className="card trust-ticket__form">
      <TrustAccountField options={form.held.map((h) => ({ value: h.account, disabled: false }))} value={form.account} onChange={form.choose}>
        {holding ? (
          <p className="stepper__hint">
            <Trans>
              保有 {formatNumber(holding.units)}口・解約できる口数 {formatNumber(free)}口
            </Trans>
          </p>
        ) : null}
      </TrustAccountField>
      <Segmented<SellMode>
        label={t`解約の方法`}
        value={form.mode}
        onChange={form.changeMode}
        options={[
          { value: 'units', label: t`口数指定` },
          { value: 'all', label: t`全部` },
        ]}
      />
      {form.mode === 'units' ? (
        <TextField
          label={t`解約口数（口）`}
          inputMode="numeric"
          autoComplete="off"
          value={form.text}
          onChange={(e) => form.type(e.target.value)}
          error={form.inputError}
          trailing={<span className="trust-suffix">{t`口`}</span>}
          data-testid="trust-qty"
        />
      ) : (
        <p className="small">
          <Trans>解約できる {formatNumber(free)}口をすべて解約します。</Trans>
        </p>
      )}
    </section>
  );
}

function SellEstimate({ estimate, account, withholding }: { estimate: TrustEstimate; account: AccountType | null; withholding: boolean | undefined }) {
  const { p, asked } = estimate;
  if (!p?.sell) {
    const prompt = <Trans>口数を入力すると、約定日・受渡日と概算を表示します。</Trans>;
    return <EstimatePending failed={estimate.failed} loading={asked} prompt={prompt} />;
  }
  return (
    <EstimateCard p={p} settleDate={p.sell.settleDate}>
      <SellFigures sell={p.sell} />
      <p className="small" data-testid="trust-tax-note">
        <SellTaxNote account={account ?? 'specific'} withholding={withholding} />
      </p>
    </EstimateCard>
  );
}

function SellFigures({ sell }: { sell: NonNullable<TrustPreview['sell']> }) {
  return (
    <dl className="kv">
      <dt>
        <Trans>解約口数</Trans>
      </dt>
      <dd className="mono">
        <Trans>{formatNumber(sell.units)}口</Trans>
      </dd>
      <dt>
        <Trans>概算解約金額</Trans>
      </dt>
      <dd className="mono">{formatMoney(sell.value)}</dd>
      <dt>
        <Trans>信託財産留保額</Trans>
      </dt>
      <dd className="mono">{formatMoney(sell.retention)}</dd>
      <dt className="strong">
        <Trans>概算受取額（税引前）</Trans>
      </dt>
      <dd className="mono strong">{formatMoney(sell.proceeds)}</dd>
    </dl>
  );
}

/** The tax said on a 解約 of this account (docs/domain.md "Investment trusts and 積立"). */
function SellTaxNote({ account, withholding }: { account: AccountType; withholding: boolean | undefined }) {
  if (isNisa(account)) return <Trans>NISA口座の解約益は非課税です。</Trans>;
  if (account === 'specific' && withholding !== false)
    return <Trans>特定口座（源泉徴収あり）：解約益（受取額 − 取得価額）に20.315%を受渡日に源泉徴収します。損失は同じ年の他の譲渡益と通算します。</Trans>;
  return <Trans>税金は差し引かれません。解約益があるときは確定申告が必要になる場合があります。</Trans>;
}
