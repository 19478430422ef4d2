import type { WidgetSettingsProps } from '../../host/types';
import { useParsedConfig } from '../../host/useParsedConfig';
import { CARD_LINE_COUNTS, CardConfigSchema, DataItemSchema, type CardConfig, type DataItem } from '../../../shared/schema/card';
import { t } from '../../../shared/i18n/editor';
import { SchemaForm } from '../../settings/SchemaForm';
import { SubGroup } from '../../settings/layout';
import { ListField, NumberField, SelectField, TextField } from '../../settings/fields';
import { CardLevelRows } from './CardLevelRows';
import { DisplayRows, MeshTransformRows } from './MeshTransformRows';

/** The data card's settings: how it faces and scales, its size, its data items and where it sits. */
export function DataCardSettings({ id, config, host, onChange }: WidgetSettingsProps<CardConfig>) {
  const locale = host.locale;
  const value = useParsedConfig(CardConfigSchema, config);
  // Offered as `{{name}}` so a designer can pick a live variable instead of typing the syntax.
  const suggestions = host.variables.names().map((n) => `{{${n}}}`);
  return (
    <SchemaForm schema={CardConfigSchema} value={value} onChange={onChange} locale={locale} media={host.media} name={`card-settings-${id}`}>
      <DisplayRows locale={locale} />
      <SubGroup title={t(locale, 'widgets.card.size')}>
        <NumberField name={['cardConfig', 'cardWidth']} label={t(locale, 'widgets.card.cardWidth')} />
        <NumberField name={['cardConfig', 'lineWidth']} label={t(locale, 'widgets.card.lineWidth')} />
        <NumberField name={['cardConfig', 'lineHeight']} label={t(locale, 'widgets.card.lineHeight')} />
      </SubGroup>
      <SubGroup title={t(locale, 'widgets.card.data')}>
        <SelectField
          name={['dataConfig', 'lineCount']}
          label={t(locale, 'widgets.card.lineCount')}
          options={CARD_LINE_COUNTS.map((n) => ({ value: n, label: n }))}
        />
        <ListField<DataItem>
          name={['dataConfig', 'dataList']}
          label={t(locale, 'widgets.card.data')}
          addLabel={t(locale, 'widgets.card.addItem')}
          itemTitle={(i, item) => item?.label || t(locale, 'widgets.card.item', { n: i + 1 })}
          create={() => DataItemSchema.parse({})}
        >
          {(entry) => (
            <>
              <TextField name={[...entry, 'label']} label={t(locale, 'widgets.card.label')} />
              <TextField
                name={[...entry, 'value']}
                label={t(locale, 'widgets.card.value')}
                suggestions={suggestions}
                placeholder={t(locale, 'widgets.card.valueHelp')}
              />
            </>
          )}
        </ListField>
      </SubGroup>
      <CardLevelRows locale={locale} widgetId={id} />
      <MeshTransformRows locale={locale} widgetId={id} />
    </SchemaForm>
  );
}
