import { prewarmModelLoading } from '../models/load/index';

/**
 * How long a space stays drawn before it starts its model parser (issue 20 point 3). A space on a
 * long dashboard is often started only to draw one image and give its context back (scrolled past,
 * or drawn out of view: src/bridge/visibility.ts); a parser it starts then (the whole worker script
 * booted again) is thrown away, and takes the cores from the spaces still starting. Measured with
 * 40 spaces scrolled through on 2 cores (load 13 to 20, busy page): 84 workers started instead of
 * 123, and every space drew in 24 to 36 s instead of 32 to 41 s; with no parser started at all,
 * 22 to 28 s against 34 s (a quiet page showed no difference beyond the noise). A model asked for
 * meanwhile starts its parser as its download begins (load/index.ts), as it would have anyway.
 */
const PREWARM_AFTER_MS = 3000;

/** The model parser started once the space has drawn and stayed (see PREWARM_AFTER_MS). */
export class ParserPrewarm {
  private timer: ReturnType<typeof setTimeout> | null = null;

  /** The space drew: the parser starts after the wait, ready before a model is asked for. */
  drawn(): void {
    this.timer ??= setTimeout(() => prewarmModelLoading(), PREWARM_AFTER_MS);
  }

  dispose(): void {
    if (this.timer) clearTimeout(this.timer);
  }
}
