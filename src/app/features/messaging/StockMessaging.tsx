import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { ALERTS_MAX, messagingApi, type AlertKind, type PriceAlert } from '../../../shared/api/messaging';
import { formatPrice, parsePrice } from '../../../shared/market/price';
import { formatPercent } from '../../../shared/money';
import { apiCall, isApiError } from '../../api/client';
import { translateMessage } from '../../i18n/translate';
import { getLanguage } from '../../storage';
import { toast } from '../../components/Toast';
import { alertsArea, stockAlertsQuery, stockNewsQuery } from './api';
import { ageText, NEWS_LANGUAGE, newsTitle } from './text';
import './messaging-parts.css';

/**
 * The stock detail's news (simulated events and articles about the stock) and the user's price
 * alerts for it (above / below a price, change from the previous close; at most 50 in all).
 */
export function StockMessaging({ code, priceScale, price }: { code: string; priceScale: number; price: number }) {
  const { t, i18n } = useLingui();
  const news = useQuery(stockNewsQuery(code));
  const alerts = useQuery(stockAlertsQuery(code));
  const lang = NEWS_LANGUAGE[getLanguage()];
  const now = Date.now();
  return (
    <>
      <section className="card stock-news" aria-labelledby={`news-${code}`}>
        <h2 id={`news-${code}`} className="card__title">
          <Trans>ニュース</Trans>
        </h2>
        {news.data && news.data.items.length > 0 ? (
          <ul className="news-list" data-testid="stock-news">
            {news.data.items.map((n) => (
              <li key={n.id}>
                <Link to="/home/newsDetail" search={{ id: n.id }} className="news-item">
                  <span className="news-item__title">{newsTitle(i18n, n, lang)}</span>
                  <span className="news-item__meta">
                    <span className={`news-tag news-tag--${n.source === 'simulated' ? 'sim' : 'ed'}`}>{n.source === 'simulated' ? t`シミュレーション` : t`編集部`}</span>
                    <span>{ageText(i18n, n.publishedAt, now)}</span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mk-muted">
            <Trans>この銘柄のニュースはまだありません</Trans>
          </p>
        )}
      </section>
      <section className="card stock-alerts" aria-labelledby={`alerts-${code}`}>
        <h2 id={`alerts-${code}`} className="card__title">
          <Trans>株価通知</Trans>
        </h2>
        <AlertForm code={code} priceScale={priceScale} price={price} />
        {alerts.data && alerts.data.items.length > 0 ? (
          <ul className="alert-rows" data-testid="price-alerts">
            {alerts.data.items.map((a) => (
              <AlertRow key={a.id} a={a} />
            ))}
          </ul>
        ) : null}
        <p className="mk-muted">
          <Trans>条件に達すると一度だけ、メッセージとプッシュ通知でお知らせします（{ALERTS_MAX}件まで）。</Trans>
        </p>
      </section>
    </>
  );
}

function AlertRow({ a }: { a: PriceAlert }) {
  const { t } = useLingui();
  const qc = useQueryClient();
  const value = a.kind === 'change' ? formatPercent(a.threshold) : formatPrice(a.threshold, a.priceScale);
  const label = a.kind === 'above' ? t`${value} 以上` : a.kind === 'below' ? t`${value} 以下` : t`前日比 ${value}`;
  return (
    <li className="alert-row">
      <span>{label}</span>
      <span className="mk-muted">{a.firedAt ? t`通知済み` : t`待機中`}</span>
      <button
        type="button"
        className="btn btn--text"
        onClick={() => void apiCall(messagingApi.deleteAlert, { params: { id: a.id } }).then(() => qc.invalidateQueries({ queryKey: alertsArea }))}
      >
        <Trans>削除</Trans>
      </button>
    </li>
  );
}

function AlertForm({ code, priceScale, price }: { code: string; priceScale: number; price: number }) {
  const { t } = useLingui();
  const qc = useQueryClient();
  const [kind, setKind] = useState<AlertKind>('above');
  const [value, setValue] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    let threshold = NaN;
    try {
      threshold = kind === 'change' ? Math.round(Number(value.replace('%', '')) * 100) : parsePrice(value.replace(/,/g, ''), priceScale);
    } catch {
      // not a number: said below
    }
    if (!Number.isFinite(threshold)) {
      toast(t`数値を入力してください`);
      return;
    }
    setBusy(true);
    try {
      await apiCall(messagingApi.createAlert, { body: { code, kind, threshold }, silent: true });
      setValue('');
      await qc.invalidateQueries({ queryKey: alertsArea });
    } catch (e) {
      toast(isApiError(e) ? translateMessage(e.msg, e.params, getLanguage()) : t`設定できませんでした`);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form
      className="alert-form"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <select className="field__input" value={kind} aria-label={t`通知の条件`} onChange={(e) => setKind(e.target.value as AlertKind)}>
        <option value="above">{t`指定価格以上`}</option>
        <option value="below">{t`指定価格以下`}</option>
        <option value="change">{t`前日比（%）`}</option>
      </select>
      <input
        className="field__input"
        inputMode="decimal"
        value={value}
        placeholder={kind === 'change' ? '5' : formatPrice(price, priceScale, { group: false })}
        aria-label={t`通知する値`}
        onChange={(e) => setValue(e.target.value)}
      />
      <button type="submit" className="btn btn--primary" disabled={busy || value.trim() === ''}>
        <Trans>設定</Trans>
      </button>
    </form>
  );
}
