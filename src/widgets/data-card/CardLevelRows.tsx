import { useId } from 'react';
import { Form, Typography } from 'antd';
import { CardAlarmLevelSchema, type CardAlarmLevel, type CardLevel } from '../../../shared/schema/card';
import { t, type Locale } from '../../../shared/i18n/editor';
import { SubGroup } from '../../settings/layout';
import { useSettings } from '../../settings/context';
import { useModelStatus } from '../model/modelStatus';
import { partKeyOf, RulePartsInput, useRuleParts } from '../model/settings/RuleParts';
import { Note } from '../model/settings/RulesSection';
import { ColourField, ListField, NumberField, SelectField, SwitchField, TextField } from '../../settings/fields';
import type { FieldPath } from '../../settings/schemaPath';
import { PickInSceneButton } from '../space/PickInSceneButton';

const LEVEL = ['levelConfig'] as const;
const MODES = ['above', 'below', 'outside'] as const;

/**
 * levelConfig (issue 18, levels: issue 40): how a card competes for room among many, its distance
 * rules, and its alarm levels (normal / warning / alarm…), each with its colour, an optional blink
 * and an optional tint of the card's part. Rows that only matter once a switch or a mode asks for
 * them appear then (the form's current values, so they follow the switch at once).
 */
export function CardLevelRows({ locale, widgetId }: { locale: Locale; widgetId?: string }) {
  const level = (Form.useWatch([...LEVEL], { preserve: true }) ?? {}) as Partial<CardLevel>;
  const distance = level.distanceRange || level.scaleByDistance;
  const tints = (level.levels ?? []).some((l) => l?.tintPart);
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
        <Typography.Paragraph type="secondary">{t(locale, 'widgets.card.alarmHelp')}</Typography.Paragraph>
        <NumberField name={[...LEVEL, 'alarmItem']} label={t(locale, 'widgets.card.alarmItem')} range={{ step: 1, slider: false }} />
        <ListField<CardAlarmLevel>
          name={[...LEVEL, 'levels']}
          label={t(locale, 'widgets.card.alarm')}
          addLabel={t(locale, 'widgets.card.addLevel')}
          itemTitle={(i, l) =>
            l?.name ? t(locale, 'widgets.card.levelNamed', { n: i + 1, name: l.name }) : t(locale, 'widgets.card.level', { n: i + 1 })
          }
          create={() => CardAlarmLevelSchema.parse({})}
        >
          {(entry, i) => <LevelRows locale={locale} entry={entry} level={level.levels?.[i]} />}
        </ListField>
      </SubGroup>
      {tints ? <PartRows locale={locale} widgetId={widgetId} level={level} /> : null}
    </>
  );
}

function LevelRows({ locale, entry, level }: { locale: Locale; entry: FieldPath; level: CardAlarmLevel | undefined }) {
  const mode = level?.mode ?? 'above';
  return (
    <>
      <TextField name={[...entry, 'name']} label={t(locale, 'widgets.card.levelName')} />
      <SelectField
        name={[...entry, 'mode']}
        label={t(locale, 'widgets.card.levelMode')}
        options={MODES.map((m) => ({ value: m, label: t(locale, `widgets.card.alarm.${m}`) }))}
      />
      {mode !== 'below' ? <NumberField name={[...entry, 'high']} label={t(locale, 'widgets.card.alarmHigh')} /> : null}
      {mode !== 'above' ? <NumberField name={[...entry, 'low']} label={t(locale, 'widgets.card.alarmLow')} /> : null}
      <ColourField name={[...entry, 'color']} label={t(locale, 'widgets.card.alarmColor')} />
      <SwitchField name={[...entry, 'blink']} label={t(locale, 'widgets.card.blink')} />
      {level?.blink ? (
        <NumberField name={[...entry, 'blinkMs']} label={t(locale, 'widgets.card.blinkMs')} range={{ step: 100, slider: false }} />
      ) : null}
      <SwitchField name={[...entry, 'tintPart']} label={t(locale, 'widgets.card.tintPart')} />
    </>
  );
}

/** "Pick the part in the scene": the model and the part under the click become the card's part. */
function PickPart({ widgetId, locale }: { widgetId: string; locale: Locale }) {
  const { setValue } = useSettings();
  return (
    <PickInSceneButton
      widgetId={widgetId}
      name={[...LEVEL, 'partModel']}
      label={t(locale, 'widgets.card.pickPart')}
      onPicked={(p) => {
        if (p.on !== 'model' || !p.modelId) return false;
        setValue?.([...LEVEL, 'partModel'], p.modelId);
        setValue?.([...LEVEL, 'parts'], p.objectName ? [p.objectName] : []);
        return true;
      }}
    />
  );
}

/**
 * The card's part: the model widget (its id, or picked in the scene) and its parts, chosen in
 * that model's tree once it is loaded in the space; a model not loaded, or a part its file lacks,
 * is said (the level then tints nothing there).
 */
function PartRows({ locale, widgetId, level }: { locale: Locale; widgetId?: string; level: Partial<CardLevel> }) {
  const partModel = level.partModel ?? '';
  const info = useModelStatus(partModel).info;
  const { treeData, index } = useRuleParts(info?.nodes);
  const partsId = useId();
  const missing = info ? (level.parts ?? []).filter((p) => partKeyOf(p, index) === null) : [];
  return (
    <SubGroup title={t(locale, 'widgets.card.part')}>
      {widgetId !== undefined ? <PickPart widgetId={widgetId} locale={locale} /> : null}
      <TextField name={[...LEVEL, 'partModel']} label={t(locale, 'widgets.card.partModel')} />
      {!partModel ? <Note text={t(locale, 'widgets.card.partModelEmpty')} /> : null}
      {partModel && !info ? <Note text={t(locale, 'widgets.card.partModelMissing', { id: partModel })} /> : null}
      <Form.Item name={[...LEVEL, 'parts']} label={t(locale, 'widgets.card.parts')} htmlFor={partsId}>
        <RulePartsInput
          treeData={treeData}
          index={index}
          placeholder={t(locale, 'rules.partsPlaceholder')}
          ariaLabel={t(locale, 'widgets.card.parts')}
        />
      </Form.Item>
      {missing.map((p) => (
        <Note key={p} text={t(locale, 'rules.partMissing', { name: p })} />
      ))}
    </SubGroup>
  );
}
