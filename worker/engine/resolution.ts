import type { SpaceConfig } from '../../shared/schema/space';

/**
 * Adaptive resolution (issue 20 point 1). While the view moves (frames drawn back to back), the
 * interval between frames is compared with the space's target: too slow, the render scale steps
 * down; comfortably fast, it steps back up. A still scene is drawn at full resolution: smooth
 * while moving, sharp as soon as it stops.
 *
 * Pure bookkeeping, no three.js: the surface asks it for the ratio of each frame (surface.ts).
 */

/** Render scales, of the screen's own pixel ratio, from sharpest to cheapest. */
export const SCALE_STEPS = [1, 0.85, 0.7, 0.6, 0.5] as const;

/**
 * A moving view starts at the sharpest step with at most this many device pixels per CSS pixel.
 * A screen at a ratio of 2 (a tablet, a phone at 3, capped at 2 by the stage) has four times the
 * pixels of the same view at 1: starting there, the first movement of a heavy scene is slow until
 * the first decision (4 frames, 300 ms). At 1.4 (step 0.7) it draws half of them; a light scene
 * steps up within a window or two, and a still view is drawn at the full ratio either way.
 * Screens up to 1.5 (desktops at 100 to 150 %) start sharp, as before.
 */
const START_MAX_RATIO = 1.5;

/** The step a moving view starts at on a screen of this pixel ratio. */
export function startStep(devicePixelRatio: number): number {
  let step = 0;
  while (step < SCALE_STEPS.length - 1 && devicePixelRatio * SCALE_STEPS[step]! > START_MAX_RATIO + 1e-9) step++;
  return step;
}

/** Slower than this share of the target interval: step down. */
const SLOW = 1.2;
/**
 * Faster than this share: step up. One step up costs about 1/0.85² = 1.38 times the pixels, so a
 * frame at 0.66 of the target lands near 0.92 of it after the step, inside the band: no bouncing.
 */
const FAST = 0.66;
/** Stepping up several steps at once only where the pixel count says it stays under this share. */
const ROOM = 0.8;
/** A decision reads the typical interval (typical()) of at least this many over at least this long. */
const MIN_SAMPLES = 4;
const WINDOW_MS = 300;
/** After a change, intervals are not read for this long (the new buffer, the frame in flight). */
const SETTLE_MS = 120;
/** A step up undone within this long was a mistake: the next try waits, longer each time. */
const REGRET_MS = 1500;
const BACKOFF_MS = [2000, 4000, 8000, 16000, 30000] as const;
/**
 * A frame this close to the target counts as on time. When the target is the display's own rate
 * (60 fps on a 60 Hz screen) no interval can come in under FAST × the target: frames that are all
 * on time are the only sign of room, and one step up is tried (undone, and tried later, if wrong).
 */
const ON_TIME = 1.25;
/** A tick shorter than this is a display's (50 Hz and up), not a slow scene's steady interval. */
const DISPLAY_TICK_MS = 21;
/** The tick is the shortest interval of this many recent windows (the window may move to another screen). */
const TICK_WINDOWS = 8;
/**
 * With overlays drawn over a scaled scene (engine/compose.ts, see setComposed): a smaller scale
 * whose frames come no faster than this share of full scale's is no gain, and a scale held this
 * long without a change is tried at full scale again.
 */
const NO_GAIN = 0.95;
const PROBE_MS = 2000;

export type ResolutionSettings = Pick<SpaceConfig['renderConfig'], 'resolution' | 'pixelRatio' | 'targetFps'>;

export class AdaptiveScale {
  private step = 0;
  /** Where a reset goes back to: startStep() of the screen's ratio. */
  private start = 0;
  private devicePixelRatio = 1;
  private targetMs = 1000 / 30;
  private auto = true;
  private samples: number[] = [];
  private windowStart = -1;
  private settleUntil = 0;
  private lastUpAt = -Infinity;
  private upBlockedUntil = 0;
  private regrets = 0;
  /** The shortest interval of each recent window: the display's tick, as frames cannot come faster. */
  private windowMins: number[] = [];
  /** The step held before the last step up: where a step up that proved wrong goes back to. */
  private upFrom = 0;
  /** When the scale last changed. */
  private changedAt = 0;
  /** Frames below full scale carry a cost their pixels do not say (setComposed). */
  private composed = false;
  /** The typical interval of the last window at full scale (null: none yet since the reset). */
  private fullMs: number | null = null;
  /** Stepping down from full scale proved no gain (composed): not tried again before this. */
  private downBlockedUntil = 0;
  private downRegrets = 0;
  /** Scale changes since creation (stats, tests). */
  changes = 0;

  configure(settings: ResolutionSettings): void {
    this.targetMs = 1000 / settings.targetFps;
    const auto = settings.resolution === 'auto';
    if (auto !== this.auto) this.reset();
    this.auto = auto;
  }

  /** The scale for frames while the view moves (1 when fixed). */
  get scale(): number {
    return this.auto ? SCALE_STEPS[this.step]! : 1;
  }

  /**
   * The screen's pixel ratio (as the stage draws it, capped). A new ratio (the window moved to
   * another screen, the page was zoomed) costs a different number of pixels: start again there.
   */
  setDevicePixelRatio(ratio: number): void {
    if (ratio === this.devicePixelRatio) return;
    this.devicePixelRatio = ratio;
    this.start = startStep(ratio);
    this.reset();
  }

  /**
   * Whether a frame below full scale also draws the overlays at the screen's full ratio over the
   * scaled scene (engine/compose.ts): one full-resolution pass, which no step makes cheaper and
   * which full scale does not draw. The pixel count then misreads the steps (on a software
   * rasteriser that pass costs as much as a light scene's pixels): a frame slow for another reason
   * than its pixels (a busy machine, thousands of cards) is slower drawn smaller, and a scale
   * stepped down for a passing load never reads fast enough to step up. So, while composed: a
   * smaller scale no faster than full scale was (NO_GAIN) goes back to full scale, and stepping
   * down waits, longer each time; a smaller scale held PROBE_MS is tried at full scale, kept when
   * frames are not slow there, undone and backed off like any step up when they are.
   */
  setComposed(on: boolean): void {
    this.composed = on;
  }

  /** Forget what was measured: a new setting starts where a screen of this ratio starts. */
  reset(): void {
    this.step = this.start;
    this.samples = [];
    this.windowStart = -1;
    this.regrets = 0;
    this.upBlockedUntil = 0;
    this.fullMs = null;
    this.downBlockedUntil = 0;
    this.downRegrets = 0;
  }

  /**
   * One interval (ms) between two frames drawn back to back at the current scale, ending at `now`.
   * Returns true when the scale changed.
   */
  sample(intervalMs: number, now: number): boolean {
    if (!this.auto || now < this.settleUntil || !(intervalMs > 0)) return false;
    if (this.windowStart < 0) this.windowStart = now;
    this.samples.push(intervalMs);
    if (this.samples.length < MIN_SAMPLES || now - this.windowStart < WINDOW_MS) return false;
    const typical = typicalInterval(this.samples);
    const allOnTime = Math.max(...this.samples) <= this.targetMs * ON_TIME;
    this.windowMins = [...this.windowMins, Math.min(...this.samples)].slice(-TICK_WINDOWS);
    this.samples = [];
    this.windowStart = -1;
    const last = SCALE_STEPS.length - 1;
    if (this.step === 0) this.fullMs = typical;
    const backoff = (n: number) => BACKOFF_MS[Math.min(n, BACKOFF_MS.length - 1)]!;
    let next = this.step;
    if (this.composed && this.step > 0 && this.fullMs !== null && typical >= this.fullMs * NO_GAIN) {
      // Drawn smaller, no faster than at full scale: full scale, sharp, and the next try waits.
      next = 0;
      this.downBlockedUntil = now + backoff(this.downRegrets++);
    } else if (typical > this.targetMs * SLOW && this.step < last && !(this.composed && this.step === 0 && now < this.downBlockedUntil)) {
      // Fill cost goes with the pixel count (the scale squared): jump to the step that should fit,
      // at least one. Where the frame is not bound by pixels this overshoots: smooth first.
      next = this.step + 1;
      const base = SCALE_STEPS[this.step]!;
      while (next < last && typical * (SCALE_STEPS[next]! / base) ** 2 > this.targetMs) next++;
      if (now - this.lastUpAt < REGRET_MS) {
        // A step up that proved wrong goes back to where frames were fine, not past it: at the
        // display's rate a late frame counts two ticks, which overstates its cost.
        next = Math.max(this.step + 1, Math.min(next, this.upFrom));
        this.upBlockedUntil = now + backoff(this.regrets);
        this.regrets++;
      }
    } else if (typical < this.targetMs * FAST && this.step > 0 && now >= this.upBlockedUntil) {
      // As many steps up as should still fit with room to spare, at least one: a load that went
      // away gives the sharp picture back in one or two decisions, not four.
      const base = SCALE_STEPS[this.step]!;
      next = this.step - 1;
      while (next > 0 && typical * (SCALE_STEPS[next - 1]! / base) ** 2 < this.targetMs * ROOM) next--;
      this.lastUpAt = now;
      this.upFrom = this.step;
    } else if (allOnTime && this.atDisplayRate() && this.step > 0 && now >= this.upBlockedUntil) {
      next = this.step - 1;
      this.lastUpAt = now;
      this.upFrom = this.step;
    } else if (
      this.composed &&
      typical <= this.targetMs * SLOW &&
      this.step > 0 &&
      now >= this.upBlockedUntil &&
      now - this.changedAt >= PROBE_MS
    ) {
      // Not slow, not fast by the pixels: with the overlays' pass the pixels do not tell (setComposed).
      next = 0;
      this.lastUpAt = now;
      this.upFrom = this.step;
    }
    if (next === this.step) return false;
    this.step = next;
    this.changes++;
    this.changedAt = now;
    this.settleUntil = now + SETTLE_MS;
    return true;
  }

  /** The target is the display's own rate: a frame cannot come in FAST × the target. */
  private atDisplayRate(): boolean {
    const tick = Math.min(...this.windowMins);
    return tick < DISPLAY_TICK_MS && this.targetMs < tick * 1.5;
  }
}

/**
 * The mean interval, without the window's single longest one when there are enough: the frame
 * rate the viewer gets, but not one hitch (a collection, an upload). Not the median: on a display
 * whose ticks quantise every interval (16.7 or 33.3 ms), the median stays at one tick while a
 * third of the frames miss theirs, and 60 fps would be reported where 45 are drawn.
 */
function typicalInterval(values: number[]): number {
  const longest = Math.max(...values);
  const n = values.length;
  const sum = values.reduce((s, v) => s + v, 0);
  return n >= 5 ? (sum - longest) / (n - 1) : sum / n;
}
