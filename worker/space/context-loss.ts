import type { WebGLRenderer } from 'three';

/**
 * The canvas's WebGL context going and coming back (ARCHITECTURE.md example 9, as model-viewer's
 * Renderer.ts treats it): a lost context is a state the engine pauses in, told to it here, and a
 * restored one is its cue to rebuild the stage from the config. Test support loses it on purpose.
 */
export class ContextLossWatch {
  /** The drawing stage's WEBGL_lose_context, for simulate(). */
  private ext: WEBGL_lose_context | null = null;

  constructor(
    private readonly canvas: OffscreenCanvas | HTMLCanvasElement,
    private readonly on: { lost(): void; restored(): void },
  ) {
    canvas.addEventListener('webglcontextlost', this.onLost);
    canvas.addEventListener('webglcontextrestored', this.onRestored);
  }

  /** A stage was built: simulate() loses its renderer's context. */
  attach(renderer: WebGLRenderer): void {
    this.ext = renderer.getContext().getExtension('WEBGL_lose_context');
  }

  /** Test support: lose the context through WEBGL_lose_context and restore it after `restoreAfterMs`. */
  simulate(restoreAfterMs: number): boolean {
    const ext = this.ext;
    if (!ext) return false;
    ext.loseContext();
    setTimeout(() => ext.restoreContext(), restoreAfterMs);
    return true;
  }

  dispose(): void {
    this.canvas.removeEventListener('webglcontextlost', this.onLost);
    this.canvas.removeEventListener('webglcontextrestored', this.onRestored);
  }

  private onLost = (e: Event) => {
    e.preventDefault(); // without this the browser never offers the context back
    this.on.lost();
  };

  private onRestored = () => this.on.restored();
}
