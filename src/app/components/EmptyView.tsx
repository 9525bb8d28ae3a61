import type { ReactNode } from 'react';
import { Icon } from './Icon';
import * as icons from './icons';

/** The empty-data view: an icon, one honest sentence, optionally a hint and an action. */
export function EmptyView({
  text,
  hint,
  icon = icons.inbox,
  action,
  compact = false,
}: {
  text: ReactNode;
  hint?: ReactNode;
  icon?: string;
  action?: ReactNode;
  compact?: boolean;
}) {
  return (
    <div className={compact ? 'empty empty--compact' : 'empty'}>
      <span className="empty__icon">
        <Icon d={icon} size={compact ? 32 : 44} />
      </span>
      <p className="empty__text">{text}</p>
      {hint ? <p className="empty__hint">{hint}</p> : null}
      {action ? <div className="empty__action">{action}</div> : null}
    </div>
  );
}
