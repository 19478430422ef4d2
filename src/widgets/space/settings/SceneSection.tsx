import { ColourField, ImageField, NumberField, SelectField, SwitchField, TextField } from '../../../settings/fields';
import { ShowWhen, SubGroup } from '../../../settings/layout';
import { useSettings } from '../../../settings/context';

const IMAGE = ['sceneConfig', 'backgroundImage'];
const CUBE_FACES = ['posX', 'negX', 'posY', 'negY', 'posZ', 'negZ'] as const;

/** sceneConfig: background colour or image, ground, fog; and the space's name for screen readers (a11yConfig). */
export function SceneSection() {
  const { t } = useSettings();
  return (
    <>
      <SubGroup title={t('settings.a11yName')}>
        <TextField name={['a11yConfig', 'name', 'en']} label={t('settings.a11yNameEn')} />
        <TextField name={['a11yConfig', 'name', 'zh_Hans']} label={t('settings.a11yNameZh')} />
      </SubGroup>
      <ColourField name={['sceneConfig', 'background']} label={t('settings.background')} allowClear />
      <SubGroup title={t('settings.backgroundImage')}>
        <SelectField
          name={[...IMAGE, 'imageType']}
          label={t('settings.imageType')}
          options={[
            { value: 'panorama', label: t('settings.imageType.panorama') },
            { value: 'cube', label: t('settings.imageType.cube') },
          ]}
        />
        <ShowWhen path={[...IMAGE, 'imageType']} is={(v) => v === 'panorama'}>
          <ImageField name={[...IMAGE, 'panorama']} label={t('settings.panorama')} />
        </ShowWhen>
        <ShowWhen path={[...IMAGE, 'imageType']} is={(v) => v === 'cube'}>
          {CUBE_FACES.map((face) => (
            <ImageField key={face} name={[...IMAGE, face]} label={t(`settings.${face}`)} />
          ))}
        </ShowWhen>
      </SubGroup>
      <SubGroup title={t('settings.ground')}>
        <SwitchField name={['sceneConfig', 'ground', 'enable']} label={t('settings.enable')} />
        <NumberField name={['sceneConfig', 'ground', 'width']} label={t('settings.width')} />
        <NumberField name={['sceneConfig', 'ground', 'height']} label={t('settings.height')} />
        <ColourField name={['sceneConfig', 'ground', 'color']} label={t('settings.color')} />
      </SubGroup>
      <SubGroup title={t('settings.fog')}>
        <SwitchField name={['sceneConfig', 'fog', 'enable']} label={t('settings.enable')} />
        <ColourField name={['sceneConfig', 'fog', 'color']} label={t('settings.color')} />
        <NumberField name={['sceneConfig', 'fog', 'near']} label={t('settings.near')} />
        <NumberField name={['sceneConfig', 'fog', 'far']} label={t('settings.far')} />
      </SubGroup>
    </>
  );
}
