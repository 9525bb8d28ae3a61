/**
 * TEST ONLY (KABUTO_TEST_CONTROL=1, never in production): a clock an end-to-end test can set.
 *
 * Unset, it is its base clock (the market clock from KABUTO_MARKET_CLOCK, or the system clock), so
 * other tests sharing the server see the usual time. `set(at)` pins it to an instant (or, with
 * `running`, starts it there at real speed); `release()` returns to the base. `follow(base)` gives
 * a second view that shares the pin but otherwise reads another base: main.ts uses it so the
 * wall clock (sessions, limits) moves with the market clock while pinned.
 */
import type { Clock } from '../clock';

interface Pin {
  at: number;
  /** Real time when the pin was set (for a running pin). */
  setAt: number;
  running: boolean;
}

export class TestClock implements Clock {
  private pin: Pin | null = null;

  constructor(
    private readonly base: Clock,
    private readonly real: () => number = () => Date.now(),
  ) {}

  now(): number {
    return this.read(this.base);
  }

  /** Another clock: this one's pinned time while pinned, else `base`'s time. */
  follow(base: Clock): Clock {
    return { now: () => this.read(base) };
  }

  set(at: number, running = false): void {
    if (!Number.isSafeInteger(at) || at < 0) throw new RangeError(`not an instant: ${at}`);
    this.pin = { at, setAt: this.real(), running };
  }

  release(): void {
    this.pin = null;
  }

  get pinned(): boolean {
    return this.pin !== null;
  }

  private read(base: Clock): number {
    const p = this.pin;
    if (!p) return base.now();
    return p.running ? p.at + Math.max(0, this.real() - p.setAt) : p.at;
  }
}
