import { msg } from '@lingui/core/macro';
import type { I18n, MessageDescriptor } from '@lingui/core';
import type { DocumentKind, ExecutionKind, ExportKind } from '../../../shared/domain/documents';
import type { DocumentView } from '../../../shared/api/documents';
import { displayName } from '../../../shared/market/local-names';
import { formatInt, formatIsoDate } from '../../../shared/money';

/**
 * The words of the document box and the exports (docs/domain.md "Documents and exports"), Japanese
 * as the source: the server stores kinds and facts, the reader's language is made here.
 */

/** 取引報告書, 取引残高報告書, 特定口座年間取引報告書 (the names the documents print). */
export const DOCUMENT_KIND_NAME: Record<DocumentKind, MessageDescriptor> = {
  contract_note: msg({ message: '取引報告書' }),
  balance_report: msg({ message: '取引残高報告書' }),
  annual_report: msg({ message: '特定口座年間取引報告書' }),
};

/** The filter chips' shorter names (a context of their own: other languages shorten them too). */
export const DOCUMENT_KIND_CHIP: Record<DocumentKind, MessageDescriptor> = {
  contract_note: msg({ context: 'document chip', message: '取引報告書' }),
  balance_report: msg({ context: 'document chip', message: '取引残高報告書' }),
  annual_report: msg({ context: 'document chip', message: '年間取引報告書' }),
};

/** 取引区分 (shared/domain/documents.ts EXECUTION_KIND_JA). */
export const EXECUTION_KIND_NAME: Record<ExecutionKind, MessageDescriptor> = {
  cash_buy: msg({ message: '現物買' }),
  cash_sell: msg({ message: '現物売' }),
  margin_open_buy: msg({ message: '信用新規買' }),
  margin_open_sell: msg({ message: '信用新規売' }),
  margin_close_sell: msg({ message: '信用返済売' }),
  margin_close_buy: msg({ message: '信用返済買' }),
  ipo_allotment: msg({ message: '募集（新規公開株）' }),
  block_buy: msg({ message: '買付（ブロック取引）' }),
  trust_buy: msg({ message: '投資信託 買付' }),
  trust_sell: msg({ message: '投資信託 解約' }),
};

const TRUST_KINDS: readonly ExecutionKind[] = ['trust_buy', 'trust_sell'];

/** A descriptor with values, translated (built apart: the extractor reads a literal passed to `i18n._` as a message). */
function tr(i18n: I18n, d: MessageDescriptor, values: Record<string, unknown>): string {
  const descriptor: MessageDescriptor = { ...d, values };
  return i18n._(descriptor);
}

/** What a contract note is about: "現物買 トヨタ自動車（7203） 100株" (a fund's quantity in 口). */
function executionTitle(i18n: I18n, title: DocumentView['title']): string {
  const what = title.execution ? i18n._(EXECUTION_KIND_NAME[title.execution]) : '';
  const code = title.code ?? '';
  const name = displayName({ code, nameJa: title.nameJa ?? null, nameEn: title.nameEn ?? null }, i18n.locale);
  const stock = name && name !== code ? tr(i18n, msg({ message: '{name}（{code}）' }), { name, code }) : code;
  const n = formatInt(title.quantity ?? 0);
  const quantity =
    title.quantity === undefined ? '' : title.execution && TRUST_KINDS.includes(title.execution) ? tr(i18n, msg({ message: '{n}口' }), { n }) : tr(i18n, msg({ message: '{n}株' }), { n });
  return [what, stock, quantity].filter(Boolean).join(' ');
}

/** The period of a report: "2026年 第4四半期（2026.10.01〜2026.12.31）", "ご請求分（…）", "2026年分". */
function periodTitle(i18n: I18n, d: Pick<DocumentView, 'kind' | 'title' | 'periodFrom' | 'periodTo'>): string {
  if (d.kind === 'annual_report') {
    const year = d.title.year ?? Number((d.periodFrom ?? '').slice(0, 4));
    return tr(i18n, msg({ message: '{year}年分' }), { year });
  }
  const range = d.periodFrom && d.periodTo ? `${formatIsoDate(d.periodFrom)}〜${formatIsoDate(d.periodTo)}` : '';
  const q = /^(\d{4})-Q([1-4])$/.exec(d.title.period ?? '');
  if (q) return tr(i18n, msg({ message: '{year}年 第{quarter}四半期（{range}）' }), { year: q[1], quarter: q[2], range });
  return tr(i18n, msg({ message: 'ご請求分（{range}）' }), { range });
}

/** The line under a document's kind in the box. */
export function documentTitle(i18n: I18n, d: Pick<DocumentView, 'kind' | 'title' | 'periodFrom' | 'periodTo'>): string {
  return d.kind === 'contract_note' ? executionTitle(i18n, d.title) : periodTitle(i18n, d);
}

/** The exports (GET documents/export/{kind}): a name and what is in it. */
export const EXPORT_TEXT: Record<ExportKind, { name: MessageDescriptor; hint: MessageDescriptor }> = {
  trades: { name: msg({ message: '取引履歴' }), hint: msg({ message: '約定ごとの取引（取引報告書と同じ項目）' }) },
  records: { name: msg({ message: '入出金・取引明細' }), hint: msg({ message: '口座のすべての記録（入出金・手数料・税金・配当など）' }) },
  dividends: { name: msg({ message: '配当金・分配金' }), hint: msg({ message: '受け取った配当金と投資信託の分配金、源泉徴収税額' }) },
  pnl: { name: msg({ message: '年間損益' }), hint: msg({ message: '受渡日がその年の売却ごとの譲渡損益と合計' }) },
  ghostfolio: { name: msg({ message: 'Ghostfolio' }), hint: msg({ message: '資産管理アプリ Ghostfolio の取引インポート形式' }) },
};
