import type { EngineEvent } from '../../shared/protocol';

/**
 * User code from configs — the space's hooks and frame callbacks, a material's shaderCode and
 * frameScript — shares one switch and one activity signal. While any of it may run, the main
 * thread is told ('script-activity' busy), so a worker that then stops answering is known to hang
 * in user code and restarts with user code off; `enabled` is false in that restarted worker.
 */
export interface UserCode {
  readonly enabled: boolean;
  /** Mark user code as possibly running until the returned release is called (idempotent). */
  hold(): () => void;
}

export function createUserCode(enabled: boolean, emit: (e: EngineEvent) => void): UserCode {
  let holds = 0;
  return {
    enabled,
    hold() {
      if (holds++ === 0) emit({ type: 'script-activity', busy: true });
      let released = false;
      return () => {
        if (released) return;
        released = true;
        if (--holds === 0) emit({ type: 'script-activity', busy: false });
      };
    },
  };
}
