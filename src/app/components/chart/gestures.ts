import type uPlot from 'uplot';
import { clampView, panView, zoomView, type View } from './view';

/*
 * Zoom, pan, pinch and touch crosshair for the charts of one PriceChart (main and sub pane share
 * one ViewController, so they always show the same bars).
 *
 * Mouse: hover = crosshair (uPlot's own), drag = pan, Shift+drag = zoom to the selected range,
 *        wheel = zoom around the pointer, double-click = back to the initial view.
 * Touch: one-finger horizontal drag = pan, two fingers = pinch zoom (and pan with the midpoint),
 *        long press = crosshair that follows the finger and stays after lifting it, tap = show or
 *        hide the crosshair. Vertical swipes still scroll the page (touch-action: pan-y).
 * Keyboard (keyCommand, wired by the component on its focusable wrapper): ←/→ pan, +/− zoom,
 *        0 = initial view.
 */

const LONG_PRESS_MS = 400;
const MOVE_SLOP_PX = 8;

export class ViewController {
  readonly charts = new Set<uPlot>();
  crosshair = false;

  constructor(
    public n: number,
    public view: View,
    public initial: View,
    /** Whether zooming and panning are allowed (not for the whole-day time-share). */
    public zoomable: boolean,
  ) {}

  set(v: View): void {
    this.view = clampView(v, this.n);
    for (const u of this.charts) u.setScale('x', { min: this.view.min, max: this.view.max });
  }

  reset(): void {
    this.set(this.initial);
  }
}

interface Point {
  x: number;
  y: number;
}

type Mode = 'idle' | 'pending' | 'pan' | 'pinch' | 'crosshair' | 'select';

export function gesturesPlugin(ctl: ViewController): uPlot.Plugin {
  let cleanup: (() => void) | null = null;
  return {
    hooks: {
      init: (u) => {
        cleanup = attach(u, ctl);
      },
      destroy: () => {
        cleanup?.();
        cleanup = null;
      },
    },
  };
}

function attach(u: uPlot, ctl: ViewController): () => void {
  const over = u.over;
  over.style.touchAction = 'pan-y';
  const pointers = new Map<number, Point>();
  let mode: Mode = 'idle';
  let start: Point = { x: 0, y: 0 };
  let startView: View = ctl.view;
  let pinchDist = 0;
  let pinchMid = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const local = (e: { clientX: number; clientY: number }): Point => {
    const r = over.getBoundingClientRect();
    return { x: e.clientX - r.left, y: e.clientY - r.top };
  };
  const barsPerPx = (v: View) => (v.max - v.min) / Math.max(1, over.clientWidth);
  // uPlot's setCursor takes a third, untyped flag that publishes to the synced pane.
  const setCursor = u.setCursor as (opts: { left: number; top: number }, fire?: boolean, pub?: boolean) => void;
  const showCursor = (p: Point) => {
    ctl.crosshair = true;
    setCursor({ left: p.x, top: p.y }, true, true);
  };
  const hideCursor = () => {
    ctl.crosshair = false;
    setCursor({ left: -10, top: -10 }, true, true);
  };
  const clearTimer = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };
  const beginPinch = () => {
    const [a, b] = [...pointers.values()];
    if (!a || !b) return;
    mode = 'pinch';
    pinchDist = Math.max(1, Math.hypot(a.x - b.x, a.y - b.y));
    pinchMid = (a.x + b.x) / 2;
    startView = ctl.view;
  };
  const beginPan = (p: Point) => {
    mode = ctl.zoomable ? 'pan' : 'idle';
    start = p;
    startView = ctl.view;
  };

  let lastPointer = 'mouse';

  const onDown = (e: PointerEvent) => {
    lastPointer = e.pointerType;
    if (e.pointerType === 'mouse' && e.button !== 0) return;
    const p = local(e);
    pointers.set(e.pointerId, p);
    over.setPointerCapture?.(e.pointerId);
    if (e.pointerType !== 'mouse') {
      // No emulated mouse events for touch: the crosshair is ours to place.
      e.preventDefault();
      if (pointers.size === 2 && ctl.zoomable) {
        clearTimer();
        beginPinch();
        return;
      }
      if (pointers.size > 1) return;
      mode = 'pending';
      start = p;
      startView = ctl.view;
      clearTimer();
      timer = setTimeout(() => {
        timer = undefined;
        if (mode === 'pending') {
          mode = 'crosshair';
          showCursor(start);
        }
      }, LONG_PRESS_MS);
      return;
    }
    start = p;
    startView = ctl.view;
    mode = e.shiftKey && ctl.zoomable ? 'select' : 'pending';
  };

  const onMove = (e: PointerEvent) => {
    if (!pointers.has(e.pointerId)) return;
    const p = local(e);
    pointers.set(e.pointerId, p);
    switch (mode) {
      case 'pending':
        if (Math.abs(p.x - start.x) > MOVE_SLOP_PX || Math.abs(p.y - start.y) > MOVE_SLOP_PX) {
          clearTimer();
          if (!ctl.zoomable) {
            // Nothing to pan on the whole-day time-share: a touch drag scrubs the crosshair instead.
            if (e.pointerType !== 'mouse') {
              mode = 'crosshair';
              showCursor(p);
            } else mode = 'idle';
            break;
          }
          if (e.pointerType !== 'mouse' && ctl.crosshair) hideCursor();
          const from = start;
          beginPan(from);
          ctl.set(panView(startView, (from.x - p.x) * barsPerPx(startView), ctl.n));
        }
        break;
      case 'pan':
        ctl.set(panView(startView, (start.x - p.x) * barsPerPx(startView), ctl.n));
        break;
      case 'pinch': {
        const [a, b] = [...pointers.values()];
        if (!a || !b) break;
        const dist = Math.max(1, Math.hypot(a.x - b.x, a.y - b.y));
        const mid = (a.x + b.x) / 2;
        const width = Math.max(1, over.clientWidth);
        const span0 = startView.max - startView.min;
        const anchor = startView.min + (pinchMid / width) * span0;
        const span = span0 * (pinchDist / dist);
        const min = anchor - (mid / width) * span;
        ctl.set({ min, max: min + span });
        break;
      }
      case 'crosshair':
        showCursor(p);
        break;
      case 'select': {
        const left = Math.max(0, Math.min(start.x, p.x));
        const width = Math.min(over.clientWidth, Math.max(start.x, p.x)) - left;
        u.setSelect({ left, top: 0, width, height: over.clientHeight }, false);
        break;
      }
      default:
        break;
    }
  };

  const onUp = (e: PointerEvent) => {
    if (!pointers.delete(e.pointerId)) return;
    const cancelled = e.type === 'pointercancel';
    if (mode === 'pinch') {
      // Lifting one finger of two continues as a pan from where the other one is.
      const rest = [...pointers.values()][0];
      if (rest) beginPan(rest);
      else mode = 'idle';
      return;
    }
    if (pointers.size > 0) return;
    clearTimer();
    if (mode === 'pending' && !cancelled && e.pointerType !== 'mouse') {
      // A tap: toggle the crosshair.
      if (ctl.crosshair) hideCursor();
      else showCursor(local(e));
    } else if (mode === 'select' && !cancelled) {
      const sel = u.select;
      if (sel.width > 4) {
        ctl.set({ min: u.posToVal(sel.left, 'x'), max: u.posToVal(sel.left + sel.width, 'x') });
      }
      u.setSelect({ left: 0, top: 0, width: 0, height: 0 }, false);
    }
    mode = 'idle';
  };

  const onWheel = (e: WheelEvent) => {
    if (!ctl.zoomable) return;
    e.preventDefault();
    const dy = e.deltaMode === 1 ? e.deltaY * 16 : e.deltaMode === 2 ? e.deltaY * 400 : e.deltaY;
    const anchor = u.posToVal(local(e).x, 'x');
    ctl.set(zoomView(ctl.view, Math.exp(dy * 0.002), anchor, ctl.n));
  };

  // Double-click resets the zoom; two quick taps only toggle the crosshair twice.
  const onDblClick = () => {
    if (ctl.zoomable && lastPointer === 'mouse') ctl.reset();
  };

  // Once a gesture owns the touch, keep the page from scrolling under it.
  const onTouchMove = (e: TouchEvent) => {
    if (mode === 'pan' || mode === 'pinch' || mode === 'crosshair') e.preventDefault();
  };

  over.addEventListener('pointerdown', onDown);
  over.addEventListener('pointermove', onMove);
  over.addEventListener('pointerup', onUp);
  over.addEventListener('pointercancel', onUp);
  over.addEventListener('wheel', onWheel, { passive: false });
  over.addEventListener('dblclick', onDblClick);
  over.addEventListener('touchmove', onTouchMove, { passive: false });
  return () => {
    clearTimer();
    over.removeEventListener('pointerdown', onDown);
    over.removeEventListener('pointermove', onMove);
    over.removeEventListener('pointerup', onUp);
    over.removeEventListener('pointercancel', onUp);
    over.removeEventListener('wheel', onWheel);
    over.removeEventListener('dblclick', onDblClick);
    over.removeEventListener('touchmove', onTouchMove);
  };
}

/** Keyboard zoom and pan for the focused chart: ←/→ pan, +/− zoom, 0 = initial view. True when handled. */
export function keyCommand(ctl: ViewController, key: string): boolean {
  if (!ctl.zoomable) return false;
  const v = ctl.view;
  const step = Math.max(1, Math.round((v.max - v.min) / 10));
  const centre = (v.min + v.max) / 2;
  if (key === 'ArrowLeft') ctl.set(panView(v, -step, ctl.n));
  else if (key === 'ArrowRight') ctl.set(panView(v, step, ctl.n));
  else if (key === '+' || key === '=') ctl.set(zoomView(v, 1 / 1.25, centre, ctl.n));
  else if (key === '-') ctl.set(zoomView(v, 1.25, centre, ctl.n));
  else if (key === '0') ctl.reset();
  else return false;
  return true;
}
