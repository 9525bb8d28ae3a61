import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { Icon } from './Icon';
import * as icons from './icons';

export function MenuGroup({ title, children }: { title?: ReactNode; children: ReactNode }) {
  return (
    <section className="menu-group">
      {title ? <h2 className="menu-group__title">{title}</h2> : null}
      <ul className="menu">{children}</ul>
    </section>
  );
}

/** One row of a settings-style list: icon, label, optional value, chevron. */
export function MenuLink({
  to,
  icon,
  label,
  value,
  search,
}: {
  to: string;
  icon?: string;
  label: ReactNode;
  value?: ReactNode;
  search?: Record<string, string>;
}) {
  return (
    <li>
      <Link to={to} search={search as never} className="menu__row">
        {icon ? (
          <span className="menu__icon">
            <Icon d={icon} size={22} />
          </span>
        ) : null}
        <span className="menu__label">{label}</span>
        {value !== undefined ? <span className="menu__value">{value}</span> : null}
        <span className="menu__chevron">
          <Icon d={icons.chevron} size={18} />
        </span>
      </Link>
    </li>
  );
}

/** A label/value row (read-only details). */
export function InfoRow({ label, value }: { label: ReactNode; value: ReactNode }) {
  return (
    <li className="info-row">
      <span className="info-row__label">{label}</span>
      <span className="info-row__value">{value}</span>
    </li>
  );
}
