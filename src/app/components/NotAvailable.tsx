import type { ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import { Page } from './Page';
import { EmptyView } from './EmptyView';
import * as icons from './icons';

/**
 * A screen whose capability is not built yet: the top bar and an honest empty view.
 * No sample or placeholder figures are ever shown here.
 */
export function NotAvailable({
  title,
  tabbed = false,
  back = true,
  fallback,
}: {
  title: ReactNode;
  tabbed?: boolean;
  back?: boolean;
  fallback?: string;
}) {
  return (
    <Page title={title} tabbed={tabbed} back={back} fallback={fallback}>
      <EmptyView
        icon={icons.clock}
        text={<Trans>この機能はまだご利用いただけません</Trans>}
        hint={<Trans>準備ができしだい、このアプリのアップデートでお知らせします。</Trans>}
      />
    </Page>
  );
}
