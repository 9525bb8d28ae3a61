import type { ReactNode } from 'react';
import { useCanGoBack, useRouter } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { Icon } from './Icon';
import * as icons from './icons';

/**
 * The shared top bar: back button, centred title, optional action on the right. Back goes back
 * in history when there is history inside the app, otherwise to `fallback`.
 */
export function TopBar({
  title,
  back = true,
  fallback = '/home/index',
  right,
}: {
  title: ReactNode;
  back?: boolean;
  fallback?: string;
  right?: ReactNode;
}) {
  const router = useRouter();
  const canGoBack = useCanGoBack();
  const { t } = useLingui();
  return (
    <header className="topbar">
      <div className="topbar__inner">
        <div className="topbar__side">
          {back ? (
            <button
              type="button"
              className="topbar__back"
              aria-label={t`戻る`}
              onClick={() => {
                if (canGoBack) router.history.back();
                else void router.navigate({ to: fallback });
              }}
            >
              <Icon d={icons.back} size={24} />
            </button>
          ) : null}
        </div>
        <h1 className="topbar__title">{title}</h1>
        <div className="topbar__side topbar__side--right">{right}</div>
      </div>
    </header>
  );
}
