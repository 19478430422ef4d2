import { useMemo, useState, type ReactNode } from 'react';
import { Collapse, Form } from 'antd';
import type { WidgetSettingsProps } from '../../host/types';
import { useStoredConfig } from '../../host/useParsedConfig';
import { POINT_CLOUD_FORMAT, type ModelConfig } from '../../../shared/schema/model';
import { ModelConfigWithRulesSchema } from '../../../shared/schema/rules';
import { t, type MessageKey } from '../../../shared/i18n/editor';
import { SchemaForm } from '../../settings/SchemaForm';
import { NumberField, SwitchField, Vec3Field } from '../../settings/fields';
import { PickInSceneButton } from '../space/PickInSceneButton';
import { useLiveTransform } from '../space/liveTransforms';
import { GroupHeader } from '../../settings/layout';
import { chooseMainFile } from '../../../shared/model-files';
import { hasFiles, SourceField } from './settings/SourceField';
import { PartsSection } from './settings/PartsSection';
import { MaterialsSection } from './settings/MaterialsSection';
import { EffectsSection } from './settings/EffectsSection';
import { AnimationsSection } from './settings/AnimationsSection';
import { KeyframesSection } from './settings/KeyframesSection';
import { PointsSection } from './settings/PointsSection';
import { RulesSection } from './settings/RulesSection';

interface Group {
  key: 'parts' | 'materials' | 'effects' | 'animations' | 'keyframes' | 'points' | 'rules';
  /** The config sections it edits: its header counts their issues. */
  sections: readonly (keyof ModelConfig)[];
  body: ReactNode;
}

const isPointCloud = (src: ModelConfig['src']) => chooseMainFile(src)?.format === POINT_CLOUD_FORMAT;

/**
 * The 3D model widget's settings (spec §3 Model widget, issue 4 §6): files, fit and refresh on
 * top; then, once a file is uploaded, its parts, materials and clips (from the model as its space
 * loaded it), the model-wide effects, keyframe animations, and the hot colour of a point cloud.
 * Every change is validated with ModelConfigSchema before it reaches `onChange`; the issues of a
 * stored config that does not parse show as a change's would.
 */
export function ModelSettings({ id, config, host, onChange }: WidgetSettingsProps<ModelConfig>) {
  const locale = host.locale;
  // A stored config that does not parse: the panel edits what could be made of it and shows why
  // (its space keeps drawing the model's last good config: src/widgets/space/modelConfigs.ts).
  const { value: stored, issues } = useStoredConfig(ModelConfigWithRulesSchema, config);
  // While the gizmo drags the model in the scene, its rows follow (the host hears of it once, at the end).
  const live = useLiveTransform(id);
  const value = useMemo(() => (live ? { ...stored, ...live } : stored), [stored, live]);
  // Controlled, so 'parts' is open when it appears after the first upload.
  const [open, setOpen] = useState<string[]>(['parts']);
  const files = hasFiles(value.src);

  const groups: Group[] = [
    ...(files
      ? ([
          { key: 'parts', sections: ['tree', 'treeConfig'], body: <PartsSection widgetId={id} config={value} /> },
          { key: 'materials', sections: ['materialsConfig'], body: <MaterialsSection widgetId={id} config={value} host={host} /> },
        ] as const)
      : []),
    { key: 'effects', sections: ['edgeConfig', 'highlightConfig', 'tweenConfig'], body: <EffectsSection /> },
    ...(files
      ? ([{ key: 'animations', sections: ['animationConfig'], body: <AnimationsSection widgetId={id} config={value} /> }] as const)
      : []),
    { key: 'keyframes', sections: ['customAnimationConfig'], body: <KeyframesSection /> },
    { key: 'rules', sections: ['rules'], body: <RulesSection widgetId={id} config={value} variables={host.variables} /> },
    ...(isPointCloud(value.src) ? ([{ key: 'points', sections: ['pointConfig'], body: <PointsSection /> }] as const) : []),
  ];

  return (
    <SchemaForm
      schema={ModelConfigWithRulesSchema}
      value={value}
      storedIssues={issues}
      onChange={onChange}
      locale={locale}
      media={host.media}
      name={`model-settings-${id}`}
    >
      <Form.Item name={['src']} label={t(locale, 'widgets.model.source')} extra={t(locale, 'widgets.model.uploadHelp')}>
        <SourceField media={host.media} locale={locale} />
      </Form.Item>
      <Vec3Field name={['position']} label={t(locale, 'pick.modelPosition')} />
      <PickInSceneButton widgetId={id} name={['position']} excludeSelf />
      <Vec3Field name={['rotation']} label={t(locale, 'pick.modelRotation')} />
      <Vec3Field name={['scale']} label={t(locale, 'pick.modelScale')} />
      <SwitchField name={['adaptive']} label={t(locale, 'widgets.model.adaptive')} />
      <NumberField name={['update']} label={t(locale, 'widgets.model.update')} range={{ step: 1 }} />
      <Collapse
        size="small"
        activeKey={open}
        onChange={(keys) => setOpen(Array.isArray(keys) ? keys : [keys])}
        items={groups.map(({ key, sections, body }) => ({
          key,
          label: (
            <GroupHeader
              title={t(locale, key === 'rules' ? 'rules.group' : (`modelPanel.group.${key}` as MessageKey))}
              sections={sections}
            />
          ),
          children: body,
        }))}
      />
    </SchemaForm>
  );
}
