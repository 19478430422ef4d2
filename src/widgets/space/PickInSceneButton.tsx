import { useEffect, useRef, useState } from 'react';
import { Button, message, Tooltip } from 'antd';
import { useSettings } from '../../settings/context';
import type { FieldPath } from '../../settings/schemaPath';
import { useLiveSpace } from './useLiveSpace';
import type { PickedPoint } from '../../../shared/protocol';

interface Props {
  /** The widget whose panel this is: its running space is found through liveSpaces. */
  widgetId: string;
  /** The config's {x, y, z} the picked point goes to. */
  name: FieldPath;
  /** A model is placed onto something else: its own meshes are left out of the ray. */
  excludeSelf?: boolean;
  /** What a pick writes instead of the point at `name` (a card picking the part it tints); false: missed. */
  onPicked?: (picked: PickedPoint) => boolean;
  /** The button's text instead of "Pick in scene" (already translated). */
  label?: string;
}

/** Three decimals: a surface point to a thousandth of a unit, and fields that stay readable. */
const round = (v: number) => Math.round(v * 1000) / 1000 + 0;

/**
 * "Pick in scene" (issue 10 §1, §6, §7): press, then click a point in the running space; the
 * surface point under the click becomes the widget's position. The panel is rendered by the host
 * outside the space's React tree, so the space is found through the page's list of running spaces
 * (liveSpaces); a widget outside any running space gets a disabled button that says why.
 */
export function PickInSceneButton({ widgetId, name, excludeSelf, onPicked, label }: Props) {
  const { t, setValue } = useSettings();
  const live = useLiveSpace(widgetId);
  const [notify, holder] = message.useMessage();
  const [picking, setPicking] = useState<AbortController | null>(null);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  // A closed panel (or a widget moved out of its space) stops waiting for the click.
  useEffect(() => () => picking?.abort(), [picking]);

  const handle = live && live.spaceId !== widgetId ? live.handle : null;

  const start = async () => {
    if (picking) {
      picking.abort();
      return;
    }
    if (!handle) return;
    const abort = new AbortController();
    setPicking(abort);
    try {
      const outcome = await handle.pick({ exclude: excludeSelf ? widgetId : undefined, signal: abort.signal });
      if (outcome.status === 'picked' && onPicked) {
        if (!onPicked(outcome.picked) && mounted.current) void notify.warning(t('pick.missed'));
      } else if (outcome.status === 'picked') {
        const { x, y, z } = outcome.picked.point;
        setValue?.(name, { x: round(x), y: round(y), z: round(z) });
      } else if (outcome.status === 'missed' && mounted.current) void notify.warning(t('pick.missed'));
    } catch (err) {
      if (mounted.current) void notify.error(t('pick.failed', { reason: err instanceof Error ? err.message : String(err) }));
    } finally {
      if (mounted.current) setPicking((now) => (now === abort ? null : now));
    }
  };

  const button = (
    <Button
      className="dash3d-pick-button"
      type={picking ? 'primary' : 'default'}
      aria-pressed={picking !== null}
      disabled={!handle}
      onClick={() => void start()}
    >
      {picking ? t('pick.cancel') : (label ?? t('pick.button'))}
    </Button>
  );
  return (
    <div style={{ marginBottom: 8 }}>
      {holder}
      {handle ? (
        button
      ) : (
        // A disabled button gets no pointer events: the tooltip hangs on a wrapper.
        <Tooltip title={t('pick.notInSpace')}>
          <span className="dash3d-pick-disabled" aria-label={t('pick.notInSpace')} style={{ display: 'inline-block' }}>
            {button}
          </span>
        </Tooltip>
      )}
    </div>
  );
}
