import type { EngineContext } from '../engine/context';
import { disposeTexture, texturesOf } from '../util/textures';
import type { BuiltMaterial } from './build';

/**
 * What every user of a built material does with it (a model part, the material preview): free it
 * with its textures, and run its frame script each frame while it is shown.
 */

/** Free a built material: the material, the textures of its image fields and any a shaderCode put in its uniforms. */
export function freeBuilt(built: BuiltMaterial): void {
  built.material.dispose();
  new Set([...built.textures, ...texturesOf(built.material)]).forEach(disposeTexture);
}

/**
 * Run the material's frame script before every frame until the returned stop is called (null when
 * it has none). A frame script that never returns must be known as user code to the heartbeat:
 * held while it runs (not while merely registered, see worker/engine/user-code.ts).
 */
export function runFrameScript(ctx: EngineContext, built: BuiltMaterial): (() => void) | null {
  const frame = built.frame;
  if (!frame) return null;
  const stop = ctx.onFrame((dt) => {
    const release = ctx.userCode.hold();
    try {
      frame(dt);
    } finally {
      release();
    }
    ctx.invalidate();
  });
  // The first frame asks for the next: a script animates from the moment it is shown.
  ctx.invalidate();
  return stop;
}
