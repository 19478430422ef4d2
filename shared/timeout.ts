/**
 * `work`, or a rejection with `late()` once `ms` passed without it settling (the timer cleared
 * either way). `work` itself goes on: cancelling it is the caller's part.
 */
export function withTimeout<T>(work: Promise<T>, ms: number, late: () => Error): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(late()), ms);
  });
  return Promise.race([work, expired]).finally(() => clearTimeout(timer));
}
