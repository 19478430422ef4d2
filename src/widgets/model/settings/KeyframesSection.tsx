import { CustomAnimationSchema } from '../../../../shared/schema/model';
import { ListField, NumberField, SelectField, SwitchField, Vec3Field } from '../../../settings/fields';
import { useSettings } from '../../../settings/context';
import { loopOptions } from './loop';

const TRACKS = ['scale', 'position', 'rotation'] as const;

/**
 * customAnimationConfig: keyframe animations of the whole model authored here. Each entry moves
 * from its start transform to its end transform between time start and end (ms); the schema
 * refuses an end before the start with 'Exceeding the value range' under End.
 */
export function KeyframesSection() {
  const { t } = useSettings();
  return (
    <ListField
      name={['customAnimationConfig']}
      label={t('modelPanel.group.keyframes')}
      addLabel={t('modelPanel.addKeyframe')}
      itemTitle={(i) => t('modelPanel.keyframe', { n: i + 1 })}
      create={() => CustomAnimationSchema.parse({})}
    >
      {(e) => (
        <>
          <SwitchField name={[...e, 'enable']} label={t('settings.enable')} />
          <NumberField name={[...e, 'time', 'start']} label={t('modelPanel.timeStart')} range={{ step: 100, slider: false }} />
          <NumberField name={[...e, 'time', 'end']} label={t('modelPanel.timeEnd')} range={{ step: 100, slider: false }} />
          {TRACKS.map((track) => (
            <div key={track}>
              <Vec3Field
                name={[...e, 'track', track, 'start']}
                label={t(`modelPanel.${track}Start`)}
                range={track === 'scale' ? { step: 0.1 } : undefined}
              />
              <Vec3Field
                name={[...e, 'track', track, 'end']}
                label={t(`modelPanel.${track}End`)}
                range={track === 'scale' ? { step: 0.1 } : undefined}
              />
            </div>
          ))}
          <SelectField name={[...e, 'loop']} label={t('modelPanel.loop')} options={loopOptions(t)} />
          <NumberField name={[...e, 'repetitions']} label={t('modelPanel.repetitions')} range={{ slider: false }} />
          <SwitchField name={[...e, 'decorative']} label={t('modelPanel.decorative')} />
        </>
      )}
    </ListField>
  );
}
