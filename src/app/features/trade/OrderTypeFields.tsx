import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Direction } from '../../../shared/domain/position';
import { formatIsoDate, formatPrice, formatPriceYen } from '../../../shared/money';
import { Icon } from '../../components/Icon';
import * as icons from '../../components/icons';
import { Segmented } from '../../components/Segmented';
import { Stepper } from '../../components/Stepper';
import { LimitPriceNotice } from './LimitPriceNotice';
import { canStepPrice, parsePriceInput, stepLimitPrice, type PriceRules, type TicketQuote } from './ticket';
import {
  conditionChoices,
  kindOf,
  normalize,
  orderTypeIssues,
  rulesOf,
  thenKindOf,
  tokyoToday,
  validityDates,
  withKind,
  withStopType,
  withThenKind,
  type ExecCondition,
  type OrderKind,
  type OrderTypeContext,
  type OrderTypeIssue,
  type OrderTypeValue,
  type PriceField,
  type ThenKind,
} from './order-type';
import './order-type.css';

export { DEFAULT_ORDER_TYPE, orderTypeBody, orderTypeIssues, orderTypeReady } from './order-type';
export type { OrderTypeBody, OrderTypeValue } from './order-type';

/**
 * The order-type controls of the ticket (mode 'open') and of the close dialog (mode 'close'):
 * 成行 / 指値 / 逆指値 (and OCO for a close), 執行条件, 有効期限 and the IFD / IFDOCO close, each
 * with a line saying when it executes. Prices step along the tick grid; a price the server would
 * refuse, a trigger already reached or legs in the wrong order are shown here, and
 * `orderTypeReady` (order-type.ts) tells the caller whether the fields can be sent.
 *
 * `direction` (the position's: a long or a short; default 'up') decides which side a stop fires
 * on; `dayTrade` limits a day trade to day orders; `now` is the market clock's instant (for the
 * validity's business days), the browser's by default.
 */
export function OrderTypeFields(props: {
  mode: 'open' | 'close';
  quote: TicketQuote | null;
  value: OrderTypeValue;
  onChange: (v: OrderTypeValue) => void;
  direction?: Direction;
  dayTrade?: boolean;
  now?: number;
}) {
  const { mode, quote, value: v, onChange } = props;
  const { t } = useLingui();
  const ctx: OrderTypeContext = useMemo(
    () => ({ mode, direction: props.direction ?? 'up', dayTrade: props.dayTrade ?? false }),
    [mode, props.direction, props.dayTrade],
  );
  const today = tokyoToday(props.now ?? Date.now());
  const rules = rulesOf(quote);
  const kind = kindOf(v);
  const issues = orderTypeIssues(v, ctx, quote, today);
  const set = (next: OrderTypeValue) => onChange(normalize(next, ctx));
  const priceScale = quote?.priceScale ?? 10;

  const kinds: { value: OrderKind; label: string }[] = [
    { value: 'market', label: t`成行` },
    { value: 'limit', label: t`指値` },
    { value: 'stop', label: t`逆指値` },
  ];
  if (mode === 'close') kinds.push({ value: 'oco', label: t`OCO` });

  const field = (f: PriceField, label: string, val: number | null | undefined, put: (p: number) => OrderTypeValue, hint?: ReactNode) =>
    rules && val !== null && val !== undefined ? (
      <PriceField
        key={f}
        label={label}
        value={val}
        rules={rules}
        priceScale={priceScale}
        onChange={(p) => set(put(p))}
        hint={hint}
        issues={issues.filter((i) => i.field === f)}
      />
    ) : null;

  return (
    <div className="otf" data-mode={mode}>
      <div className="ticket__field">
        <span className="stepper__label">{mode === 'open' ? <Trans>注文方法</Trans> : <Trans>決済方法</Trans>}</span>
        <Segmented
          label={mode === 'open' ? t`注文方法` : t`決済方法`}
          value={kind}
          options={kinds}
          onChange={(k) => set(withKind(v, k, quote, ctx))}
          className={mode === 'close' ? 'otf__kinds--4' : undefined}
        />
        <p className="otf__why small muted">
          <KindExplanation kind={kind} mode={mode} />
        </p>
      </div>

      {kind === 'limit' ? field('price', mode === 'open' ? t`指値` : t`決済指値`, v.price, (p) => ({ ...v, price: p })) : null}

      {kind === 'stop' ? (
        <>
          {field(
            'trigger',
            t`発動値段（逆指値）`,
            v.trigger,
            (p) => ({ ...v, trigger: p }),
            quote ? <TriggerHint side={ctx} quote={quote} /> : null,
          )}
          <div className="ticket__field">
            <span className="stepper__label">
              <Trans>発動後の注文</Trans>
            </span>
            <Segmented
              label={t`発動後の注文`}
              value={v.type}
              options={[
                { value: 'market', label: t`成行` },
                { value: 'limit', label: t`指値` },
              ]}
              onChange={(type) => set(withStopType(v, type))}
            />
          </div>
          {v.type === 'limit' ? field('price', t`発動後の指値`, v.price, (p) => ({ ...v, price: p })) : null}
        </>
      ) : null}

      {kind === 'oco' ? (
        <>
          {field('price', t`利益確定の指値`, v.price, (p) => ({ ...v, price: p }))}
          {field('stop', t`損切りの逆指値（発動で成行）`, v.stop, (p) => ({ ...v, stop: p }))}
        </>
      ) : null}

      {mode === 'open' ? <ConditionField v={v} ctx={ctx} onChange={set} /> : null}

      {!ctx.dayTrade ? <ValidityField value={v.validity} today={today} onChange={(validity) => set({ ...v, validity })} /> : null}

      {mode === 'open' ? (
        <ThenFields v={v} ctx={ctx} quote={quote} rules={rules} priceScale={priceScale} issues={issues} onChange={set} />
      ) : null}

      {issues
        .filter((i) => i.kind === 'validity' || i.kind === 'condition')
        .map((i) => (
          <IssueNotice key={`${i.field}-${i.kind}`} issue={i} priceScale={priceScale} />
        ))}
    </div>
  );
}

function KindExplanation({ kind, mode }: { kind: OrderKind; mode: 'open' | 'close' }) {
  switch (kind) {
    case 'market':
      return <Trans>値段を指定せず、いま売買できる値段ですぐに約定します（取引時間外は次の寄付で）。</Trans>;
    case 'limit':
      return <Trans>指定した値段か、それより有利な値段になったときだけ約定します。</Trans>;
    case 'stop':
      return mode === 'open' ? (
        <Trans>株価が発動値段に達したときに、成行または指値の注文を出します。達するまでは注文になりません。</Trans>
      ) : (
        <Trans>株価が発動値段に達したときに決済注文を出します（損切りや利益の確保に）。</Trans>
      );
    case 'oco':
      return <Trans>利益確定の指値と損切りの逆指値を同時に出し、先に条件を満たした方で決済します。もう一方は自動で取り消されます。</Trans>;
  }
}

/** Where the trigger stands against the price: a buy stop fires when the price rises to it, a sell stop when it falls to it. */
function TriggerHint({ side, quote }: { side: OrderTypeContext; quote: TicketQuote }) {
  const price = formatPriceYen(quote.price, quote.priceScale);
  const buy = (side.mode === 'open') === (side.direction === 'up');
  return buy ? (
    <Trans>現在値 {price}。株価がこの値段以上になると発動します。</Trans>
  ) : (
    <Trans>現在値 {price}。株価がこの値段以下になると発動します。</Trans>
  );
}

function PriceField({
  label,
  value,
  rules,
  priceScale,
  onChange,
  hint,
  issues,
}: {
  label: string;
  value: number;
  rules: PriceRules;
  priceScale: number;
  onChange: (p: number) => void;
  hint?: ReactNode;
  issues: OrderTypeIssue[];
}) {
  const { t } = useLingui();
  const display = useCallback((p: number) => formatPrice(p, priceScale), [priceScale]);
  return (
    <>
      <Stepper
        label={label}
        value={value}
        display={display}
        inputMode="decimal"
        parse={(text) => parsePriceInput(text, priceScale)}
        onChange={onChange}
        onStep={(d) => onChange(stepLimitPrice(value, d, rules))}
        canDown={canStepPrice(value, -1, rules)}
        canUp={canStepPrice(value, 1, rules)}
        suffix={t`円`}
        hint={hint}
      />
      {issues.map((i) =>
        i.kind === 'refusal' ? (
          <LimitPriceNotice key={i.refusal.id} refusal={i.refusal} onPick={onChange} />
        ) : (
          <IssueNotice key={i.kind} issue={i} priceScale={priceScale} />
        ),
      )}
    </>
  );
}

function IssueNotice({ issue, priceScale }: { issue: OrderTypeIssue; priceScale: number }) {
  let text: ReactNode;
  if (issue.kind === 'reached') {
    const price = formatPriceYen(issue.price, priceScale);
    const trigger = formatPriceYen(issue.trigger, priceScale);
    text = <Trans>株価（{price}）がすでに発動値段 {trigger} に達しています。まだ達していない値段を指定してください。</Trans>;
  } else if (issue.kind === 'legs') {
    text = <Trans>損切りの値段は、利益確定の値段より不利な側（買いの決済なら下、売りの決済なら上）に指定してください。</Trans>;
  } else if (issue.kind === 'validity') {
    text = <Trans>有効期限は当日・今週、または15営業日先までの取引日から選んでください。</Trans>;
  } else if (issue.kind === 'condition') {
    text = <Trans>この執行条件はこの注文には指定できません。</Trans>;
  } else if (issue.kind === 'missing') {
    text = <Trans>値段を指定してください。</Trans>;
  } else {
    return null;
  }
  return (
    <p className="notice notice--warn" role="alert" data-issue={issue.kind}>
      <Icon d={icons.alert} size={18} />
      <span>{text}</span>
    </p>
  );
}

function ConditionField({ v, ctx, onChange }: { v: OrderTypeValue; ctx: OrderTypeContext; onChange: (v: OrderTypeValue) => void }) {
  const { t } = useLingui();
  const choices = conditionChoices(v, ctx);
  const label = (c: ExecCondition | null) => (c === 'open' ? t`寄付` : c === 'close' ? t`引け` : c === 'funari' ? t`不成` : t`なし`);
  return (
    <div className="ticket__field">
      <span className="stepper__label">
        <Trans>執行条件</Trans>
      </span>
      {choices.length > 1 ? (
        <Segmented<ExecCondition | 'none'>
          label={t`執行条件`}
          value={v.condition ?? 'none'}
          options={choices.map((c) => ({ value: c ?? 'none', label: label(c) }))}
          onChange={(c) => onChange({ ...v, condition: c === 'none' ? null : c })}
        />
      ) : null}
      <p className="otf__why small muted">
        {v.condition === 'open' ? (
          <Trans>寄付（前場9:00・後場12:30の最初の板寄せ）でだけ約定します。約定しなければ失効します。</Trans>
        ) : v.condition === 'close' ? (
          <Trans>大引け（15:30の板寄せ）でだけ約定します。約定しなければ失効します。</Trans>
        ) : v.condition === 'funari' ? (
          <Trans>取引時間中は指値で待ち、大引けまでに約定しなければ大引けに成行で約定します。</Trans>
        ) : choices.length > 1 ? (
          <Trans>条件なし：有効期限まで、取引時間中いつでも約定します。</Trans>
        ) : (
          <Trans>執行条件は、逆指値でない当日限りの注文にだけ指定できます。</Trans>
        )}
      </p>
    </div>
  );
}

function ValidityField({ value, today, onChange }: { value: string; today: string; onChange: (v: string) => void }) {
  const { t } = useLingui();
  const dates = useMemo(() => validityDates(today), [today]);
  const mode = value === 'day' || value === 'week' ? value : 'date';
  const [lastDate, setLastDate] = useState<string>(mode === 'date' ? value : dates[4]!);
  return (
    <div className="ticket__field">
      <span className="stepper__label">
        <Trans>有効期限</Trans>
      </span>
      <Segmented
        label={t`有効期限`}
        value={mode}
        options={[
          { value: 'day', label: t`当日` },
          { value: 'week', label: t`今週` },
          { value: 'date', label: t`期間指定` },
        ]}
        onChange={(m) => onChange(m === 'date' ? (dates.includes(lastDate) ? lastDate : dates[0]!) : m)}
      />
      {mode === 'date' ? (
        <label className="otf__date">
          <span className="small muted">
            <Trans>この日の大引けまで</Trans>
          </span>
          <select
            className="otf__select mono"
            value={value}
            onChange={(e) => {
              setLastDate(e.currentTarget.value);
              onChange(e.currentTarget.value);
            }}
          >
            {dates.map((d) => (
              <option key={d} value={d}>
                {formatIsoDate(d)}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      <p className="otf__why small muted">
        {mode === 'day' ? (
          <Trans>今日の大引けまでに約定しなければ失効します。</Trans>
        ) : mode === 'week' ? (
          <Trans>今週最後の取引日の大引けまで有効です。</Trans>
        ) : (
          <Trans>指定した日の大引けまで有効です（最長15営業日）。</Trans>
        )}
      </p>
    </div>
  );
}

function ThenFields({
  v,
  ctx,
  quote,
  rules,
  priceScale,
  issues,
  onChange,
}: {
  v: OrderTypeValue;
  ctx: OrderTypeContext;
  quote: TicketQuote | null;
  rules: PriceRules | null;
  priceScale: number;
  issues: OrderTypeIssue[];
  onChange: (v: OrderTypeValue) => void;
}) {
  const { t } = useLingui();
  const kind = thenKindOf(v.then);
  const then = v.then;
  const put = (patch: Partial<NonNullable<OrderTypeValue['then']>>) => onChange({ ...v, then: { ...then!, ...patch } });
  const field = (f: PriceField, label: string, val: number | undefined, patch: (p: number) => Partial<NonNullable<OrderTypeValue['then']>>) =>
    rules && val !== undefined ? (
      <PriceField key={f} label={label} value={val} rules={rules} priceScale={priceScale} onChange={(p) => put(patch(p))} issues={issues.filter((i) => i.field === f)} />
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
