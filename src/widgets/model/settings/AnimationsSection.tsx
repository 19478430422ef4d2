import { useMemo } from 'react';
import { Button, Card, Flex, Form, Typography } from 'antd';
import { AnimationSchema, type Animation, type ModelConfig } from '../../../../shared/schema/model';
import { NumberField, SelectField, SwitchField } from '../../../settings/fields';
import { useSettings } from '../../../settings/context';
import { useModelStatus } from '../modelStatus';
import { loopOptions } from './loop';
import { SubForm } from './SubForm';

/**
 * animationConfig: the loaded file's clips, one row each, by name. A clip without an entry shows
 * the schema's defaults and gets its entry on the first change. Entries naming a clip the file no
 * longer has are KEPT (a re-exported file often brings the clip back; the scene skips them with a
 * warning) and shown as missing, with a button to drop them.
 */
export function AnimationsSection({ widgetId, config }: { widgetId: string; config: ModelConfig }) {
  const { t, setValue } = useSettings();
  const form = Form.useFormInstance();
  const info = useModelStatus(widgetId).info;
  const stored = config.animationConfig;

  const current = (): Animation[] => [...((form.getFieldValue(['animationConfig']) as Animation[] | undefined) ?? [])];
  const write = (entry: Animation) => {
    const list = current();
    const at = list.findIndex((e) => e.name === entry.name);
    if (at >= 0) list[at] = entry;
    else list.push(entry);
    setValue?.(['animationConfig'], list);
  };
  const drop = (name: string) =>
    setValue?.(
      ['animationConfig'],
      current().filter((e) => e.name !== name),
    );

  if (!info) return <Typography.Text type="secondary">{t('modelPanel.notLoaded')}</Typography.Text>;
  const clips = info.animations;
  const missing = [...new Set(stored.map((e) => e.name))].filter((n) => !clips.includes(n));
  return (
    <Flex vertical gap={8}>
      {clips.length === 0 ? <Typography.Text type="secondary">{t('modelPanel.noAnimations')}</Typography.Text> : null}
      {clips.map((clip, i) => (
        <ClipRow key={clip} widgetId={widgetId} index={i} clip={clip} stored={stored.find((e) => e.name === clip)} onChange={write} />
      ))}
      {missing.map((name) => (
        <Card
          key={name}
          size="small"
          title={name}
          extra={
            <Button size="small" danger type="text" aria-label={t('settings.removeItem', { name })} onClick={() => drop(name)}>
              {t('settings.remove')}
            </Button>
          }
        >
          <Typography.Text type="warning">{t('modelPanel.missingClip')}</Typography.Text>
        </Card>
      ))}
    </Flex>
  );
}

interface ClipRowProps {
  widgetId: string;
  index: number;
  clip: string;
  stored: Animation | undefined;
  onChange(entry: Animation): void;
}

function ClipRow({ widgetId, index, clip, stored, onChange }: ClipRowProps) {
  const { t } = useSettings();
  const value = useMemo(() => stored ?? AnimationSchema.parse({ name: clip }), [stored, clip]);
  return (
    <Card size="small" title={clip}>
      <div role="group" aria-label={clip}>
        {/* Ids from the index: clip names may hold spaces and any other character. */}
        <SubForm schema={AnimationSchema} value={value} onChange={onChange} name={`model-clip-${widgetId}-${index}`}>
          <SwitchField name={['enable']} label={t('settings.enable')} />
          <NumberField name={['weight']} label={t('modelPanel.weight')} />
          <SelectField name={['loop']} label={t('modelPanel.loop')} options={loopOptions(t)} />
          <NumberField name={['repetitions']} label={t('modelPanel.repetitions')} range={{ slider: false }} />
          <NumberField name={['time']} label={t('modelPanel.clipTime')} range={{ step: 0.1 }} />
          <NumberField name={['timeScale']} label={t('modelPanel.timeScale')} range={{ step: 0.1 }} />
          <SwitchField name={['decorative']} label={t('modelPanel.decorative')} />
        </SubForm>
      </div>
    </Card>
  );
}
