import { lazy, Suspense, useState, type CSSProperties, type KeyboardEvent, type ReactNode, type Ref } from 'react';
import type { WidgetViewProps } from '../../host/types';
import { useParsedConfig } from '../../host/useParsedConfig';
import { GroupConfigSchema, type GroupConfig } from '../../../shared/schema/group';
import { t } from '../../../shared/i18n';
import { PackageStyle } from '../../host/PackageStyle';
import { GROUP_CSS } from './groupCss';
import { useJoinSpace } from '../space/useLiveSpace';
import { useSpace } from '../space/SpaceContext';
import { GroupInSpace } from './GroupInSpace';

/**
 * The editing dialog (antd's Modal) is loaded only where a group can be edited: a dashboard that
 * only shows scenes never pulls antd in through the group widget.
 */
const DraggableModal = lazy(() => import('./DraggableModal').then((m) => ({ default: m.DraggableModal })));

/** Room the modal needs around the inner layout (antd's body padding). */
const MODAL_CHROME = 48;

/**
 * The 3D component group (spec §2): a small dashboard layout of ordinary host widgets (its
 * `children`), pinned into the scene at layoutWidth x layoutHeight. Inside a 3D space its element
 * is placed in the scene by the engine (GroupInSpace.tsx); outside one it is drawn flat where the
 * host lays it out. In edit mode hovering shows a mask reading 'double click to edit'; a double
 * click (or Enter / Space from the keyboard) opens the draggable edit modal, which then holds the
 * children instead of the normal view, so each host widget is mounted once.
 */
export function GroupWidget({ id, config, host, children }: WidgetViewProps<GroupConfig>) {
  useJoinSpace(id);
  const space = useSpace();
  const parsed = useParsedConfig(GroupConfigSchema, config);
  if (!space) {
    return (
      <GroupBody id={id} config={parsed} host={host} style={{ position: 'relative' }}>
        {children}
      </GroupBody>
    );
  }
  return (
    <GroupInSpace id={id} config={parsed} groups={space.groups}>
      {(ref, style) => (
        <GroupBody id={id} config={parsed} host={host} style={style} bodyRef={ref} onSelect={() => space.select(id)}>
          {children}
        </GroupBody>
      )}
    </GroupInSpace>
  );
}

interface BodyProps {
  id: string;
  config: GroupConfig;
  host: WidgetViewProps<GroupConfig>['host'];
  style: CSSProperties;
  bodyRef?: Ref<HTMLDivElement>;
  children?: ReactNode;
  /** Edit mode, the group placed in a space: a click on it selects it in the host's editor. */
  onSelect?(): void;
}

/** The group's element: the inner layout with its children, and in edit mode the mask and the modal. */
function GroupBody({ id, config, host, style, bodyRef, children, onSelect }: BodyProps) {
  const [editing, setEditing] = useState(false);
  const [hover, setHover] = useState(false);
  const [focus, setFocus] = useState(false);
  const { layoutWidth, layoutHeight } = config;
  const size = { width: layoutWidth, height: layoutHeight };
  const edit = host.mode === 'edit';
  const editLabel = t(host.locale, 'ui.editGroup');

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.target !== e.currentTarget || (e.key !== 'Enter' && e.key !== ' ')) return;
    e.preventDefault();
    setEditing(true);
  };

  return (
    <div ref={bodyRef} className="dash3d-group" data-widget-id={id} style={{ ...style, ...size, pointerEvents: 'auto' }}>
      <PackageStyle name="group" css={GROUP_CSS} />
      <div className="dash3d-group__layout" style={{ position: 'relative', ...size, overflow: 'hidden' }}>
        {editing ? null : children}
      </div>
      {edit ? (
        <div
          className={hover || focus ? 'dash3d-group__mask dash3d-group__mask--shown' : 'dash3d-group__mask'}
          role="button"
          tabIndex={0}
          aria-label={editLabel}
          onPointerEnter={() => setHover(true)}
          // A group placed in the scene can arrive under a resting pointer (the camera moved it
          // there): Chromium then sends no pointerenter, only the next move.
          onPointerMove={() => setHover(true)}
          onPointerLeave={() => setHover(false)}
          onFocus={() => setFocus(true)}
          onBlur={() => setFocus(false)}
          onClick={onSelect}
          onDoubleClick={() => setEditing(true)}
          onKeyDown={onKeyDown}
        >
          {hover || focus ? <span>{t(host.locale, 'ui.doubleClickToEdit')}</span> : null}
        </div>
      ) : null}
      {edit ? (
        <Suspense fallback={null}>
          <DraggableModal open={editing} title={editLabel} width={layoutWidth + MODAL_CHROME} onClose={() => setEditing(false)}>
            <div className="dash3d-group__layout dash3d-group__layout--editing" style={{ position: 'relative', ...size }}>
              {editing ? children : null}
            </div>
          </DraggableModal>
        </Suspense>
      ) : null}
    </div>
  );
}
