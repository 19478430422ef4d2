import type { Endpoint } from 'comlink';
import { readStep } from './steps';
import { watchSilence, type Silence } from './silence';

/**
 * A parse worker that went silent where it should have answered at once: it did not answer its
 * first call (its script never ran, or its thread is stuck), or it started a worker of its own and
 * never came back from that call (steps.ts). Not a failure of the file: the parse client starts
 * another parse worker, and then parses on the render thread (parse/client.ts, load/index.ts).
 */
export class ParserStalled extends Error {
  constructor(
    message: string,
    /** The file is still here (not moved to the worker that stalled): it can be parsed again. */
    readonly fileKept = true,
  ) {
    super(message);
    this.name = 'ParserStalled';
  }
}

const seconds = (ms: number) => `${Math.round(ms / 100) / 10} s`;

export const handshakeStalled = (ms: number) => new ParserStalled(`a parse worker did not answer within ${seconds(ms)} of starting`);

type Messages = Pick<Endpoint, 'addEventListener' | 'removeEventListener'>;

/**
 * Waits for a starting parse worker's first answer (`answered`), giving up once it has said
 * nothing at all for `ms` (silence.ts: counted in this thread's time). Anything it says counts:
 * its 'alive' mark as its script starts to run (steps.ts), a step mark, comlink's replies.
 */
export function watchHandshake<T>(worker: Messages, answered: Promise<T>, ms: number): Promise<T> {
  let silence: Silence | undefined;
  const onMessage = () => silence?.heard();
  const expired = new Promise<never>((_, reject) => {
    silence = watchSilence(ms, () => reject(handshakeStalled(ms)));
  });
  worker.addEventListener('message', onMessage);
  return Promise.race([answered, expired]).finally(() => {
    silence?.stop();
    worker.removeEventListener('message', onMessage);
  });
}

export interface StepWatch {
  /** Rejects with a ParserStalled once a step the worker started has not ended within `ms`. */
  stalled: Promise<never>;
  stop(): void;
}

/**
 * Watches a parse worker's step marks: a step that starts arms a watch on its silence, its end
 * (or anything else the worker says, which a blocked thread cannot) disarms it. Only these steps
 * are timed: a parse itself may rightly take minutes (a big file, parsed in one synchronous call
 * that answers nothing meanwhile), and nothing here ever cuts it short.
 */
export function watchSteps(worker: Messages, ms: number): StepWatch {
  let silence: Silence | null = null;
  let fail: (err: ParserStalled) => void = () => {};
  const stalled = new Promise<never>((_, reject) => (fail = reject));
  stalled.catch(() => {}); // Raced against the parse it belongs to; nobody else waits on it.
  const clear = () => {
    silence?.stop();
    silence = null;
  };
  const onMessage = (e: Event) => {
    const step = readStep((e as MessageEvent).data);
    clear();
    if (step?.dash3dParseStep !== 'start') return;
    const what = step.what;
    silence = watchSilence(ms, () =>
      fail(new ParserStalled(`a parse worker stopped answering while ${what} (nothing for ${seconds(ms)})`)),
    );
  };
  worker.addEventListener('message', onMessage);
  return {
    stalled,
    stop() {
      clear();
      worker.removeEventListener('message', onMessage);
    },
  };
}
