import type { WidgetSettingsProps } from '../../host/types';
import { useParsedConfig } from '../../host/useParsedConfig';
import { GroupConfigSchema, type GroupConfig } from '../../../shared/schema/group';
import { t } from '../../../shared/i18n';
import { SchemaForm } from '../../settings/SchemaForm';
import { SubGroup } from '../../settings/layout';
import { NumberField } from '../../settings/fields';
import { DisplayRows, MeshTransformRows } from '../data-card/MeshTransformRows';

/** The component group's settings: its inner layout size, how it faces and scales, where it sits. */
export function GroupSettings({ id, config, host, onChange }: WidgetSettingsProps<GroupConfig>) {
  const locale = host.locale;
  const value = useParsedConfig(GroupConfigSchema, config);
  return (
    <SchemaForm
      schema={GroupConfigSchema}
      value={value}
      onChange={onChange}
      locale={locale}
      media={host.media}
      name={`group-settings-${id}`}
    >
      <SubGroup title={t(locale, 'widgets.group.layout')}>
        <NumberField name={['layoutWidth']} label={t(locale, 'widgets.group.layoutWidth')} />
        <NumberField name={['layoutHeight']} label={t(locale, 'widgets.group.layoutHeight')} />
      </SubGroup>
      <DisplayRows locale={locale} />
      <MeshTransformRows locale={locale} widgetId={id} />
    </SchemaForm>
  );
}
