import { useEffect } from 'react';
import type { WidgetViewProps } from '../../host/types';
import type { ModelConfig } from '../../../shared/schema/model';
import { t } from '../../../shared/i18n';
import { useSpace } from '../space/SpaceContext';
import { chooseMainFile } from '../../../shared/model-files';
import { useJoinSpace } from '../space/useLiveSpace';
import { useLatest } from '../../host/useLatest';

/**
 * The 3D model widget's view. Outside a 3D space it asks to be placed in one (spec §2). Inside, it
 * registers with the space while it is shown (spec §4: visible in the editor and its display
 * parameter not false) and unregisters otherwise and on unmount. The model itself is drawn by the
 * space's worker, so the view has no DOM of its own there.
 */
export function ModelWidget({ id, config, host, visible = true, display = true, onWidgetEvent }: WidgetViewProps<ModelConfig>) {
  useJoinSpace(id);
  const space = useSpace();
  const register = space?.register;
  const unregister = space?.unregister;
  const bus = space?.events;
  const onEvent = useLatest(onWidgetEvent);
  const shown = visible && display !== false;
  // The main file's name is what a designer recognises in a list of the space's models.
  const name = chooseMainFile({ filePath: config?.src?.filePath, fileList: config?.src?.fileList ?? [] })?.name || id;

  // Registered (and so drawn by the space's engine) only while shown; the config rides along.
  useEffect(() => {
    if (!register || !shown) return;
    register({ id, name, config });
  }, [register, shown, id, name, config]);
  useEffect(() => {
    if (!unregister || !shown) return;
    return () => unregister(id);
  }, [unregister, shown, id]);

  // The space made its engine's findings about this model into the widget's events (modelEvents.ts).
  useEffect(() => {
    if (!bus) return;
    return bus.subscribe(id, (name, payload) => onEvent.current?.(name, payload));
  }, [bus, id, onEvent]);

  if (!space) {
    return (
      <div className="dash3d-model dash3d-model--outside" role="note" style={outsideStyle}>
        {t(host.locale, 'ui.placeInSpace')}
      </div>
    );
  }
  return null;
}

const outsideStyle = {
  width: '100%',
  height: '100%',
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  textAlign: 'center',
  padding: 8,
  boxSizing: 'border-box',
  border: '1px dashed currentColor',
  opacity: 0.75,
} as const;
