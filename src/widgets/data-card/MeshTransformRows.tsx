import { t, type Locale } from '../../../shared/i18n';
import { SubGroup } from '../../settings/layout';
import { SwitchField, Vec3Field } from '../../settings/fields';
import { PickInSceneButton } from '../space/PickInSceneButton';

/**
 * meshConfig's placement in the scene, shared by the data card and the component group; with the
 * widget's id, "Pick in scene" sets the position from a click in its running space.
 */
export function MeshTransformRows({ locale, widgetId }: { locale: Locale; widgetId?: string }) {
  return (
    <SubGroup title={t(locale, 'widgets.mesh.placement')}>
      {widgetId !== undefined ? <PickInSceneButton widgetId={widgetId} name={['meshConfig', 'position']} /> : null}
      <Vec3Field name={['meshConfig', 'position']} label={t(locale, 'widgets.mesh.position')} />
      <Vec3Field name={['meshConfig', 'rotation']} label={t(locale, 'widgets.mesh.rotation')} />
      <Vec3Field name={['meshConfig', 'scale']} label={t(locale, 'widgets.mesh.scale')} />
    </SubGroup>
  );
}

/** How an anchored widget shows: facing the screen (isSprite) and at a fixed size (isFixd). */
export function DisplayRows({ locale }: { locale: Locale }) {
  return (
    <SubGroup title={t(locale, 'widgets.display')}>
      <SwitchField name={['isSprite']} label={t(locale, 'widgets.isSprite')} />
      <SwitchField name={['isFixd']} label={t(locale, 'widgets.isFixd')} />
    </SubGroup>
  );
}
