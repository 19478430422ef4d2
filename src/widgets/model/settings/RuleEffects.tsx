import { Form, Select, Typography } from 'antd';
import {
  defaultEffect,
  FLOW_STYLES,
  RULE_EFFECTS,
  RULE_TRANSFORMS,
  RULE_EFFECT_OPTIONS,
  type RuleEffect,
  type RuleEffectType,
} from '../../../../shared/schema/rules';
import { ColourField, ListField, NumberField, SelectField, SwitchField, TextField, Vec3Field } from '../../../settings/fields';
import { useSettings } from '../../../settings/context';
import type { FieldPath } from '../../../settings/schemaPath';

/** The schema of one field of one effect type: the panel's ranges come from shared/schema/rules.ts. */
function fieldSchema(type: RuleEffectType, key: string): unknown {
  const option = RULE_EFFECT_OPTIONS.find((o) => o.shape.type.value === type);
  return (option?.shape as Record<string, unknown> | undefined)?.[key];
}

const AXES = ['x', 'y', 'z'] as const;

/**
 * A rule's effects: a list of cards, each with its type (changing it starts that type's defaults,
 * keeping whether it is enabled) and that type's rows. `rulePath` is the rule's absolute path.
 */
export function RuleEffects({ entry, rulePath, clips }: { entry: FieldPath; rulePath: FieldPath; clips: readonly string[] | null }) {
  const { t } = useSettings();
  const typeOptions = RULE_EFFECTS.map((type) => ({ value: type, label: t(`rules.effect.${type}`) }));
  return (
    <ListField<RuleEffect>
      name={[...entry, 'effects']}
      label={t('rules.effects')}
      addLabel={t('rules.addEffect')}
      itemTitle={(i, e) => (e?.type ? t(`rules.effect.${e.type}`) : String(i + 1))}
      create={() => defaultEffect('tint')}
    >
      {(ef, k) => <EffectRows ef={ef} path={[...rulePath, 'effects', k]} typeOptions={typeOptions} clips={clips} />}
    </ListField>
  );
}

interface EffectRowsProps {
  ef: FieldPath;
  path: FieldPath;
  typeOptions: { value: string; label: string }[];
  /** The loaded model's clips (null: not loaded). */
  clips: readonly string[] | null;
}

function EffectRows({ ef, path, typeOptions, clips }: EffectRowsProps) {
  const { t, setValue } = useSettings();
  // preserve: its type has no row of its own, and a watch without it sees only fields with rows.
  const effect = Form.useWatch(path, { preserve: true }) as RuleEffect | undefined;
  const type = effect?.type ?? 'tint';
  const num = (key: string, label: string, range?: { step?: number; slider?: boolean }) => (
    <NumberField name={[...ef, key]} label={label} schema={fieldSchema(type, key)} range={range} />
  );
  const axis = (
    <SelectField name={[...ef, 'axis']} label={t('rules.axis')} options={AXES.map((a) => ({ value: a, label: a.toUpperCase() }))} />
  );
  return (
    <>
      <Form.Item label={t('rules.effectType')}>
        <Select
          aria-label={t('rules.effectType')}
          value={type}
          options={typeOptions}
          onChange={(next: RuleEffectType) => setValue?.(path, { ...defaultEffect(next), enable: effect?.enable ?? true })}
        />
      </Form.Item>
      <SwitchField name={[...ef, 'enable']} label={t('settings.enable')} />
      {type === 'clip' ? (
        <>
          <TextField name={[...ef, 'clip']} label={t('rules.clip')} suggestions={clips ?? []} />
          {clips && effect?.type === 'clip' && effect.clip && !clips.includes(effect.clip) ? (
            <Typography.Text type="warning" role="status" style={{ display: 'block', marginBottom: 8 }}>
              {t('rules.clipMissing', { name: effect.clip })}
            </Typography.Text>
          ) : null}
          {num('speed', t('rules.clipSpeed'), { step: 0.1, slider: false })}
          <SwitchField name={[...ef, 'followValue']} label={t('rules.clipFollows')} />
        </>
      ) : null}
      {type === 'tint' || type === 'glow' || type === 'flow' || type === 'outline' ? (
        <ColourField name={[...ef, 'color']} label={t('rules.colour')} />
      ) : null}
      {type === 'glow' ? num('intensity', t('rules.intensity'), { step: 0.1 }) : null}
      {type === 'opacity' ? num('value', t('rules.opacity'), { step: 0.05 }) : null}
      {type === 'visible' ? <SwitchField name={[...ef, 'value']} label={t('rules.shown')} /> : null}
      {type === 'blink' ? num('periodMs', t('rules.periodMs'), { step: 100, slider: false }) : null}
      {type === 'ramp' ? (
        <ListField<{ value: number; color: string }>
          name={[...ef, 'stops']}
          label={t('rules.stops')}
          addLabel={t('rules.addStop')}
          itemTitle={(i, s) => `${i + 1}${s ? ` · ${s.value}` : ''}`}
          create={() => ({ value: 0, color: '#1677ff' })}
        >
          {(s) => (
            <>
              <NumberField name={[...s, 'value']} label={t('rules.stopValue')} range={{ slider: false }} />
              <ColourField name={[...s, 'color']} label={t('rules.colour')} />
            </>
          )}
        </ListField>
      ) : null}
      {type === 'spin' ? (
        <>
          {axis}
          {num('factor', t('rules.factor'), { slider: false })}
        </>
      ) : null}
      {type === 'flow' ? (
        <>
          <SelectField
            name={[...ef, 'style']}
            label={t('rules.flowStyle')}
            options={FLOW_STYLES.map((s) => ({ value: s, label: t(`rules.flowStyle.${s}`) }))}
          />
          <SelectField
            name={[...ef, 'axis']}
            label={t('rules.flowAxis')}
            options={AXES.map((a) => ({ value: a, label: a.toUpperCase() }))}
          />
          {num('spacing', t('rules.spacing'), { slider: false })}
          {num('width', t('rules.width'), { step: 0.05 })}
          {num('factor', t('rules.flowFactor'), { slider: false })}
          <ListField<{ x: number; y: number; z: number }>
            name={[...ef, 'path']}
            label={t('rules.path')}
            addLabel={t('rules.addPoint')}
            itemTitle={(i) => t('rules.point', { n: i + 1 })}
            create={() => ({ x: 0, y: 0, z: 0 })}
          >
            {(p, i) => <Vec3Field name={p} label={t('rules.point', { n: i + 1 })} />}
          </ListField>
          {num('pathWidth', t('rules.pathWidth'), { slider: false })}
        </>
      ) : null}
      {type === 'transform' ? (
        <>
          <SelectField
            name={[...ef, 'property']}
            label={t('rules.property')}
            options={RULE_TRANSFORMS.map((p) => ({ value: p, label: t(`rules.property.${p}`) }))}
          />
          {axis}
          {num('inLow', t('rules.inLow'), { slider: false })}
          {num('inHigh', t('rules.inHigh'), { slider: false })}
          {num('outLow', t('rules.outLow'), { slider: false })}
          {num('outHigh', t('rules.outHigh'), { slider: false })}
        </>
      ) : null}
    </>
  );
}
