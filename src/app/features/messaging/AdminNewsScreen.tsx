import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { messagingAdminApi, messagingApi } from '../../../shared/api/messaging';
import { formatDateTime } from '../../../shared/money';
import { apiCall, isApiError } from '../../api/client';
import { endpointArea, endpointQuery } from '../../api/query';
import { translateMessage } from '../../i18n/translate';
import { getLanguage } from '../../storage';
import { EmptyView } from '../../components/EmptyView';
import { toast } from '../../components/Toast';
import './messaging.css';

const editorialQuery = () => endpointQuery(messagingApi.news, { query: { category: 'editorial', limit: 20 } }, { staleTime: 0, meta: { persist: false } });

/**
 * The news desk: an article with a Japanese title and Markdown body (English optional; the other
 * languages fall back to Japanese), optionally about one stock; published with a reason, audited.
 * HTML in the body is shown as text by the app.
 */
export function AdminNewsScreen() {
  const { t } = useLingui();
  const qc = useQueryClient();
  const list = useQuery(editorialQuery());
  const [f, setF] = useState({ titleJa: '', bodyJa: '', titleEn: '', bodyEn: '', code: '', reason: '' });
  const [busy, setBusy] = useState(false);
  const set = (k: keyof typeof f) => (e: { target: { value: string } }) => setF({ ...f, [k]: e.target.value });
  const publish = async () => {
    setBusy(true);
    try {
      const en = f.titleEn.trim() && f.bodyEn.trim() ? { en: { title: f.titleEn, body: f.bodyEn } } : {};
      await apiCall(messagingAdminApi.postNews, {
        body: { content: { ja: { title: f.titleJa, body: f.bodyJa }, ...en }, ...(f.code.trim() ? { code: f.code.trim() } : {}), reason: f.reason },
        silent: true,
      });
      setF({ titleJa: '', bodyJa: '', titleEn: '', bodyEn: '', code: '', reason: '' });
      toast(t`掲載しました`);
      await qc.invalidateQueries({ queryKey: endpointArea(messagingApi.news) });
    } catch (e) {
      toast(isApiError(e) ? translateMessage(e.msg, e.params, getLanguage()) : t`掲載できませんでした`);
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="admin-screen" aria-labelledby="admin-news-h">
      <h2 id="admin-news-h" className="admin-screen__title">
        <Trans>お知らせ・記事</Trans>
      </h2>
      <form
        className="admin-card news-form"
        onSubmit={(e) => {
          e.preventDefault();
          void publish();
        }}
      >
        <label className="field">
          <span className="field__label"><Trans>タイトル（日本語）</Trans></span>
          <input className="field__input" value={f.titleJa} onChange={set('titleJa')} maxLength={120} required />
        </label>
        <label className="field">
          <span className="field__label"><Trans>本文（日本語・Markdown）</Trans></span>
          <textarea className="field__input" rows={6} value={f.bodyJa} onChange={set('bodyJa')} required />
        </label>
        <label className="field">
          <span className="field__label"><Trans>タイトル（英語・任意）</Trans></span>
          <input className="field__input" value={f.titleEn} onChange={set('titleEn')} maxLength={120} />
        </label>
        <label className="field">
          <span className="field__label"><Trans>本文（英語・任意）</Trans></span>
          <textarea className="field__input" rows={4} value={f.bodyEn} onChange={set('bodyEn')} />
        </label>
        <label className="field">
          <span className="field__label"><Trans>関連銘柄コード（任意）</Trans></span>
          <input className="field__input" value={f.code} onChange={set('code')} maxLength={20} />
        </label>
        <label className="field">
          <span className="field__label"><Trans>理由（監査ログに記録）</Trans></span>
          <input className="field__input" value={f.reason} onChange={set('reason')} minLength={3} required />
        </label>
        <button type="submit" className="btn btn--primary" disabled={busy}>
          <Trans>掲載する</Trans>
        </button>
      </form>
      <section className="admin-card">
        {list.data && list.data.items.length > 0 ? (
          <ul className="news-list">
            {list.data.items.map((n) => (
              <li key={n.id} className="news-item">
                <span className="news-item__title">{n.content?.ja?.title}</span>
                <span className="news-item__meta">{formatDateTime(n.publishedAt)}</span>
              </li>
            ))}
          </ul>
        ) : (
          <EmptyView compact text={<Trans>掲載した記事はまだありません</Trans>} />
        )}
      </section>
    </section>
  );
}
