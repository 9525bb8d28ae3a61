import { Trans, useLingui } from '@lingui/react/macro';
import { Segmented } from '../../components/Segmented';
import type { PriceRules, TicketQuote } from './ticket';
import { thenKindOf, withThenKind, type OrderTypeContext, type OrderTypeIssue, type OrderTypeValue, type PriceField as FieldName, type ThenKind } from './order-type';
import { PriceField } from './PriceField';

/** The close a new order places once it fills (OrderTypeFields, mode 'open'): IFD 指値 / 逆指値 or IFDOCO, and its validity. */
export function ThenFields({
  v,
  ctx,
  quote,
  rules,
  priceScale,
  issues,
  onChange,
  refusalOf,
}: {
  v: OrderTypeValue;
  ctx: OrderTypeContext;
  quote: TicketQuote | null;
  rules: PriceRules | null;
  priceScale: number;
  issues: OrderTypeIssue[];
  onChange: (v: OrderTypeValue) => void;
  refusalOf?: (field: string) => string | null;
}) {
  const { t } = useLingui();
  const kind = thenKindOf(v.then);
  const then = v.then;
  const put = (patch: Partial<NonNullable<OrderTypeValue['then']>>) => onChange({ ...v, then: { ...then!, ...patch } });
  const field = (f: FieldName, label: string, val: number | undefined, patch: (p: number) => Partial<NonNullable<OrderTypeValue['then']>>) =>
    rules && val !== undefined ? (
      <PriceField key={f} label={label} value={val} rules={rules} priceScale={priceScale} onChange={(p) => put(patch(p))} issues={issues.filter((i) => i.field === f)} refusal={refusalOf?.(f)} />
    ) : null;
  return (
    <div className="otf__then">
      <div className="ticket__field">
        <span className="stepper__label">
          <Trans>約定後の決済注文</Trans>
        </span>
        <Segmented<ThenKind>
          label={t`約定後の決済注文`}
          value={kind}
          options={[
            { value: 'none', label: t`なし` },
            { value: 'limit', label: t`IFD指値` },
            { value: 'stop', label: t`IFD逆指値` },
            { value: 'oco', label: t`IFDOCO` },
          ]}
          onChange={(k) => onChange(withThenKind(v, k, quote, ctx))}
          className="otf__kinds--4"
        />
        <p className="otf__why small muted">
          {kind === 'none' ? (
            <Trans>約定後の決済は、あとから建玉詳細で注文できます。</Trans>
          ) : kind === 'limit' ? (
            <Trans>IFD：この注文が約定したら、指定した値段で決済する指値注文を自動で出します。</Trans>
          ) : kind === 'stop' ? (
            <Trans>IFD：この注文が約定したら、損切りの逆指値（発動で成行）の決済注文を自動で出します。</Trans>
          ) : (
            <Trans>IFDOCO：この注文が約定したら、利益確定の指値と損切りの逆指値をOCOで出します。先に条件を満たした方で決済します。</Trans>
          )}
        </p>
      </div>
      {then && kind !== 'stop' ? field('then.price', t`決済の指値（利益確定）`, then.price, (p) => ({ price: p })) : null}
      {then && kind === 'stop' ? field('then.trigger', t`決済の逆指値（損切り）`, then.trigger, (p) => ({ trigger: p })) : null}
      {then && kind === 'oco' ? field('then.stop', t`決済の逆指値（損切り）`, then.stop, (p) => ({ stop: p })) : null}
      {then ? (
        <div className="ticket__field">
          <span className="stepper__label">
            <Trans>決済注文の有効期限（約定日から）</Trans>
          </span>
          <Segmented
            label={t`決済注文の有効期限`}
            value={then.validity === 'week' ? 'week' : 'day'}
            options={[
              { value: 'day', label: t`当日` },
              { value: 'week', label: t`今週` },
            ]}
            onChange={(validity) => put({ validity })}
          />
        </div>
      ) : null}
    </div>
  );
}
