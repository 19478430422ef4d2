import { useEffect, useRef, type RefObject } from 'react';
import { CardConfigSchema } from '../../../shared/schema/card';
import { GroupConfigSchema } from '../../../shared/schema/group';
import { repairConfig } from '../../host/parsed';
import { useSpace } from './SpaceContext';
import { useSceneDrag, type DragTarget } from './useSceneDrag';
import type { ThreeDSpaceHandle } from './spaceHandle';
import type { Locale } from '../../../shared/i18n';

/** How long a host has to apply a dragged child's change before the preview gives way to the old config (ms). */
const APPLY_WAIT_MS = 1500;

type Config = Record<string, unknown>;
const asConfig = (c: unknown): Config => (c && typeof c === 'object' && !Array.isArray(c) ? (c as Config) : {});

/**
 * The space's side of dragging its cards and groups in the scene (useSceneDrag): their configs as
 * registered with the space, the live preview through the same registries the widgets use, and
 * the one change the host gets. A host that does not apply it within APPLY_WAIT_MS gets the child
 * shown where its config says again: nothing moves behind the host's back.
 */
export function SceneDrag({
  handle,
}: {
  handle: RefObject<ThreeDSpaceHandle | null>;
  /** The chunk failure's language (SpaceWidget loads this lazily). */ locale: Locale;
}) {
  const space = useSpace()!;
  const { cards, groups } = space;
  const editing = space.host.mode === 'edit';
  const previews = useRef(new Map<string, { config: Config; was: Config; timer?: ReturnType<typeof setTimeout> }>());
  useEffect(() => {
    const list = previews.current;
    return () => list.forEach((p) => clearTimeout(p.timer));
  }, []);

  const kindOf = (id: string) => (cards.config(id) !== undefined ? 'card' : id in groups.configs() ? 'group' : null);
  const current = (id: string): Config | undefined =>
    kindOf(id) === 'card' ? asConfig(cards.config(id)) : kindOf(id) === 'group' ? asConfig(groups.configs()[id]) : undefined;
  const show = (id: string, config: Config) => {
    if (kindOf(id) === 'card') cards.register(id, config);
    else if (kindOf(id) === 'group') groups.set(id, config);
  };

  useSceneDrag({
    editing,
    handle,
    target(id): DragTarget | null {
      const kind = kindOf(id);
      if (!kind) return null;
      const config = current(id)!;
      // A preview still waiting for the host: the drag starts from what the host holds.
      const was = previews.current.get(id);
      const from = was && was.config === config ? was.was : config;
      const schema = kind === 'card' ? CardConfigSchema : GroupConfigSchema;
      return { config: from, position: repairConfig(schema, from).value.meshConfig.position };
    },
    preview(id, config) {
      const p = previews.current.get(id);
      clearTimeout(p?.timer);
      previews.current.set(id, { config, was: p?.was ?? current(id) ?? {} });
      show(id, config);
    },
    commit(id, config) {
      const p = previews.current.get(id);
      const was = p?.was ?? current(id) ?? {};
      // Shown as a copy of what the host is sent: a host that applies the change hands the widget
      // the config it got (the playground does, the very object), and the widget registering it is
      // then told apart from this preview by identity.
      const shown = { ...config };
      show(id, shown);
      const entry = { config: shown, was, timer: undefined as ReturnType<typeof setTimeout> | undefined };
      previews.current.set(id, entry);
      space.change(id, config);
      entry.timer = setTimeout(() => {
        if (previews.current.get(id) !== entry) return;
        previews.current.delete(id);
        // The host applied it (the widget registered the host's config) or did not: then back.
        if (current(id) === shown) show(id, was);
      }, APPLY_WAIT_MS);
    },
  });
  return null;
}
