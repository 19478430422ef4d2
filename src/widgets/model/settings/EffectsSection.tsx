import { ColourField, NumberField, SwitchField } from '../../../settings/fields';
import { SubGroup } from '../../../settings/layout';
import { useSettings } from '../../../settings/context';

/** edgeConfig, highlightConfig and tweenConfig: the model-wide effects (issue 4 §4). */
export function EffectsSection() {
  const { t } = useSettings();
  return (
    <>
      <SubGroup title={t('modelPanel.edges')}>
        <SwitchField name={['edgeConfig', 'enable']} label={t('modelPanel.edgesEnable')} />
        <ColourField name={['edgeConfig', 'color']} label={t('modelPanel.edgesColor')} />
      </SubGroup>
      <SubGroup title={t('modelPanel.highlight')}>
        <SwitchField name={['highlightConfig', 'enable']} label={t('modelPanel.highlightEnable')} />
        <ColourField name={['highlightConfig', 'color']} label={t('modelPanel.highlightColor')} />
      </SubGroup>
      <SubGroup title={t('modelPanel.tween')}>
        <SwitchField name={['tweenConfig', 'enable']} label={t('modelPanel.tweenEnable')} />
        <NumberField name={['tweenConfig', 'time']} label={t('modelPanel.tweenTime')} range={{ step: 100, slider: false }} />
      </SubGroup>
    </>
  );
}
