/**
 * Whether `el` is still moving, as a user's click would miss it: an rc-motion class on it or an
 * ancestor (antd's 'ant-zoom-appear', '...-enter-active' and the like: for a frame or two before
 * its animation starts, a dialog already stands scaled down with no animation yet), or a running
 * animation or transition on it or around it (a dialog's zoom, a Collapse opening above it).
 *
 * Self-contained (no imports, nothing from outside the function): the browser tests call it in the
 * page (click.ts), the e2e tests hand it to Playwright's `evaluate`, which sends its source.
 */
export function isMoving(el: Element): boolean {
  for (let e: Element | null = el; e; e = e.parentElement)
    if ([...e.classList].some((c) => /-(appear|enter|leave)(-(prepare|start|active))?$/.test(c))) return true;
  return document.getAnimations().some((a) => {
    const target = (a.effect as KeyframeEffect | null)?.target;
    return a.playState === 'running' && target instanceof Element && (target === el || target.contains(el));
  });
}
