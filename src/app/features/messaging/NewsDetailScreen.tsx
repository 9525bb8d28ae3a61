import { lazy, Suspense } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { messagingApi } from '../../../shared/api/messaging';
import { formatDateTime } from '../../../shared/money';
import { endpointQuery } from '../../api/query';
import { getLanguage } from '../../storage';
import { Page } from '../../components/Page';
import { EmptyView } from '../../components/EmptyView';
import { FirstLoad, Spinner } from '../../components/Spinner';
import { AsOf } from '../../components/AsOf';
import * as icons from '../../components/icons';
import { ageText, NEWS_LANGUAGE, newsSummary, newsTitle } from './text';
import { NewsLabel } from './NewsListScreen';
import './messaging-parts.css';
import './messaging.css';

const Markdown = lazy(() => import('./Markdown'));

/** One news item: an article (Markdown, rendered without raw HTML) or a simulated market event. */
export function NewsDetailScreen({ id }: { id: string | undefined }) {
  const { t, i18n } = useLingui();
  const query = useQuery({ ...endpointQuery(messagingApi.newsItem, { params: { id: id ?? '' } }, { staleTime: 5 * 60_000 }), enabled: !!id });
  const lang = NEWS_LANGUAGE[getLanguage()];
  const n = query.data;
  const code = n?.code ?? null;
  return (
    <Page title={t`ニュース詳細`} fallback="/home/newsList">
      {!id ? (
        <EmptyView icon={icons.news} text={<Trans>ニュースが見つかりません</Trans>} />
      ) : query.isPending ? (
        <FirstLoad text={t`読み込み中…`} />
      ) : !n ? (
        <EmptyView icon={icons.alert} text={<Trans>ニュースを読み込めませんでした</Trans>} hint={<Trans>通信状態をご確認ください。</Trans>} />
      ) : (
        <article className="card news-article" data-testid="news-article">
          <h1 className="news-article__title">{newsTitle(i18n, n, lang)}</h1>
          <p className="news-item__meta">
            <NewsLabel source={n.source} />
            <time>{formatDateTime(n.publishedAt)}</time>
            <span>{ageText(i18n, n.publishedAt, Date.now())}</span>
          </p>
          <AsOf query={query} testId="news-detail-asof" />
          {n.source === 'editorial' ? (
            <Suspense fallback={<Spinner />}>
              <Markdown source={n.content?.[lang]?.body ?? n.content?.ja?.body ?? ''} />
            </Suspense>
          ) : (
            <>
              <p className="news-article__summary">{newsSummary(i18n, n, lang)}</p>
              <p className="mk-muted">
                <Trans>このニュースはシミュレーションの市場データから自動で作成したもので、実在の企業・相場とは関係ありません。</Trans>
              </p>
            </>
          )}
          {code ? (
            <Link to="/market/stockDetail" search={{ code }} className="btn btn--secondary btn--block">
              <Trans>銘柄の詳細を見る（{code}）</Trans>
            </Link>
          ) : null}
        </article>
      )}
    </Page>
  );
}
