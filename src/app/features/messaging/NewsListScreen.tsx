import { useState } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { messagingApi, type NewsCategory, type NewsItem } from '../../../shared/api/messaging';
import { endpointInfiniteQuery } from '../../api/query';
import { getLanguage } from '../../storage';
import { Page } from '../../components/Page';
import { EmptyView } from '../../components/EmptyView';
import { FirstLoad } from '../../components/Spinner';
import { AsOf } from '../../components/AsOf';
import { MoreButton } from '../../components/MoreButton';
import { Segmented } from '../../components/Segmented';
import * as icons from '../../components/icons';
import { ageText, NEWS_LANGUAGE, newsTitle } from './text';
import './messaging-parts.css';
import './messaging.css';

/*
 * ニュース (docs/domain.md "Messages, news and support"): market news made from the simulated
 * session (labelled シミュレーション) and articles our staff write (編集部), newest first, each with
 * its age; kept for offline reading.
 */

type Tab = 'all' | NewsCategory;

export const newsQuery = (category: NewsCategory | undefined) =>
  endpointInfiniteQuery(messagingApi.news, { query: category ? { category, limit: 20 } : { limit: 20 } }, { staleTime: 60_000, refetchInterval: 5 * 60_000 });

export function NewsListScreen() {
  const { t } = useLingui();
  const [tab, setTab] = useState<Tab>('all');
  const query = useInfiniteQuery(newsQuery(tab === 'all' ? undefined : tab));
  const items = query.data?.pages.flatMap((p) => p.items) ?? [];
  const tabs: { value: Tab; label: string }[] = [
    { value: 'all', label: t`すべて` },
    { value: 'hot', label: t`注目` },
    { value: 'price', label: t`株価` },
    { value: 'corporate', label: t`権利` },
    { value: 'editorial', label: t`記事` },
  ];
  return (
    <Page title={t`ニュース`} back={false} tabbed>
      <Segmented options={tabs} value={tab} onChange={setTab} label={t`ニュースの種類`} />
      {query.isPending ? (
        <FirstLoad text={t`読み込み中…`} />
      ) : query.isError && items.length === 0 ? (
        <EmptyView icon={icons.alert} text={<Trans>ニュースを読み込めませんでした</Trans>} hint={<Trans>通信状態をご確認ください。</Trans>} />
      ) : items.length === 0 ? (
        <EmptyView icon={icons.news} text={<Trans>ニュースはまだありません</Trans>} hint={<Trans>取引時間中の値動きから自動でニュースを作成します。</Trans>} />
      ) : (
        <>
          <AsOf query={query} testId="news-asof" />
          <NewsList items={items} />
          <MoreButton query={query} />
        </>
      )}
    </Page>
  );
}

/** News rows (also the stock detail's per-stock news). */
export function NewsList({ items }: { items: NewsItem[] }) {
  const { i18n } = useLingui();
  const lang = NEWS_LANGUAGE[getLanguage()];
  const now = Date.now();
  return (
    <ul className="news-list" data-testid="news-list">
      {items.map((n) => (
        <li key={n.id}>
          <Link to="/home/newsDetail" search={{ id: n.id }} className="news-item">
            <span className="news-item__title">{newsTitle(i18n, n, lang)}</span>
            <span className="news-item__meta">
              <NewsLabel source={n.source} />
              <span>{ageText(i18n, n.publishedAt, now)}</span>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

export function NewsLabel({ source }: { source: NewsItem['source'] }) {
  return source === 'simulated' ? (
    <span className="news-tag news-tag--sim">
      <Trans>シミュレーション</Trans>
    </span>
  ) : (
    <span className="news-tag news-tag--ed">
      <Trans>編集部</Trans>
    </span>
  );
}
