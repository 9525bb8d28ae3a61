import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { ARROW, direction, formatChange, formatPercent } from '../../../shared/money';
import './market.css';

/*
 * Small market components: the simulated-data label, change figures, accessible tabs and option
 * groups.
 */

/**
 * Flash state of a live price: `n` counts the moves (key the price element on it, so the new
 * element restarts the CSS animation) and `cls` is " flash-rise" / " flash-fall" after a move, ""
 * before the first. The previous price is kept in state ("adjusting state while rendering").
 */
export function usePriceFlash(price: number): { n: number; cls: string } {
  const [prev, setPrev] = useState(price);
  const [flash, setFlash] = useState<{ n: number; dir: 'rise' | 'fall' | null }>({ n: 0, dir: null });
  if (price !== prev) {
    setPrev(price);
    setFlash({ n: flash.n + 1, dir: price > prev ? 'rise' : 'fall' });
  }
  return { n: flash.n, cls: flash.dir ? ` flash-${flash.dir}` : '' };
}

/** The visible "シミュレーション" label every market screen carries. */
export function SimBadge() {
  const { t } = useLingui();
  return (
    <span className="sim-badge" title={t`実際の市場データではありません`}>
      <Trans>シミュレーション</Trans>
    </span>
  );
}

/** One line under the top bar: the label and what it means. */
export function SimNote({ children }: { children?: ReactNode }) {
  return (
    <p className="sim-note" data-testid="sim-note">
      <SimBadge />
      <span className="sim-note__text">
        {children ?? <Trans>表示中の相場は模擬データです（実際の市場データではありません）。</Trans>}
      </span>
    </p>
  );
}

/**
 * A change with sign, arrow and colour: "▲ +12.5 (+1.23%)". `show` picks the parts. The text
 * carries the sign, so colour is never the only cue.
 */
export function PriceChange({
  change,
  changeBp,
  priceScale,
  show = 'both',
  arrow = true,
  className,
}: {
  change: number;
  changeBp: number;
  priceScale: number;
  show?: 'both' | 'abs' | 'percent';
  arrow?: boolean;
  className?: string;
}) {
  const dir = direction(change !== 0 ? change : changeBp);
  const abs = formatChange(change, priceScale);
  const pct = formatPercent(changeBp);
  const text = show === 'abs' ? abs : show === 'percent' ? pct : `${abs} (${pct})`;
  return (
    <span className={`chg ${dir}${className ? ` ${className}` : ''}`}>
      {arrow && ARROW[dir] ? (
        <span className="chg__arrow" aria-hidden="true">
          {ARROW[dir]}
        </span>
      ) : null}
      {text}
    </span>
  );
}

/** The change-% pill of list rows (white on the rise / fall colour, grey when flat). */
export function ChangePill({ changeBp }: { changeBp: number }) {
  const dir = direction(changeBp);
  return (
    <span className={`chg-pill ${dir}`}>
      {ARROW[dir] ? (
        <span className="chg__arrow" aria-hidden="true">
          {ARROW[dir]}
        </span>
      ) : null}
      {formatPercent(changeBp)}
    </span>
  );
}

/** ストップ高 / ストップ安. */
export function LimitBadge({ state }: { state: 'up' | 'down' | null | undefined }) {
  if (!state) return null;
  return state === 'up' ? (
    <span className="limit-badge rise">
      <Trans>ストップ高</Trans>
    </span>
  ) : (
    <span className="limit-badge fall">
      <Trans>ストップ安</Trans>
    </span>
  );
}

export interface TabItem<T extends string> {
  id: T;
  label: ReactNode;
}

/**
 * WAI-ARIA tabs: a tablist of buttons with roving focus (←/→, Home/End). The panel is the caller's;
 * give it `id={panelId}` and `role="tabpanel"`, labelled by `tabId(id)`.
 */
export function TabList<T extends string>({
  items,
  value,
  onChange,
  label,
  idPrefix,
  small = false,
  fit = false,
}: {
  items: readonly TabItem<T>[];
  value: T;
  onChange: (id: T) => void;
  label: string;
  idPrefix: string;
  small?: boolean;
  /** Share the width between the tabs (they still scroll when they do not fit). */
  fit?: boolean;
}) {
  const listRef = useRef<HTMLDivElement>(null);
  // Keep the selected tab in view (horizontally only: never scroll the page). Where the tab is comes
  // from an IntersectionObserver, which reports it with the next frame's layout: reading it from the
  // DOM in an effect forced a synchronous layout of the whole new screen (the stock detail's longest
  // task under Lighthouse's 4x CPU model; docs/decisions/020). On mount with the first tab selected
  // there is nothing to scroll (a new list starts at its left edge).
  const mounted = useRef(false);
  const firstId = items[0]?.id;
  useEffect(() => {
    const first = !mounted.current;
    mounted.current = true;
    if (first && firstId === value) return;
    const list = listRef.current;
    const tab = list?.querySelector<HTMLElement>('[aria-selected="true"]');
    if (!list || !tab || typeof IntersectionObserver === 'undefined') return;
    const io = new IntersectionObserver(
      ([entry]) => {
        io.disconnect();
        const lr = entry?.rootBounds;
        if (!entry || !lr || lr.width === 0) return; // hidden (a kept-alive screen in the background)
        const tr = entry.boundingClientRect;
        if (tr.left < lr.left) list.scrollLeft = Math.max(0, list.scrollLeft - (lr.left - tr.left) - 16);
        else if (tr.right > lr.right) list.scrollLeft += tr.right - lr.right + 16;
      },
      { root: list, threshold: 1 },
    );
    io.observe(tab);
    return () => io.disconnect();
  }, [value, firstId]);
  const focusTab = (i: number) => {
    const item = items[(i + items.length) % items.length];
    if (!item) return;
    onChange(item.id);
    listRef.current?.querySelector<HTMLButtonElement>(`#${CSS.escape(`${idPrefix}-tab-${item.id}`)}`)?.focus();
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const i = items.findIndex((it) => it.id === value);
    if (e.key === 'ArrowRight') focusTab(i + 1);
    else if (e.key === 'ArrowLeft') focusTab(i - 1);
    else if (e.key === 'Home') focusTab(0);
    else if (e.key === 'End') focusTab(items.length - 1);
    else return;
    e.preventDefault();
  };
  return (
    <div ref={listRef} className={`mkt-tabs${small ? ' mkt-tabs--small' : ''}${fit ? ' mkt-tabs--fit' : ''}`} role="tablist" aria-label={label} onKeyDown={onKeyDown}>
      {items.map((it) => (
        <button
          key={it.id}
          id={`${idPrefix}-tab-${it.id}`}
          type="button"
          role="tab"
          className="mkt-tab"
          aria-selected={it.id === value}
          aria-controls={`${idPrefix}-panel`}
          tabIndex={it.id === value ? 0 : -1}
          onClick={() => onChange(it.id)}
        >
          {it.label}
        </button>
      ))}
    </div>
  );
}

/** A labelled group of toggle buttons (one pressed). */
export function ToggleGroup<T extends string>({
  label,
  items,
  value,
  onChange,
  testId,
}: {
  label: string;
  items: readonly TabItem<T>[];
  value: T;
  onChange: (id: T) => void;
  testId?: string;
}) {
  return (
    <div className="seg" role="group" aria-label={label} data-testid={testId}>
      <span className="seg__label" aria-hidden="true">
        {label}
      </span>
      <span className="seg__opts">
        {items.map((it) => (
          <button key={it.id} type="button" className="seg__btn" aria-pressed={it.id === value} onClick={() => onChange(it.id)}>
            {it.label}
          </button>
        ))}
      </span>
    </div>
  );
}
