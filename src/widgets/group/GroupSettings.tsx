import { useMemo } from 'react';
import type { WidgetSettingsProps } from '../../host/types';
import { GroupConfigSchema, type GroupConfig } from '../../../shared/schema/group';
import { t } from '../../../shared/i18n';
import { SchemaForm } from '../../settings/SchemaForm';
import { SubGroup } from '../../settings/layout';
import { NumberField, SwitchField } from '../../settings/fields';
import { MeshTransformRows } from '../data-card/MeshTransformRows';

/** The component group's settings: its inner layout size, how it faces and scales, where it sits. */
export function GroupSettings({ id, config, host, onChange }: WidgetSettingsProps<GroupConfig>) {
  const locale = host.locale;
  const value = useMemo(() => {
    const parsed = GroupConfigSchema.safeParse(config ?? {});
    return parsed.success ? parsed.data : GroupConfigSchema.parse({});
  }, [config]);
  return (
    <SchemaForm schema={GroupConfigSchema} value={value} onChange={onChange} locale={locale} media={host.media} name={`group-settings-${id}`}>
      <SubGroup title={t(locale, 'widgets.group.layout')}>
        <NumberField name={['layoutWidth']} label={t(locale, 'widgets.group.layoutWidth')} />
        <NumberField name={['layoutHeight']} label={t(locale, 'widgets.group.layoutHeight')} />
      </SubGroup>
      <SubGroup title={t(locale, 'widgets.display')}>
        <SwitchField name={['isSprite']} label={t(locale, 'widgets.isSprite')} />
        <SwitchField name={['isFixd']} label={t(locale, 'widgets.isFixd')} />
      </SubGroup>
      <MeshTransformRows locale={locale} />
    </SchemaForm>
  );
}
