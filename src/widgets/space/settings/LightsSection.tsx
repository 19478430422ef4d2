import type { ReactNode } from 'react';
import { ColourField, ListField, NumberField, SwitchField, Vec3Field, type FieldPath } from '../../../settings';
import { useSettings } from '../../../settings/context';
import {
  AmbientLightSchema,
  DirectionalLightSchema,
  HemisphereLightSchema,
  PointLightSchema,
  SpotLightSchema,
} from '../../../../shared/schema/lights';

const KINDS = {
  ambientLight: AmbientLightSchema,
  directionalLight: DirectionalLightSchema,
  hemisphereLight: HemisphereLightSchema,
  pointLight: PointLightSchema,
  spotLight: SpotLightSchema,
} as const;
type Kind = keyof typeof KINDS;

/** lightConfig: the five light lists, each entry with the rows of its type. */
export function LightsSection() {
  const { t } = useSettings();
  const rows = (kind: Kind, e: FieldPath): ReactNode => {
    const has = (key: string) => key in KINDS[kind].shape;
    return (
      <>
        <SwitchField name={[...e, 'enable']} label={t('settings.enable')} />
        {has('helper') ? <SwitchField name={[...e, 'helper']} label={t('settings.helper')} /> : null}
        {has('color') ? <ColourField name={[...e, 'color']} label={t('settings.color')} /> : null}
        {has('skyColor') ? <ColourField name={[...e, 'skyColor']} label={t('settings.skyColor')} /> : null}
        {has('groundColor') ? <ColourField name={[...e, 'groundColor']} label={t('settings.groundColor')} /> : null}
        <NumberField name={[...e, 'intensity']} label={t('settings.intensity')} range={{ step: 0.1 }} />
        {has('distance') ? <NumberField name={[...e, 'distance']} label={t('settings.distance')} range={{ step: 10 }} /> : null}
        {has('angle') ? <NumberField name={[...e, 'angle']} label={t('settings.angle')} /> : null}
        {has('penumbra') ? <NumberField name={[...e, 'penumbra']} label={t('settings.penumbra')} /> : null}
        {has('decay') ? <NumberField name={[...e, 'decay']} label={t('settings.decay')} range={{ step: 0.1 }} /> : null}
        {has('castShadow') ? <SwitchField name={[...e, 'castShadow']} label={t('settings.castShadow')} /> : null}
        {has('position') ? <Vec3Field name={[...e, 'position']} label={t('settings.position')} /> : null}
        {has('target') ? <Vec3Field name={[...e, 'target']} label={t('settings.target')} /> : null}
      </>
    );
  };
  return (
    <>
      {(Object.keys(KINDS) as Kind[]).map((kind) => {
        const title = t(`settings.${kind}`);
        return (
          <ListField
            key={kind}
            name={['lightConfig', kind]}
            label={title}
            addLabel={t('settings.addLight', { kind: title })}
            itemTitle={(i) => `${title} ${i + 1}`}
            create={() => KINDS[kind].parse({})}
          >
            {(entry) => rows(kind, entry)}
          </ListField>
        );
      })}
    </>
  );
}
