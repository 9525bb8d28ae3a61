/**
 * The visible window of a chart in x-scale units. Bars sit at integer x = 0 … n−1 (ordinal, so
 * nights, weekends and the lunch break take no space); bar i spans [i − ½, i + ½].
 */
export interface View {
  min: number;
  max: number;
}

/** Narrowest zoom, in bars. */
export const MIN_VISIBLE_BARS = 12;

/** The whole series. */
export function fullView(n: number): View {
  return { min: -0.5, max: Math.max(n, 1) - 0.5 };
}

/** The last `visible` bars (all of them when fewer). */
export function initialView(n: number, visible: number): View {
  return clampView({ min: n - 0.5 - visible, max: n - 0.5 }, n);
}

/** Keep a view inside the data and between MIN_VISIBLE_BARS (or n, when fewer) and n bars wide. */
export function clampView(v: View, n: number, minBars = MIN_VISIBLE_BARS): View {
  const full = fullView(n);
  const total = full.max - full.min;
  let span = v.max - v.min;
  if (!Number.isFinite(span)) return full;
  span = Math.min(Math.max(span, Math.min(minBars, total)), total);
  const centre = (v.min + v.max) / 2;
  let min = centre - span / 2;
  if (min < full.min) min = full.min;
  if (min + span > full.max) min = full.max - span;
  return { min, max: min + span };
}

/** Shift by `bars` (positive = later bars come into view). */
export function panView(v: View, bars: number, n: number): View {
  // Clamping only shifts a window of valid width, so panning into an edge never changes the width.
  return clampView({ min: v.min + bars, max: v.max + bars }, n);
}

/**
 * Zoom by `factor` (> 1 widens the view: zoom out) keeping the x value `anchor` at the same
 * position on screen.
 */
export function zoomView(v: View, factor: number, anchor: number, n: number): View {
  const span = v.max - v.min;
  if (span <= 0 || !(factor > 0)) return clampView(v, n);
  const frac = (anchor - v.min) / span;
  const next = clampSpanAround(span * factor, n);
  const min = anchor - frac * next;
  return clampView({ min, max: min + next }, n);
}

function clampSpanAround(span: number, n: number): number {
  const total = Math.max(n, 1);
  return Math.min(Math.max(span, Math.min(MIN_VISIBLE_BARS, total)), total);
}

/** Whether the view shows the latest bar (then new bars should keep it in view). */
export function atLatest(v: View, n: number): boolean {
  return v.max >= n - 0.5 - 1e-6;
}
