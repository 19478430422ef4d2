import { Form } from 'antd';
import type { WidgetSettingsProps } from '../../host/types';
import { useParsedConfig } from '../../host/useParsedConfig';
import { ModelConfigSchema, type ModelConfig } from '../../../shared/schema/model';
import { t } from '../../../shared/i18n';
import { SchemaForm } from '../../settings/SchemaForm';
import { NumberField, SwitchField } from '../../settings/fields';
import { ModelUploadField } from './ModelUploadField';

/**
 * The model widget's settings (this part): the model files, fit-to-size and the refresh
 * interval. The mesh tree selector (spec §4: shown once a file is uploaded) needs the loaded model's
 * object tree from the scene, which arrives with model loading; until then it is not offered.
 */
export function ModelSettings({ id, config, host, onChange }: WidgetSettingsProps<ModelConfig>) {
  const locale = host.locale;
  const value = useParsedConfig(ModelConfigSchema, config);
  return (
    <SchemaForm schema={ModelConfigSchema} value={value} onChange={onChange} locale={locale} media={host.media} name={`model-settings-${id}`}>
      <Form.Item name={['src']} label={t(locale, 'widgets.model.source')} extra={t(locale, 'widgets.model.uploadHelp')}>
        <ModelUploadField media={host.media} locale={locale} />
      </Form.Item>
      <SwitchField name={['adaptive']} label={t(locale, 'widgets.model.adaptive')} />
      <NumberField name={['update']} label={t(locale, 'widgets.model.update')} range={{ step: 1 }} />
    </SchemaForm>
  );
}
