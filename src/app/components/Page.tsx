import type { ReactNode } from 'react';
import { TopBar } from './TopBar';

/** A screen with the shared top bar. `tabbed` leaves room for the bottom tab bar. */
export function Page({
  title,
  back = true,
  fallback,
  right,
  children,
  className,
  tabbed = false,
}: {
  title: ReactNode;
  back?: boolean;
  fallback?: string;
  right?: ReactNode;
  children: ReactNode;
  className?: string;
  tabbed?: boolean;
}) {
  return (
    <div className={`page${tabbed ? ' page--tabbed' : ''}`}>
      <TopBar title={title} back={back} fallback={fallback} right={right} />
      <main className={className ? `page__body ${className}` : 'page__body'}>{children}</main>
    </div>
  );
}
