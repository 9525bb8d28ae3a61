import { useInfiniteQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { RECORD_LINE_TYPES } from '../../../shared/api/funds';
import { EVENT_KINDS, type EntryKind } from '../../../shared/domain/ledger-kinds';
import { formatDateTime, formatMoney } from '../../../shared/money';
import { EmptyView } from '../../components/EmptyView';
import { LoadingPane } from '../../components/Spinner';
import { MoreButton } from '../../components/MoreButton';
import * as icons from '../../components/icons';
import { fundsRecordsQuery, type FundsRecord, type RecordType } from './api';
import { KIND_TEXT, memoText } from './record-texts';
import { AccountBadge } from '../tax-account';
import './funds.css';
import './records.css';

type LineType = (typeof RECORD_LINE_TYPES)[number];
const LINE_TEXT: Record<LineType, MessageDescriptor> = {
  principal: msg({ message: '元本（証拠金）' }),
  reserve: msg({ message: '資金の拘束（注文・出金）' }),
  pnl: msg({ message: '売買損益' }),
  fee: msg({ message: '手数料' }),
  interest: msg({ message: '金利・貸株料' }),
  tax: msg({ message: '税金' }),
  dividend: msg({ message: '配当金' }),
  shortfall: msg({ message: '不足金' }),
  loan: msg({ message: '借入' }),
  grant: msg({ message: '付与' }),
  transfer: msg({ message: '送金（銀行・ウォレット）' }),
  fx: msg({ message: '両替' }),
  trust: msg({ message: '投資信託（買付・解約・分配）' }),
  other: msg({ message: 'その他' }),
};

/** Lines a record of this kind always shows, even at ¥0 (every fee and tax line is explained). */
const ALWAYS: Partial<Record<EntryKind, LineType[]>> = {
  trade_open: ['principal', 'fee'],
  trade_close: ['principal', 'pnl', 'fee', 'tax'],
};

/**
 * The lines of a record, in a fixed order. The shortfall is not among them: it is money the user
 * owes, shown under the total with settled cash and unsettled proceeds (`moneyParts`).
 */
export function recordLines(r: Pick<FundsRecord, 'kind' | 'lines'>): { type: LineType; amount: number }[] {
  const out = r.lines.filter((l) => l.type !== 'shortfall');
  for (const type of ALWAYS[r.kind] ?? []) if (!out.some((l) => l.type === type)) out.push({ type, amount: 0 });
  const order: LineType[] = ['principal', 'reserve', 'pnl', 'dividend', 'interest', 'fee', 'tax', 'loan', 'grant', 'transfer', 'fx', 'trust', 'other'];
  return out.sort((a, b) => order.indexOf(a.type) - order.indexOf(b.type));
}

/** The user's money a record can move: settled cash, unsettled sale proceeds, and the shortfall owed (≤ 0). */
const MONEY_KINDS = ['cash', 'unsettled', 'shortfall'] as const;
type MoneyKind = (typeof MONEY_KINDS)[number];

/** What a record moved in each of the user's money accounts. */
export function moneyParts(r: Pick<FundsRecord, 'postings' | 'currency'>): Record<MoneyKind, number> {
  const parts: Record<MoneyKind, number> = { cash: 0, unsettled: 0, shortfall: 0 };
  for (const p of r.postings) {
    if (p.currency === r.currency && (MONEY_KINDS as readonly string[]).includes(p.kind)) parts[p.kind as MoneyKind] += p.amount;
  }
  return parts;
}

/**
 * The change of the user's free money in a record (what the lines add up to): settled cash plus
 * unsettled proceeds, less any shortfall incurred (or plus one repaid).
 */
export function cashChange(r: Pick<FundsRecord, 'postings' | 'currency'>): number {
  const m = moneyParts(r);
  return m.cash + m.unsettled + m.shortfall;
}

/** The total's parts, when the record touched unsettled proceeds or a shortfall (else the total says it all). */
export function moneyBreakdown(r: Pick<FundsRecord, 'postings' | 'currency'>): { part: MoneyKind; amount: number }[] {
  const m = moneyParts(r);
  if (m.unsettled === 0 && m.shortfall === 0) return [];
  return MONEY_KINDS.filter((k) => m[k] !== 0).map((part) => ({ part, amount: m[part] }));
}

/**
 * The amount in a record's heading: its change of free money, except for a settlement, which moves
 * proceeds from unsettled to settled cash and shows how much settled, and a paid withdrawal, whose
 * money left the frozen reserve (the request already took it out of cash) and shows what was sent;
 * an event without money (a split) shows none.
 */
export function headlineAmount(r: Pick<FundsRecord, 'kind' | 'postings' | 'currency'>): { amount: number; transfer: boolean } | null {
  if ((EVENT_KINDS as readonly string[]).includes(r.kind)) return null;
  if (r.kind === 'settlement') return { amount: -moneyParts(r).unsettled, transfer: true };
  if (r.kind === 'withdrawal_paid') return { amount: ownChange(r, 'frozen'), transfer: false };
  return { amount: cashChange(r), transfer: false };
}

/** What a record moved in one of the user's own accounts of its currency (frozen, margin…). */
function ownChange(r: Pick<FundsRecord, 'postings' | 'currency'>, kind: string): number {
  return r.postings.filter((p) => p.currency === r.currency && p.kind === kind).reduce((s, p) => s + p.amount, 0);
}

const PART_TEXT = {
  cash: msg({ message: 'うち受渡済みの現金' }),
  unsettled: msg({ message: 'うち未受渡金' }),
  shortfallOwed: msg({ message: 'うち不足金の発生' }),
  shortfallRepaid: msg({ message: 'うち不足金の返済' }),
} as const;

function partText(part: MoneyKind, amount: number): MessageDescriptor {
  if (part === 'shortfall') return amount < 0 ? PART_TEXT.shortfallOwed : PART_TEXT.shortfallRepaid;
  return PART_TEXT[part];
}

const LATE_INTEREST_LINE = msg({ message: '遅延損害金' });

/** A line's label; an adjustment's dividend line is the adjustment (配当落調整金), late interest's interest line is 遅延損害金. */
function lineLabel(kind: EntryKind, type: LineType): MessageDescriptor {
  if (type === 'dividend' && kind === 'dividend_adjustment') return KIND_TEXT.dividend_adjustment;
  if (type === 'interest' && kind === 'late_interest') return LATE_INTEREST_LINE;
  return LINE_TEXT[type];
}

const signed = (amount: number, currency: string) => (amount > 0 ? '+' : '') + formatMoney(amount, currency);

export function RecordList({ type }: { type: RecordType }) {
  const query = useInfiniteQuery(fundsRecordsQuery(type));
  const items = query.data?.pages.flatMap((p) => p.items) ?? [];
  if (query.isPending) {
    return (
      <LoadingPane />
    );
  }
  if (items.length === 0) {
    return query.isError ? (
      <EmptyView icon={icons.alert} text={<Trans>履歴を読み込めませんでした</Trans>} hint={<Trans>通信状態をご確認ください。</Trans>} />
    ) : (
      <EmptyView icon={icons.list} text={<Trans>履歴はまだありません</Trans>} />
    );
  }
  return (
    <>
      <ul className="records">
        {items.map((r) => (
          <RecordItem key={r.id} r={r} />
        ))}
      </ul>
      <MoreButton query={query} />
    </>
  );
}

function RecordItem({ r }: { r: FundsRecord }) {
  const { i18n } = useLingui();
  const cash = cashChange(r);
  const head = headlineAmount(r);
  const lines = recordLines(r);
  const parts = moneyBreakdown(r);
  const memo = memoText(r.memo, { i18n, record: r });
  const lineText = (type: LineType) => i18n._(lineLabel(r.kind, type));
  return (
    <li className="record" data-kind={r.kind} data-memo={r.memo.id}>
      <div className="record__head">
        <span className={`record__type record__type--${r.type}`}>{i18n._(KIND_TEXT[r.kind])}</span>
        {head ? (
          <span className={`record__amount mono amount--${head.transfer ? 'flat' : head.amount > 0 ? 'rise' : head.amount < 0 ? 'fall' : 'flat'}`}>
            {head.transfer ? formatMoney(head.amount, r.currency) : signed(head.amount, r.currency)}
          </span>
        ) : null}
      </div>
      {memo ? <div className="record__memo">{memo}</div> : null}
      <div className="record__meta small">
        <span className="mono">{formatDateTime(r.createdAt)}</span>
        <AccountBadge account={r.account} />
      </div>
      {lines.length > 0 || parts.length > 0 ? (
        <dl className="record__lines small">
          {lines.map((l) => (
            <div key={l.type} className="record__line" data-line={l.type}>
              <dt>
                {lineText(l.type)}
                {l.type === 'tax' && l.amount > 0 ? (
                  <>
                    {' '}
                    <Trans>（還付）</Trans>
                  </>
                ) : null}
              </dt>
              <dd className="mono">{signed(l.amount, r.currency)}</dd>
            </div>
          ))}
          <div className="record__line record__line--total">
            <dt>
              <Trans>現金の増減</Trans>
            </dt>
            <dd className="mono">{signed(cash, r.currency)}</dd>
          </div>
          {parts.map((p) => (
            <div key={p.part} className="record__line record__line--part" data-part={p.part}>
              <dt>{i18n._(partText(p.part, p.amount))}</dt>
              <dd className="mono">{signed(p.amount, r.currency)}</dd>
            </div>
          ))}
        </dl>
      ) : null}
    </li>
  );
}
