import { NumberField, SelectField, SwitchField } from '../../../settings/fields';
import { ShowWhen, SubGroup } from '../../../settings/layout';
import { useSettings } from '../../../settings/context';
import { CONTROL_TYPES } from '../../../../shared/schema/controls';

const TYPE = ['controlConfig', 'controlType'];
const O = ['controlConfig', 'orbitConfig'];
const P = ['controlConfig', 'pointerLockConfig'];
const F = ['controlConfig', 'flyConfig'];
/** Speeds are multipliers around 1: a tenth is the useful step. */
const SPEED = { step: 0.1 };

/** controlConfig: the control type, and only the settings of that type (spec §4). */
export function ControlsSection() {
  const { t } = useSettings();
  return (
    <>
      <SelectField
        name={TYPE}
        label={t('settings.controlType')}
        options={CONTROL_TYPES.map((v) => ({ value: v, label: t(`settings.controlType.${v}`) }))}
      />
      <ShowWhen path={TYPE} is={(v) => v === 'orbit'}>
        <SubGroup title={t('settings.orbit')}>
          <SwitchField name={[...O, 'enabled']} label={t('settings.enable')} />
          <SwitchField name={[...O, 'enableRotate']} label={t('settings.enableRotate')} />
          <NumberField name={[...O, 'rotateSpeed']} label={t('settings.rotateSpeed')} range={SPEED} />
          <NumberField name={[...O, 'minAzimuthAngle']} label={t('settings.minAzimuthAngle')} />
          <NumberField name={[...O, 'maxAzimuthAngle']} label={t('settings.maxAzimuthAngle')} />
          <NumberField name={[...O, 'minPolarAngle']} label={t('settings.minPolarAngle')} />
          <NumberField name={[...O, 'maxPolarAngle']} label={t('settings.maxPolarAngle')} />
          <SwitchField name={[...O, 'enablePan']} label={t('settings.enablePan')} />
          <NumberField name={[...O, 'panSpeed']} label={t('settings.panSpeed')} range={SPEED} />
          <SwitchField name={[...O, 'enableZoom']} label={t('settings.enableZoom')} />
          <NumberField name={[...O, 'zoomSpeed']} label={t('settings.zoomSpeed')} range={SPEED} />
          <NumberField name={[...O, 'minDistance']} label={t('settings.minDistance')} />
          <NumberField name={[...O, 'maxDistance']} label={t('settings.maxDistance')} range={{ step: 100 }} />
          <SwitchField name={[...O, 'enableDamping']} label={t('settings.enableDamping')} />
          <NumberField name={[...O, 'dampingFactor']} label={t('settings.dampingFactor')} />
          <SwitchField name={[...O, 'autoRotate']} label={t('settings.autoRotate')} />
          <NumberField name={[...O, 'autoRotateSpeed']} label={t('settings.autoRotateSpeed')} range={SPEED} />
        </SubGroup>
      </ShowWhen>
      <ShowWhen path={TYPE} is={(v) => v === 'pointerLock'}>
        <SubGroup title={t('settings.pointerLock')}>
          <SwitchField name={[...P, 'enabled']} label={t('settings.enable')} />
          <NumberField name={[...P, 'eyeHeight']} label={t('settings.eyeHeight')} range={{ step: 10 }} />
          <NumberField name={[...P, 'moveSpeed']} label={t('settings.moveSpeed')} range={{ step: 100 }} />
          <NumberField name={[...P, 'fallSpeed']} label={t('settings.fallSpeed')} range={{ step: 10 }} />
          <NumberField name={[...P, 'jumpHeight']} label={t('settings.jumpHeight')} range={{ step: 10 }} />
        </SubGroup>
      </ShowWhen>
      <ShowWhen path={TYPE} is={(v) => v === 'fly'}>
        <SubGroup title={t('settings.fly')}>
          <SwitchField name={[...F, 'enabled']} label={t('settings.enable')} />
          <NumberField name={[...F, 'moveSpeed']} label={t('settings.moveSpeed')} range={{ step: 100 }} />
        </SubGroup>
      </ShowWhen>
    </>
  );
}
