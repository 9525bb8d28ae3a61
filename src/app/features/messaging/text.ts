import { msg } from '@lingui/core/macro';
import type { I18n, MessageDescriptor } from '@lingui/core';
import type { MessageItem, NewsItem, NewsLanguage } from '../../../shared/api/messaging';
import { formatDateTimeMinute, formatInt, formatMoney, formatPercent, formatPriceYen } from '../../../shared/money';
import { displayName } from '../../../shared/market/local-names';
import type { Language } from '../../storage';
import { deviceLabel, ipLabel, placeLabel } from '../account';

/*
 * Messages and simulated news are stored as a kind + params (docs/domain.md "Messages, news and
 * support"); their words are made here, in the reader's language, at read time.
 */

export const NEWS_LANGUAGE: Record<Language, NewsLanguage> = { jp: 'ja', en: 'en', tw: 'zh-Hant', ko: 'ko' };

/** A descriptor with values, translated (the macro's `msg` keeps the id the catalogs use). */
function tr(i18n: I18n, d: MessageDescriptor, values: Record<string, unknown>): string {
  const descriptor: MessageDescriptor = { ...d, values };
  return i18n._(descriptor);
}

type P = Record<string, string | number | boolean | null>;
const num = (p: P, k: string) => (typeof p[k] === 'number' ? (p[k] as number) : 0);
const str = (p: P, k: string) => (p[k] === null || p[k] === undefined ? '' : String(p[k]));
const pct = (bp: number, signed = true) => formatPercent(bp, { sign: signed });
const money = (p: P) => formatMoney(num(p, 'amount'), str(p, 'currency') || 'JPY');
/** A price as money, decimals only where the tick has them: "¥2,205", "¥2,205.5". */
const yenPrice = (p: P, k = 'price') => formatPriceYen(num(p, k), num(p, 'priceScale') || 1);

/**
 * The stock a message is about, named in the reader's language (src/shared/market/local-names.ts)
 * with its code: "三菱UFJフィナンシャル・グループ（8306）", "Mitsubishi UFJ Financial Group (8306)";
 * the bare code when the message has no name.
 */
export function stockOf(locale: string, p: P): string {
  const code = str(p, 'code');
  // An IPO's message carries the names its admin entered per language (docs/domain.md "IPO and offerings").
  const entered = locale === 'zh-Hant' ? str(p, 'nameZhHant') : locale === 'ko' ? str(p, 'nameKo') : '';
  const name = entered || displayName({ code, nameJa: str(p, 'name') || null, nameEn: str(p, 'nameEn') || null }, locale);
  if (!name || name === code) return code;
  return locale === 'ja' || locale === 'zh-Hant' ? `${name}（${code}）` : `${name} (${code})`;
}

export const MESSAGE_TITLE: Record<MessageItem['kind'], MessageDescriptor> = {
  order_filled: msg({ message: '約定のお知らせ' }),
  forced_close: msg({ message: '強制決済のお知らせ' }),
  margin_call: msg({ message: '追加保証金（追証）のお知らせ' }),
  corporate_action: msg({ message: '権利処理のお知らせ' }),
  deposit_approved: msg({ message: '入金完了' }),
  deposit_rejected: msg({ message: '入金の不承認' }),
  withdrawal_approved: msg({ message: '出金完了' }),
  withdrawal_rejected: msg({ message: '出金の不承認' }),
  kyc_approved: msg({ message: '本人確認の完了' }),
  kyc_rejected: msg({ message: '本人確認の不承認' }),
  margin_account_approved: msg({ message: '信用取引口座の開設' }),
  margin_account_rejected: msg({ message: '信用取引口座の不承認' }),
  nisa_approved: msg({ message: 'NISA口座の開設' }),
  nisa_rejected: msg({ message: 'NISA口座の不承認' }),
  nisa_year_opened: msg({ message: 'NISA 新しい年の非課税投資枠' }),
  ipo_won: msg({ message: 'IPO抽選結果（当選）' }),
  ipo_lost: msg({ message: 'IPO抽選結果（落選）' }),
  loan_ltv_warning: msg({ message: '担保維持率の警告' }),
  loan_ltv_liquidation: msg({ message: '担保処分のお知らせ' }),
  support_reply: msg({ message: 'カスタマーサポートからの返信' }),
  price_alert: msg({ message: '株価通知' }),
  login_alert: msg({ message: '新しいログインのお知らせ' }),
  payout_destination_added: msg({ message: '出金先の登録のお知らせ' }),
  plan_skipped: msg({ message: '積立の見送りのお知らせ' }),
  document_issued: msg({ message: '書面交付のお知らせ' }),
};

/**
 * Where tapping a message leads (an app path), for the kinds that have a screen of their own:
 * a new document opens the document box (docs/domain.md "Documents and exports").
 */
export const MESSAGE_TARGET: Partial<Record<MessageItem['kind'], string>> = {
  document_issued: '/information/documents',
};

/** The sentence of a new document: which one, with its number (the box lists it). */
function documentIssued(i18n: I18n, p: P, stock: string): string {
  const number = str(p, 'number');
  if (p.kind === 'annual_report') return tr(i18n, msg({ message: '{year}年分の特定口座年間取引報告書（{number}）を交付しました。電子交付書面でご確認ください' }), { year: num(p, 'year'), number });
  if (p.kind === 'contract_note') return tr(i18n, msg({ message: '{stock}の取引報告書（{number}）を交付しました。電子交付書面でご確認ください' }), { stock, number });
  // A quarter's 取引残高報告書 (period `2026-Q4`), or one the user asked for.
  const q = /^(\d{4})-Q([1-4])$/.exec(str(p, 'period'));
  if (!q) return tr(i18n, msg({ message: 'ご請求の取引残高報告書（{number}）を交付しました。電子交付書面でご確認ください' }), { number });
  return tr(i18n, msg({ message: '{year}年 第{quarter}四半期の取引残高報告書（{number}）を交付しました。電子交付書面でご確認ください' }), { year: q[1], quarter: q[2], number });
}

/** Why a 積立 run was skipped (PlanSkipReason), in the reader's language. */
const PLAN_SKIP_REASON: Record<string, MessageDescriptor> = {
  insufficient_cash: msg({ message: '買付余力が不足していました' }),
  nisa_room: msg({ message: 'NISAの非課税投資枠の残りが不足していました' }),
  fund_suspended: msg({ message: 'ファンドの購入が停止されていました' }),
  not_eligible: msg({ message: '選択した預り区分では購入できませんでした' }),
  stock_untradable: msg({ message: '銘柄が売買できない状態でした' }),
  account_restricted: msg({ message: '口座のお取引が制限されていました' }),
  order_refused: msg({ message: '注文を受け付けられませんでした' }),
};

/** The fund (in the reader's language) or the stock a 積立 message is about. */
function planTargetOf(locale: string, p: P): string {
  if (p.kind !== 'fund') return stockOf(locale, p);
  const name = (locale === 'en' ? str(p, 'fundEn') : locale === 'zh-Hant' ? str(p, 'fundZhHant') : locale === 'ko' ? str(p, 'fundKo') : '') || str(p, 'fund');
  return name || str(p, 'fundCode');
}

/** The body sentence of a message, in the reader's language. */
export function messageBody(i18n: I18n, m: Pick<MessageItem, 'kind' | 'params'>): string {
  const p = m.params;
  const stock = stockOf(i18n.locale, p);
  switch (m.kind) {
    case 'order_filled': {
      const values = { stock, quantity: formatInt(num(p, 'quantity')), price: yenPrice(p) };
      if (p.leg === 'close') return tr(i18n, msg({ message: '{stock}の決済注文が約定しました（{quantity}株、約定単価 {price}）' }), values);
      return p.direction === 'down'
        ? tr(i18n, msg({ message: '{stock}の売り注文が約定しました（{quantity}株、約定単価 {price}）' }), values)
        : tr(i18n, msg({ message: '{stock}の買い注文が約定しました（{quantity}株、約定単価 {price}）' }), values);
    }
    case 'forced_close':
      return tr(i18n, msg({ message: '{stock}の建玉が維持率 {ratio} まで下がったため、{price} で強制決済されました' }), { stock, ratio: pct(num(p, 'ratioBp'), false), price: yenPrice(p) });
    case 'margin_call':
      return tr(i18n, msg({ message: '{stock}の建玉の維持率が {ratio} となり、基準 {threshold} を下回りました。入金または建玉の決済をご検討ください' }), {
        stock, ratio: pct(num(p, 'ratioBp'), false), threshold: pct(num(p, 'thresholdBp'), false),
      });
    case 'corporate_action':
      return p.event === 'split'
        ? tr(i18n, msg({ message: '{stock}の株式分割（1:{ratio}）を反映しました（{before}株 → {after}株）' }), { stock, ratio: num(p, 'ratio'), before: formatInt(num(p, 'sharesBefore')), after: formatInt(num(p, 'sharesAfter')) })
        : tr(i18n, msg({ message: '{stock}の配当（権利落ち日 {exDate}）を反映しました：{amount}' }), { stock, exDate: str(p, 'exDate'), amount: formatMoney(num(p, 'amount'), 'JPY') });
    case 'deposit_approved':
      return tr(i18n, msg({ message: '{amount} のご入金を確認し、口座に反映しました' }), { amount: money(p) });
    case 'deposit_rejected':
      return tr(i18n, msg({ message: '{amount} の入金申請は承認されませんでした。理由：{reason}' }), { amount: money(p), reason: str(p, 'reason') });
    case 'withdrawal_approved':
      return tr(i18n, msg({ message: '{amount} の出金を送金しました' }), { amount: money(p) });
    case 'withdrawal_rejected':
      return tr(i18n, msg({ message: '{amount} の出金申請は承認されず、口座に戻しました。理由：{reason}' }), { amount: money(p), reason: str(p, 'reason') });
    case 'kyc_approved':
      return i18n._(msg({ message: '本人確認が完了しました。すべてのサービスをご利用いただけます' }));
    case 'kyc_rejected':
      return tr(i18n, msg({ message: '本人確認書類を確認できませんでした。理由：{reason}' }), { reason: str(p, 'reason') });
    case 'margin_account_approved':
      return i18n._(msg({ message: '信用取引口座を開設しました。信用新規買・空売りがご利用いただけます' }));
    case 'margin_account_rejected':
      return tr(i18n, msg({ message: '信用取引口座のお申し込みは承認されませんでした。理由：{reason}' }), { reason: str(p, 'reason') });
    case 'nisa_approved':
      return i18n._(msg({ message: 'NISA口座を開設しました。買い注文の預り区分でNISAを選べます' }));
    case 'nisa_rejected':
      return tr(i18n, msg({ message: 'NISA口座のお申し込みは承認されませんでした。理由：{reason}' }), { reason: str(p, 'reason') });
    case 'nisa_year_opened':
      return tr(i18n, msg({ message: '{year}年のNISA非課税投資枠をご利用いただけます（成長投資枠 残り{growth}、つみたて投資枠 残り{tsumitate}）。昨年の売却で生涯投資枠が{freed}回復し、生涯投資枠の残りは{lifetime}です' }), {
        year: num(p, 'year'), growth: formatMoney(num(p, 'growthRemaining'), 'JPY'), tsumitate: formatMoney(num(p, 'tsumitateRemaining'), 'JPY'),
        freed: formatMoney(num(p, 'freed'), 'JPY'), lifetime: formatMoney(num(p, 'lifetimeRemaining'), 'JPY'),
      });
    case 'ipo_won':
      return tr(i18n, msg({ message: '{stock}の抽選に当選しました。購入期間内に購入または辞退のお手続きをお願いします' }), { stock });
    case 'ipo_lost':
      return tr(i18n, msg({ message: '{stock}の抽選は落選となりました' }), { stock });
    case 'loan_ltv_warning':
      return tr(i18n, msg({ message: '借入の担保掛目（LTV）が {ltv} に達しました。返済または担保の追加をご検討ください' }), { ltv: pct(num(p, 'ltvBp'), false) });
    case 'loan_ltv_liquidation':
      return tr(i18n, msg({ message: '借入の担保掛目（LTV）が {ltv} に達したため、担保を処分して返済に充てました' }), { ltv: pct(num(p, 'ltvBp'), false) });
    case 'support_reply':
      return tr(i18n, msg({ message: 'カスタマーサポートから返信がありました：{preview}' }), { preview: str(p, 'preview') });
    case 'price_alert': {
      const values = { stock, threshold: p.alert === 'change' ? pct(num(p, 'threshold')) : yenPrice(p, 'threshold'), price: yenPrice(p), change: pct(num(p, 'changeBp')) };
      if (p.alert === 'below') return tr(i18n, msg({ message: '{stock}が {threshold} 以下になりました（現在値 {price}）' }), values);
      if (p.alert === 'change') return tr(i18n, msg({ message: '{stock}の前日比が {threshold} に達しました（現在値 {price}、{change}）' }), values);
      return tr(i18n, msg({ message: '{stock}が {threshold} 以上になりました（現在値 {price}）' }), values);
    }
    case 'payout_destination_added': {
      const values = { label: str(p, 'label'), usableAt: formatDateTimeMinute(num(p, 'usableAt')) };
      return p.type === 'wallet'
        ? tr(i18n, msg({ message: '出金先のUSDTアドレス（{label}）が登録されました。{usableAt} から出金先として利用できます。お心当たりがない場合は、すぐにカスタマーサポートへご連絡ください' }), values)
        : tr(i18n, msg({ message: '出金先の銀行口座（{label}）が登録されました。{usableAt} から出金先として利用できます。お心当たりがない場合は、すぐにカスタマーサポートへご連絡ください' }), values);
    }
    case 'plan_skipped': {
      const reason = PLAN_SKIP_REASON[str(p, 'reason')] ?? PLAN_SKIP_REASON.order_refused!;
      return tr(i18n, msg({ message: '{runDate}の積立（{target}）を見送りました。理由：{reason}。積立は次回から続きます' }), {
        runDate: str(p, 'runDate'), target: planTargetOf(i18n.locale, p), reason: i18n._(reason),
      });
    }
    case 'document_issued':
      return documentIssued(i18n, p, stock);
    case 'login_alert': {
      const client = { browser: str(p, 'browser'), os: str(p, 'os'), deviceName: str(p, 'deviceName'), deviceType: (str(p, 'deviceType') || 'other') as 'other' };
      const country = typeof p.country === 'string' ? p.country : null;
      const values = { device: deviceLabel(i18n, client), ip: ipLabel(i18n, typeof p.ip === 'string' ? p.ip : null), place: placeLabel(i18n, country) };
      if (p.newDevice && p.newCountry) {
        return tr(i18n, msg({ message: '新しい端末から、これまでと異なる国・地域（{place}）でログインがありました：{device}、IPアドレス {ip}。お心当たりがない場合は「身に覚えがない」を押してください。すべての端末からログアウトし、出金などを止めます' }), values);
      }
      if (p.newCountry) {
        return tr(i18n, msg({ message: 'これまでと異なる国・地域（{place}）からログインがありました：{device}、IPアドレス {ip}。お心当たりがない場合は「身に覚えがない」を押してください。すべての端末からログアウトし、出金などを止めます' }), values);
      }
      return tr(i18n, msg({ message: '新しい端末からログインがありました：{device}、IPアドレス {ip}、国・地域 {place}。お心当たりがない場合は「身に覚えがない」を押してください。すべての端末からログアウトし、出金などを止めます' }), values);
    }
  }
}

/** A news item's title in the reader's language (an article falls back to Japanese). */
export function newsTitle(i18n: I18n, n: NewsItem, lang: NewsLanguage): string {
  const p = n.params;
  const name = displayName({ code: n.code, nameJa: str(p, 'name') || null, nameEn: str(p, 'nameEn') || null }, lang);
  const code = n.code ?? '';
  switch (n.kind) {
    case 'article':
      return n.content?.[lang]?.title ?? n.content?.ja?.title ?? '';
    case 'limit_up':
      return tr(i18n, msg({ message: '{name}（{code}）がストップ高' }), { name, code });
    case 'limit_down':
      return tr(i18n, msg({ message: '{name}（{code}）がストップ安' }), { name, code });
    case 'top_gainer':
      return tr(i18n, msg({ message: '値上がり率 {rank}位：{name}（{code}）{change}' }), { rank: num(p, 'rank'), name, code, change: pct(num(p, 'changeBp')) });
    case 'top_loser':
      return tr(i18n, msg({ message: '値下がり率 {rank}位：{name}（{code}）{change}' }), { rank: num(p, 'rank'), name, code, change: pct(num(p, 'changeBp')) });
    case 'volume_spike':
      return tr(i18n, msg({ message: '{name}（{code}）の出来高が急増（20日平均の{ratio}倍）' }), { name, code, ratio: (num(p, 'volumeRatioX100') / 100).toFixed(1) });
    case 'split_ahead':
      return tr(i18n, msg({ message: '{name}（{code}）が{exDate}に株式分割（1:{ratio}）' }), { name, code, exDate: str(p, 'exDate'), ratio: num(p, 'ratio') });
    case 'dividend_ahead':
      return tr(i18n, msg({ message: '{name}（{code}）の配当権利落ち日は{exDate}（1株 {amount}）' }), { name, code, exDate: str(p, 'exDate'), amount: yenPrice(p, 'amount') });
    case 'ipo_calendar':
      return tr(i18n, msg({ message: '{name}（{code}）の新規上場予定' }), { name, code });
  }
}

/** The sentence under a simulated item's title (the detail screen). */
export function newsSummary(i18n: I18n, n: NewsItem, lang: NewsLanguage): string {
  const p = n.params;
  const name = displayName({ code: n.code, nameJa: str(p, 'name') || null, nameEn: str(p, 'nameEn') || null }, lang);
  if (n.kind === 'split_ahead' || n.kind === 'dividend_ahead' || n.kind === 'article' || n.kind === 'ipo_calendar') return '';
  return tr(i18n, msg({ message: '{date}の取引で、{name}（{code}）は {price}（前日比 {change}）となりました。' }), {
    date: str(p, 'date'), name, code: n.code ?? '', price: yenPrice(p), change: pct(num(p, 'changeBp')),
  });
}

/** "5分前", "3時間前", "2日前" — how old a (possibly cached) item is. */
export function ageText(i18n: I18n, at: number, now: number): string {
  const mins = Math.max(0, Math.floor((now - at) / 60_000));
  if (mins < 1) return i18n._(msg({ message: 'たった今' }));
  if (mins < 60) return tr(i18n, msg({ message: '{n}分前' }), { n: mins });
  const hours = Math.floor(mins / 60);
  if (hours < 24) return tr(i18n, msg({ message: '{n}時間前' }), { n: hours });
  return tr(i18n, msg({ message: '{n}日前' }), { n: Math.floor(hours / 24) });
}
