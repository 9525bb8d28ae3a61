import { Trans } from '@lingui/react/macro';
import { Spinner } from './Spinner';

/** The "more" button under a paged list; nothing when the last page is loaded. */
export function MoreButton({
  query,
}: {
  query: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => Promise<unknown> };
}) {
  if (!query.hasNextPage) return null;
  return (
    <button type="button" className="btn btn--text btn--block" onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage}>
      {query.isFetchingNextPage ? <Spinner size={18} /> : null}
      <Trans>さらに表示</Trans>
    </button>
  );
}
