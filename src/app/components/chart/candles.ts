import uPlot from 'uplot';
import type { Bar } from '../../../shared/chart';

/*
 * uPlot path builders that colour bar by bar. uPlot fills a Map of colour → Path2D with one
 * fill() per colour, so thousands of candles cost two fills, and only the visible index range
 * (idx0…idx1) is walked. When several bars fall on one device pixel (a zoomed-out year of
 * 5-minute bars), they are merged per pixel column first — first open, highest high, lowest low,
 * last close; the tallest histogram bar — which draws the same picture with far fewer rectangles.
 * Coordinates are canvas pixels.
 */

/** A linear map value → canvas pixel for a scale (all our scales are linear). */
function linear(u: uPlot, scale: string): (v: number) => number {
  const p0 = u.valToPos(0, scale, true);
  const k = u.valToPos(1, scale, true) - p0;
  return (v) => p0 + k * v;
}

/** Canvas pixels per bar slot. */
function slotPx(u: uPlot): number {
  const x = u.scales.x;
  const span = (x?.max ?? 1) - (x?.min ?? 0);
  return span > 0 ? u.bbox.width / span : u.bbox.width;
}

/** Body width in canvas pixels: ~70 % of a slot (at most 24 CSS px), odd so the wick centres. */
function bodyWidth(slot: number): number {
  const w = Math.max(1, Math.floor(Math.min(slot * 0.7, 24 * uPlot.pxRatio)));
  return w % 2 === 0 && w > 2 ? w - 1 : w;
}

function fills(up: string, down: string): { map: Map<string, Path2D>; up: Path2D; down: Path2D } {
  const upPath = new Path2D();
  const downPath = up === down ? upPath : new Path2D();
  const map = new Map<string, Path2D>([[up, upPath]]);
  if (downPath !== upPath) map.set(down, downPath);
  return { map, up: upPath, down: downPath };
}

/**
 * Candlesticks: a wick from high to low and a body from open to close, in the rise colour when
 * close ≥ open (a doji counts as a rise) and the fall colour otherwise. The bars are read at
 * draw time (so new data needs no new chart); the series' own data (the closes) only serves the
 * cursor.
 */
export function candlePaths(getBars: () => readonly Bar[], up: string, down: string): uPlot.Series.PathBuilder {
  return (u, _seriesIdx, idx0, idx1) => {
    const bars = getBars();
    const f = fills(up, down);
    const slot = slotPx(u);
    const body = bodyWidth(slot);
    const wick = Math.max(1, Math.round(uPlot.pxRatio));
    const px = linear(u, 'x');
    const py = linear(u, 'y');
    const draw = (cx: number, o: number, h: number, l: number, c: number) => {
      const yH = Math.round(py(h));
      const yL = Math.round(py(l));
      const yO = Math.round(py(o));
      const yC = Math.round(py(c));
      const path = c >= o ? f.up : f.down;
      path.rect(cx - (wick >> 1), yH, wick, Math.max(1, yL - yH));
      if (body > wick) path.rect(cx - (body >> 1), Math.min(yO, yC), body, Math.max(1, Math.abs(yO - yC)));
    };
    const last = Math.min(idx1, bars.length - 1);
    if (slot >= 1) {
      for (let i = Math.max(0, idx0); i <= last; i++) {
        const b = bars[i]!;
        draw(Math.round(px(i)), b.o, b.h, b.l, b.c);
      }
    } else {
      // Several bars per pixel column: merge them.
      let col = NaN;
      let o = 0;
      let h = 0;
      let l = 0;
      let c = 0;
      for (let i = Math.max(0, idx0); i <= last; i++) {
        const b = bars[i]!;
        const cx = Math.round(px(i));
        if (cx !== col) {
          if (col === col) draw(col, o, h, l, c);
          col = cx;
          o = b.o;
          h = b.h;
          l = b.l;
        } else {
          if (b.h > h) h = b.h;
          if (b.l < l) l = b.l;
        }
        c = b.c;
      }
      if (col === col) draw(col, o, h, l, c);
    }
    return { fill: f.map, flags: 0 };
  };
}

/**
 * A histogram from 0 (volume, MACD bars) on the series' own scale, coloured by `isUp[i]`.
 * Null values draw nothing.
 */
export function histogramPaths(
  get: () => { values: readonly (number | null)[]; up: readonly boolean[] } | undefined,
  up: string,
  down: string,
): uPlot.Series.PathBuilder {
  return (u, seriesIdx, idx0, idx1) => {
    const spec = get();
    if (!spec) return null;
    const { values, up: isUp } = spec;
    const scale = u.series[seriesIdx]!.scale ?? 'y';
    const f = fills(up, down);
    const slot = slotPx(u);
    const body = bodyWidth(slot);
    const px = linear(u, 'x');
    const py = linear(u, scale);
    const zero = Math.round(py(0));
    const draw = (cx: number, v: number, rising: boolean) => {
      const y = Math.round(py(v));
      (rising ? f.up : f.down).rect(cx - (body >> 1), Math.min(y, zero), body, Math.max(1, Math.abs(zero - y)));
    };
    const last = Math.min(idx1, values.length - 1);
    let col = NaN;
    let best = 0;
    let bestUp = true;
    for (let i = Math.max(0, idx0); i <= last; i++) {
      const v = values[i];
      if (v == null) continue;
      const cx = Math.round(px(i));
      if (slot >= 1) {
        draw(cx, v, isUp[i] ?? true);
        continue;
      }
      // Several bars per pixel column: keep the tallest.
      if (cx !== col) {
        if (col === col) draw(col, best, bestUp);
        col = cx;
        best = v;
        bestUp = isUp[i] ?? true;
      } else if (Math.abs(v) > Math.abs(best)) {
        best = v;
        bestUp = isUp[i] ?? true;
      }
    }
    if (col === col) draw(col, best, bestUp);
    return { fill: f.map, flags: 0 };
  };
}
