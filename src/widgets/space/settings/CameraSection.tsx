import { NumberField, Vec3Field } from '../../../settings/fields';
import { useSettings } from '../../../settings/context';

/** cameraConfig: lens and where it stands and looks. */
export function CameraSection() {
  const { t } = useSettings();
  return (
    <>
      <NumberField name={['cameraConfig', 'fov']} label={t('settings.fov')} range={{ step: 1 }} />
      <NumberField name={['cameraConfig', 'near']} label={t('settings.nearPlane')} />
      <NumberField name={['cameraConfig', 'far']} label={t('settings.farPlane')} range={{ step: 100 }} />
      <Vec3Field name={['cameraConfig', 'cameraPositon']} label={t('settings.cameraPosition')} />
      <Vec3Field name={['cameraConfig', 'cameraLookAt']} label={t('settings.cameraLookAt')} />
    </>
  );
}
