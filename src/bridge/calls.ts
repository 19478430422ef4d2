import type { Remote } from 'comlink';
import { RENDER_API_METHODS, type RenderApi } from '../../shared/protocol';

/** The render API as the main thread sees it, in a worker or not: comlink's view, every call a promise. */
export type RenderCalls = Remote<RenderApi>;
export type RenderMethod = keyof RenderApi;

type AnyCall = (...args: unknown[]) => unknown;

/**
 * An object with every RenderApi method but the `omitted` ones, each handing its name and arguments
 * to `call` (which runs it on a worker, an engine in place, or whatever runs now). The main thread
 * lists no method by hand: a method added to the protocol and its implementation is forwarded.
 */
export function forwardCalls<K extends RenderMethod>(
  omitted: readonly K[],
  call: (method: Exclude<RenderMethod, K>, args: unknown[]) => unknown,
): Omit<RenderCalls, K> {
  const forwarded = RENDER_API_METHODS.filter((m): m is Exclude<RenderMethod, K> => !(omitted as readonly RenderMethod[]).includes(m));
  return Object.fromEntries(forwarded.map((m) => [m, (...args: unknown[]) => call(m, args)])) as unknown as Omit<RenderCalls, K>;
}

/** `target[method](...args)`, for a target whose methods are known only by name here. */
export function invoke(target: object, method: string, args: unknown[]): unknown {
  const fn = (target as Record<string, AnyCall | undefined>)[method];
  if (typeof fn !== 'function') throw new TypeError(`${method} is not a method of this target`);
  // Reflect.apply, not fn.apply: on a comlink proxy `.apply` would be a remote property.
  return Reflect.apply(fn, target, args);
}

/**
 * A call answered on the main thread in place of the engine (the space while released). Checked
 * against the protocol's signature; the one cast covers comlink's proxy members that a remote call
 * carries in its type and no caller uses.
 */
export function localCall<M extends RenderMethod>(
  _method: M,
  fn: (...args: Parameters<RenderApi[M]>) => Promise<Awaited<ReturnType<RenderApi[M]>>>,
): RenderCalls[M] {
  return fn as unknown as RenderCalls[M];
}
