import type { ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Page } from '../../components/Page';
import { EmptyView } from '../../components/EmptyView';
import { FirstLoad } from '../../components/Spinner';
import * as icons from '../../components/icons';

/**
 * A cash list screen before its first data: the first-load spinner, or what failed with a retry
 * (bank accounts and wallets; offline they render from the persisted cache instead).
 */
export function ListLoading({ title, failed, error, onRetry }: { title: string; failed: boolean; error: ReactNode; onRetry: () => void }) {
  const { t } = useLingui();
  return (
    <Page title={title} fallback="/information/index">
      {failed ? (
        <EmptyView
          icon={icons.info}
          text={error}
          action={
            <button type="button" className="btn btn--secondary" onClick={onRetry}>
              <Trans>再試行</Trans>
            </button>
          }
        />
      ) : (
        <FirstLoad text={t`読み込み中…`} />
      )}
    </Page>
  );
}
