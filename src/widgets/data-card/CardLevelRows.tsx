import { Form, Typography } from 'antd';
import { CARD_ALARM_MODES, type CardLevel } from '../../../shared/schema/card';
import { t, type Locale } from '../../../shared/i18n';
import { SubGroup } from '../../settings/layout';
import { ColourField, NumberField, SelectField, SwitchField } from '../../settings/fields';

const LEVEL = ['levelConfig'] as const;

/**
 * levelConfig (issue 18): how a card competes for room among many, its distance rules and its
 * alarm. Rows that only matter once a switch or the alarm mode asks for them appear then (the
 * form's current values, so they follow the switch at once).
 */
export function CardLevelRows({ locale }: { locale: Locale }) {
  const level = (Form.useWatch([...LEVEL]) ?? {}) as Partial<CardLevel>;
  const mode = level.alarmMode ?? 'none';
  const distance = level.distanceRange || level.scaleByDistance;
  return (
    <>
      <SubGroup title={t(locale, 'widgets.card.levels')}>
        <Typography.Paragraph type="secondary">{t(locale, 'widgets.card.levelsHelp')}</Typography.Paragraph>
        <NumberField name={[...LEVEL, 'priority']} label={t(locale, 'widgets.card.priority')} range={{ step: 1, slider: false }} />
        <SwitchField name={[...LEVEL, 'alwaysShow']} label={t(locale, 'widgets.card.alwaysShow')} />
        <SwitchField name={[...LEVEL, 'distanceRange']} label={t(locale, 'widgets.card.distanceRange')} />
        <SwitchField name={[...LEVEL, 'scaleByDistance']} label={t(locale, 'widgets.card.scaleByDistance')} />
        {distance ? (
          <>
            <NumberField name={[...LEVEL, 'nearDistance']} label={t(locale, 'widgets.card.nearDistance')} />
            <NumberField name={[...LEVEL, 'farDistance']} label={t(locale, 'widgets.card.farDistance')} />
          </>
        ) : null}
        {level.scaleByDistance ? <NumberField name={[...LEVEL, 'farScale']} label={t(locale, 'widgets.card.farScale')} /> : null}
      </SubGroup>
      <SubGroup title={t(locale, 'widgets.card.alarm')}>
        <SelectField
          name={[...LEVEL, 'alarmMode']}
          label={t(locale, 'widgets.card.alarmMode')}
          options={CARD_ALARM_MODES.map((m) => ({ value: m, label: t(locale, `widgets.card.alarm.${m}`) }))}
        />
        {mode !== 'none' ? (
          <>
            <NumberField name={[...LEVEL, 'alarmItem']} label={t(locale, 'widgets.card.alarmItem')} range={{ step: 1, slider: false }} />
            {mode !== 'below' ? <NumberField name={[...LEVEL, 'alarmHigh']} label={t(locale, 'widgets.card.alarmHigh')} /> : null}
            {mode !== 'above' ? <NumberField name={[...LEVEL, 'alarmLow']} label={t(locale, 'widgets.card.alarmLow')} /> : null}
            <ColourField name={[...LEVEL, 'alarmColor']} label={t(locale, 'widgets.card.alarmColor')} />
          </>
        ) : null}
      </SubGroup>
    </>
  );
}
