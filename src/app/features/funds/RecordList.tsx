import { useInfiniteQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { RECORD_LINE_TYPES } from '../../../shared/api/funds';
import type { EntryKind } from '../../../shared/domain/ledger-kinds';
import { formatDateTime, formatMoney } from '../../../shared/money';
import { EmptyView } from '../../components/EmptyView';
import { LoadingPane } from '../../components/Spinner';
import { MoreButton } from '../../components/MoreButton';
import * as icons from '../../components/icons';
import { fundsRecordsQuery, type FundsRecord, type RecordType } from './api';
import { KIND_TEXT, memoText } from './record-texts';
import './funds.css';
import './records.css';

type LineType = (typeof RECORD_LINE_TYPES)[number];
const LINE_TEXT: Record<LineType, MessageDescriptor> = {
  principal: msg({ message: '元本（証拠金）' }),
  reserve: msg({ message: '注文の拘束' }),
  pnl: msg({ message: '売買損益' }),
  fee: msg({ message: '手数料' }),
  interest: msg({ message: '金利・貸株料' }),
  tax: msg({ message: '税金' }),
  loan: msg({ message: '借入' }),
  grant: msg({ message: '付与' }),
  other: msg({ message: 'その他' }),
};

/** Lines a record of this kind always shows, even at ¥0 (every fee and tax line is explained). */
const ALWAYS: Partial<Record<EntryKind, LineType[]>> = {
  trade_open: ['principal', 'fee'],
  trade_close: ['principal', 'pnl', 'fee', 'tax'],
};

export function recordLines(r: Pick<FundsRecord, 'kind' | 'lines'>): { type: LineType; amount: number }[] {
  const out = [...r.lines];
  for (const type of ALWAYS[r.kind] ?? []) if (!out.some((l) => l.type === type)) out.push({ type, amount: 0 });
  const order: LineType[] = ['principal', 'reserve', 'pnl', 'interest', 'fee', 'tax', 'loan', 'grant', 'other'];
  return out.sort((a, b) => order.indexOf(a.type) - order.indexOf(b.type));
}

/** The change of the user's free cash in a record (what the lines add up to). */
export function cashChange(r: Pick<FundsRecord, 'postings' | 'currency'>): number {
  return r.postings.filter((p) => p.kind === 'cash' && p.currency === r.currency).reduce((s, p) => s + p.amount, 0);
}

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
  const lines = recordLines(r);
  const memo = memoText(r.memo, { i18n, record: r });
  return (
    <li className="record" data-kind={r.kind} data-memo={r.memo.id}>
      <div className="record__head">
        <span className={`record__type record__type--${r.type}`}>{i18n._(KIND_TEXT[r.kind])}</span>
        <span className={`record__amount mono amount--${cash > 0 ? 'rise' : cash < 0 ? 'fall' : 'flat'}`}>
          {(cash > 0 ? '+' : '') + formatMoney(cash, r.currency)}
        </span>
      </div>
      {memo ? <div className="record__memo">{memo}</div> : null}
      <div className="record__meta small">
        <span className="mono">{formatDateTime(r.createdAt)}</span>
      </div>
      {lines.length > 0 ? (
        <dl className="record__lines small">
          {lines.map((l) => (
            <div key={l.type} className="record__line" data-line={l.type}>
              <dt>
                {i18n._(LINE_TEXT[l.type])}
                {l.type === 'tax' && l.amount > 0 ? (
                  <>
                    {' '}
                    <Trans>（還付）</Trans>
                  </>
                ) : null}
              </dt>
              <dd className="mono">{(l.amount > 0 ? '+' : '') + formatMoney(l.amount, r.currency)}</dd>
            </div>
          ))}
          <div className="record__line record__line--total">
            <dt>
              <Trans>現金の増減</Trans>
            </dt>
            <dd className="mono">{(cash > 0 ? '+' : '') + formatMoney(cash, r.currency)}</dd>
          </div>
        </dl>
      ) : null}
    </li>
  );
}
