import { useEffect, useId, useRef, useState } from 'react';
import { Button, Flex, Form, Input, Typography } from 'antd';
import {
  defaultEffect,
  RULE_CONDITIONS,
  RuleSchema,
  ruleOverrides,
  THRESHOLD_CONDITIONS,
  type ModelConfigWithRules,
  type Rule,
  type RuleConditionKind,
} from '../../../../shared/schema/rules';
import type { VariableSource } from '../../../host/types';
import { useVariable } from '../../../host/useVariable';
import { ListField, NumberField, SelectField, SwitchField, TextField } from '../../../settings/fields';
import { useSettings } from '../../../settings/context';
import { useModelStatus } from '../modelStatus';
import { useLiveSpace } from '../../space/useLiveSpace';
import { RuleEffects } from './RuleEffects';
import { partKeyOf, RulePartsInput, useRuleParts } from './RuleParts';

const NO_RULES: readonly Rule[] = [];

/**
 * rules (issue 40): the model's rules, in order, each a card: its variable (the host's names are
 * offered; a name the host lacks is said), its parts (the whole model when none), its condition
 * and its effects. Under each rule: the earlier rules it overrides, and a test value that shows the
 * scene as if the variable held it (through the running space; never saved).
 */
export function RulesSection({
  widgetId,
  config,
  variables,
}: {
  widgetId: string;
  config: ModelConfigWithRules;
  variables: VariableSource;
}) {
  const { t } = useSettings();
  const overrides = ruleOverrides(config.rules ?? NO_RULES);
  return (
    <Flex vertical gap={8}>
      <Typography.Text type="secondary">{t('rules.help')}</Typography.Text>
      <ListField<Rule>
        name={['rules']}
        label={t('rules.group')}
        addLabel={t('rules.add')}
        itemTitle={(i, r) => (r?.name ? t('rules.itemNamed', { n: i + 1, name: r.name }) : t('rules.item', { n: i + 1 }))}
        create={() => RuleSchema.parse({ effects: [defaultEffect('tint')] })}
      >
        {(e, i) => <RuleRows entry={e} index={i} widgetId={widgetId} variables={variables} overrides={overrides.get(i) ?? []} />}
      </ListField>
    </Flex>
  );
}

interface RowsProps {
  entry: (string | number)[];
  index: number;
  widgetId: string;
  variables: VariableSource;
  overrides: { over: number; what: string[] }[];
}

function RuleRows({ entry, index, widgetId, variables, overrides }: RowsProps) {
  const { t } = useSettings();
  const rulePath = ['rules', index];
  const rule = Form.useWatch(rulePath, { preserve: true }) as Rule | undefined;
  const kind: RuleConditionKind = rule?.condition?.kind ?? 'above';
  const info = useModelStatus(widgetId).info;
  const { treeData, index: parts } = useRuleParts(info?.nodes);
  const partsId = useId();
  const names = variables.names();
  const variable = rule?.variable ?? '';
  const missingParts = info ? (rule?.parts ?? []).filter((p) => partKeyOf(p, parts) === null) : [];
  const cond = (key: string, label: string, help?: string) => (
    <>
      <NumberField name={[...entry, 'condition', key]} label={label} range={{ slider: false }} />
      {help ? <Typography.Text type="secondary">{help}</Typography.Text> : null}
    </>
  );
  return (
    <>
      <TextField name={[...entry, 'name']} label={t('rules.name')} />
      <SwitchField name={[...entry, 'enable']} label={t('settings.enable')} />
      <TextField name={[...entry, 'variable']} label={t('rules.variable')} suggestions={names} />
      {!variable ? <Note text={t('rules.variableEmpty')} /> : null}
      {variable && !names.includes(variable) ? <Note text={t('rules.variableMissing', { name: variable })} /> : null}
      <Form.Item name={[...entry, 'parts']} label={t('rules.parts')} htmlFor={partsId}>
        <RulePartsInput treeData={treeData} index={parts} placeholder={t('rules.partsPlaceholder')} ariaLabel={t('rules.parts')} />
      </Form.Item>
      {missingParts.map((p) => (
        <Note key={p} text={t('rules.partMissing', { name: p })} />
      ))}
      <SelectField
        name={[...entry, 'condition', 'kind']}
        label={t('rules.condition')}
        options={RULE_CONDITIONS.map((k) => ({ value: k, label: t(`rules.kind.${k}`) }))}
      />
      {kind === 'above' || kind === 'below' || kind === 'equals' ? cond('value', t('rules.value')) : null}
      {kind === 'between' || kind === 'outside' ? (
        <>
          {cond('low', t('rules.low'))}
          {cond('high', t('rules.high'))}
        </>
      ) : null}
      {kind === 'equalsText' ? <TextField name={[...entry, 'condition', 'text']} label={t('rules.text')} /> : null}
      {kind === 'changed' ? cond('withinS', t('rules.withinS')) : null}
      {THRESHOLD_CONDITIONS.includes(kind) ? cond('hysteresis', t('rules.hysteresis'), t('rules.hysteresisHelp')) : null}
      {kind !== 'always' ? cond('holdMs', t('rules.holdMs'), t('rules.holdMsHelp')) : null}
      <RuleEffects entry={entry} rulePath={rulePath} clips={info?.animations ?? null} />
      {rule && (rule.effects ?? []).length === 0 ? <Note text={t('rules.noEffects')} /> : null}
      {overrides.map((o) => (
        <Typography.Text key={o.over} type="secondary" style={{ display: 'block' }}>
          {t('rules.overrides', { n: o.over + 1, what: o.what.map((w) => t(`rules.what.${w}` as 'rules.what.colour')).join(', ') })}
        </Typography.Text>
      ))}
      {variable ? <TryValue key={variable} widgetId={widgetId} variable={variable} variables={variables} /> : null}
    </>
  );
}

/** A warning under a row (a variable or part the host or file lacks), read out as a status. */
export function Note({ text }: { text: string }) {
  return (
    <Typography.Text type="warning" role="status" style={{ display: 'block', marginBottom: 8 }}>
      {text}
    </Typography.Text>
  );
}

/**
 * "Test value": the scene shows the rule as if its variable held what is typed (numbers, true or
 * false, any text), through the running space's handle (tryVariable); the live value is shown
 * beside it. Cleared by the button, by a new variable and when the panel closes.
 */
function TryValue({ widgetId, variable, variables }: { widgetId: string; variable: string; variables: VariableSource }) {
  const { t } = useSettings();
  const live = useLiveSpace(widgetId);
  const handle = live && live.spaceId !== widgetId ? live.handle : null;
  const [text, setText] = useState('');
  const tried = useRef<{ handle: typeof handle; name: string } | null>(null);
  const liveValue = useVariable(variables, variable);
  const id = useId();

  const clear = () => {
    tried.current?.handle?.tryVariable(tried.current.name, undefined);
    tried.current = null;
  };
  // Another space, or the panel closing: the scene goes back to the live value (a new variable
  // remounts this row: its parent keys it by the variable).
  useEffect(
    () => () => {
      tried.current?.handle?.tryVariable(tried.current.name, undefined);
      tried.current = null;
    },
    [handle],
  );

  const apply = (value: string) => {
    setText(value);
    clear();
    if (value === '' || !handle) return;
    handle.tryVariable(variable, value);
    tried.current = { handle, name: variable };
  };

  if (!handle) return <Typography.Text type="secondary">{t('rules.noSpace')}</Typography.Text>;
  return (
    <Form.Item
      label={t('rules.try')}
      htmlFor={id}
      extra={`${t('rules.tryHelp')} ${t('rules.live', { value: JSON.stringify(liveValue ?? null) })}`}
    >
      <Flex gap={8}>
        <Input id={id} value={text} onChange={(ev) => apply(ev.target.value)} />
        <Button onClick={() => apply('')} disabled={text === ''}>
          {t('rules.tryClear')}
        </Button>
      </Flex>
    </Form.Item>
  );
}
