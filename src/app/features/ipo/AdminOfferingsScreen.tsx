import { useEffect, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { ipoAdminApi, OFFERING_KINDS, type OfferingKind } from '../../../shared/api/ipo';
import { SEGMENTS, type Segment } from '../../../shared/market/sectors';
import { jstDate } from '../../../shared/market/jst';
import { formatDateTime, formatInt, formatIsoDate, formatPriceYen, parseDecimal } from '../../../shared/money';
import { useMoneyCommand } from '../../api/money-command';
import { endpointArea, endpointQuery } from '../../api/query';
import { EmptyView } from '../../components/EmptyView';
import { Spinner } from '../../components/Spinner';
import { toast } from '../../components/Toast';
import { OFFERING_KIND_TEXT, OFFERING_STATUS_TEXT, SEGMENT_TEXT, offeringName } from './labels';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** A `datetime-local` value for an instant, in the browser's time zone. */
function localInput(ms: number): string {
  const d = new Date(ms - new Date(ms).getTimezoneOffset() * 60_000);
  return d.toISOString().slice(0, 16);
}

/** The form's default dates from the market's now: three days to apply, the draw, payment, listing. */
function defaultDates(now: number): Pick<Draft, 'from' | 'to' | 'drawAt' | 'paymentDue' | 'listingDate'> {
  return {
    from: localInput(now), to: localInput(now + 3 * DAY), drawAt: localInput(now + 4 * DAY), paymentDue: localInput(now + 6 * DAY),
    listingDate: jstDate(now + 8 * DAY),
  };
}

interface Draft {
  kind: OfferingKind;
  code: string;
  name: string;
  nameEn: string;
  nameZhHant: string;
  nameKo: string;
  kana: string;
  segment: Segment;
  sponsor: string;
  priceLow: string;
  priceHigh: string;
  sharesOffered: string;
  minLots: string;
  minFunds: string;
  repeatMax: string;
  from: string;
  to: string;
  drawAt: string;
  paymentDue: string;
  listingDate: string;
  reason: string;
}

/**
 * /admin/ipo — offerings in the back office (docs/domain.md "IPO"): create an IPO (a new stock in
 * the simulator), a public offering or a placement with its dates and limits; every creation has a
 * reason and is audited. Pricing, the draw, payment and listing then run as jobs at their times.
 */
export function AdminOfferingsScreen() {
  const { t, i18n } = useLingui();
  const list = useQuery(endpointQuery(ipoAdminApi.list, {}, { refetchInterval: 15_000 }));
  const [draft, setDraft] = useState<Draft>({
    kind: 'ipo', code: '', name: '', nameEn: '', nameZhHant: '', nameKo: '', kana: '', segment: 'growth', sponsor: '', priceLow: '', priceHigh: '',
    sharesOffered: '100000', minLots: '1', minFunds: '', repeatMax: '', from: '', to: '', drawAt: '', paymentDue: '', listingDate: '', reason: '',
  });
  // The default dates start at the market clock's now (the list's), not this device's: on the demo's
  // always-open market they are days apart, and an offering dated by the device would already be
  // past its window on the market's calendar (docs/decisions/023-one-clock.md).
  const marketNow = list.data?.now;
  useEffect(() => {
    if (marketNow === undefined) return;
    setDraft((d) => (d.from ? d : { ...d, ...defaultDates(marketNow) }));
  }, [marketNow]);
  const set = (k: keyof Draft) => (e: { target: { value: string } }) => setDraft((d) => ({ ...d, [k]: e.target.value }));
  const create = useMoneyCommand(ipoAdminApi.create, {
    invalidate: [endpointArea(ipoAdminApi.list), ['ipo']],
    onSuccess: () => toast(t`案件を作成しました`),
  });

  const read = () => {
    try {
      const int = (v: string) => (/^\d+$/.test(v.trim()) ? Number(v) : NaN);
      const body = {
        kind: draft.kind, code: draft.code.trim().toUpperCase(), name: draft.name.trim(), nameEn: draft.nameEn.trim(), kana: draft.kana.trim(),
        ...(draft.nameZhHant.trim() ? { nameZhHant: draft.nameZhHant.trim() } : {}),
        ...(draft.nameKo.trim() ? { nameKo: draft.nameKo.trim() } : {}),
        segment: draft.segment, sponsor: draft.sponsor.trim(),
        priceLow: parseDecimal(draft.priceLow, 1), priceHigh: parseDecimal(draft.priceHigh, 1),
        sharesOffered: int(draft.sharesOffered), minLots: int(draft.minLots),
        ...(draft.minFunds.trim() ? { minFunds: int(draft.minFunds) } : {}),
        ...(draft.repeatMax.trim() ? { repeatMax: int(draft.repeatMax) } : {}),
        from: new Date(draft.from).getTime(), to: new Date(draft.to).getTime(), drawAt: new Date(draft.drawAt).getTime(),
        paymentDue: new Date(draft.paymentDue).getTime(), listingDate: draft.listingDate, reason: draft.reason.trim(),
      };
      const nums = [body.sharesOffered, body.minLots, body.from, body.to, body.drawAt, body.paymentDue, body.minFunds ?? 0, body.repeatMax ?? 1];
      return nums.some(Number.isNaN) ? null : body;
    } catch {
      return null;
    }
  };
  const body = read();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!body || create.isPending) return;
    create.begin();
    create.mutate({ body });
  };
  const rows = list.data?.items ?? [];
  const field = (k: keyof Draft, label: string, props: Record<string, string> = {}) => (
    <label className="field">
      <span className="field__label">{label}</span>
      <input className="field__input" value={draft[k]} onChange={set(k)} name={k} {...props} />
    </label>
  );
  return (
    <section className="admin-screen" aria-labelledby="admin-ipo-h">
      <h2 id="admin-ipo-h" className="admin-screen__title">
        <Trans>IPO・公募</Trans>
      </h2>
      <section className="admin-card" aria-labelledby="ipo-create-h">
        <h3 id="ipo-create-h" className="admin-card__title">
          <Trans>新規作成</Trans>
        </h3>
        <form className="admin-form" onSubmit={submit}>
          <label className="field">
            <span className="field__label"><Trans>種別</Trans></span>
            <select className="field__input" value={draft.kind} onChange={set('kind')} name="kind">
              {OFFERING_KINDS.map((k) => <option key={k} value={k}>{i18n._(OFFERING_KIND_TEXT[k])}</option>)}
            </select>
          </label>
          {field('code', t`銘柄コード（新規公開は未使用のコード）`, { maxLength: '4' })}
          {field('name', t`会社名`)}
          {field('nameEn', t`会社名（英語）`)}
          {field('nameZhHant', t`会社名（繁体字中国語・任意）`)}
          {field('nameKo', t`会社名（韓国語・任意）`)}
          {field('kana', t`会社名（カナ）`)}
          <label className="field">
            <span className="field__label"><Trans>上場市場</Trans></span>
            <select className="field__input" value={draft.segment} onChange={set('segment')} name="segment">
              {SEGMENTS.map((s) => <option key={s} value={s}>{i18n._(SEGMENT_TEXT[s])}</option>)}
            </select>
          </label>
          {field('sponsor', t`主幹事証券`)}
          {field('priceLow', t`仮条件 下限（円）`, { inputMode: 'decimal' })}
          {field('priceHigh', t`仮条件 上限（円）`, { inputMode: 'decimal' })}
          <p className="admin-note">
            <Trans>新規公開：上限は下限の25%増しまで。公募・第三者割当：下限・上限とも当日の値幅制限内かつ前日終値の90%〜100%</Trans>
          </p>
          {field('sharesOffered', t`募集株数`, { inputMode: 'numeric' })}
          {field('minLots', t`最低申込単元数`, { inputMode: 'numeric' })}
          {field('minFunds', t`申込に必要な資金（円、空欄で設定値）`, { inputMode: 'numeric' })}
          {field('repeatMax', t`申込回数の上限（空欄で設定値）`, { inputMode: 'numeric' })}
          {field('from', t`申込開始日時`, { type: 'datetime-local' })}
          {field('to', t`申込終了日時`, { type: 'datetime-local' })}
          {field('drawAt', t`抽選日時`, { type: 'datetime-local' })}
          {field('paymentDue', t`購入期限（払込期日）`, { type: 'datetime-local' })}
          {field('listingDate', t`上場日`, { type: 'date' })}
          {field('reason', t`理由（監査ログに記録）`)}
          <div className="admin-form__actions">
            <button type="submit" className="btn btn--primary" disabled={!body || body.reason.length < 3 || create.isPending}>
              <Trans>作成する</Trans>
            </button>
          </div>
        </form>
      </section>
      <section className="admin-card" aria-labelledby="ipo-list-h">
        <h3 id="ipo-list-h" className="admin-card__title">
          <Trans>案件一覧</Trans>
        </h3>
        {list.isPending ? (
          <Spinner label={t`読み込み中…`} />
        ) : rows.length === 0 ? (
          <EmptyView compact text={<Trans>案件はまだありません</Trans>} />
        ) : (
          <div className="admin-scroll">
            <table className="admin-table">
              <thead>
                <tr>
                  <th scope="col"><Trans>銘柄</Trans></th>
                  <th scope="col"><Trans>状態</Trans></th>
                  <th scope="col" className="num"><Trans>仮条件 / 公開価格</Trans></th>
                  <th scope="col" className="num"><Trans>申込 / 募集株数</Trans></th>
                  <th scope="col"><Trans>日程</Trans></th>
                </tr>
              </thead>
              <tbody>
                {rows.map((o) => (
                  <tr key={o.id}>
                    <td>
                      <span className="mono">{o.code}</span>
                      <span className="admin-table__name">{offeringName(o, i18n.locale)} · {i18n._(OFFERING_KIND_TEXT[o.kind])}</span>
                    </td>
                    <td>{i18n._(OFFERING_STATUS_TEXT[o.status])}</td>
                    <td className="num mono">
                      {formatPriceYen(o.priceLow, o.priceScale)}–{formatPriceYen(o.priceHigh, o.priceScale)} / {formatPriceYen(o.finalPrice, o.priceScale)}
                    </td>
                    <td className="num mono">
                      {formatInt(o.appliedLots * 100)} / {formatInt(o.sharesOffered)}
                    </td>
                    <td className="mono small">
                      {formatDateTime(o.from)}–{formatDateTime(o.to)} · {formatDateTime(o.drawAt)} · {formatIsoDate(o.listingDate)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </section>
  );
}
