import { useInfiniteQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { EmptyView } from '../../components/EmptyView';
import { LoadingPane } from '../../components/Spinner';
import { MoreButton } from '../../components/MoreButton';
import * as icons from '../../components/icons';
import { documentsQuery, type DocumentFilter } from './api';
import { DocRow } from './DocRow';

/** The documents of the filter, newest first, a page at a time (the `next` cursor). */
export function DocList({ filter }: { filter: DocumentFilter }) {
  const { t } = useLingui();
  const query = useInfiniteQuery(documentsQuery(filter));
  const items = query.data?.pages.flatMap((p) => p.items) ?? [];
  if (query.isPending) return <LoadingPane />;
  if (items.length === 0) {
    if (query.isError) return <EmptyView compact icon={icons.alert} text={<Trans>書面を読み込めませんでした</Trans>} hint={<Trans>通信状態をご確認ください。</Trans>} />;
    const filtered = filter.kind !== undefined || filter.year !== undefined;
    return filtered ? (
      <EmptyView compact icon={icons.search} text={<Trans>条件に合う書面はありません</Trans>} />
    ) : (
      <EmptyView
        icon={icons.inbox}
        text={<Trans>書面はまだありません</Trans>}
        hint={<Trans>約定のたびに取引報告書が、四半期ごとに取引残高報告書が、毎年1月に特定口座年間取引報告書がここに届きます。</Trans>}
      />
    );
  }
  return (
    <>
      <ul className="doc-list" data-testid="doc-list" aria-label={t`書面`}>
        {items.map((d) => (
          <DocRow key={d.id} d={d} />
        ))}
      </ul>
      <MoreButton query={query} />
    </>
  );
}
