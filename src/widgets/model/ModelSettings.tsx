import { useState, type ReactNode } from 'react';
import { Badge, Collapse, Flex, Form } from 'antd';
import type { WidgetSettingsProps } from '../../host/types';
import { useParsedConfig } from '../../host/useParsedConfig';
import { ModelConfigSchema, modelFormatOf, POINT_CLOUD_FORMAT, type ModelConfig } from '../../../shared/schema/model';
import { t, type MessageKey } from '../../../shared/i18n';
import { SchemaForm } from '../../settings/SchemaForm';
import { NumberField, SwitchField } from '../../settings/fields';
import type { IssueMap } from '../../settings/validate';
import { mainFileOf } from './files';
import { hasFiles, SourceField } from './settings/SourceField';
import { PartsSection } from './settings/PartsSection';
import { MaterialsSection } from './settings/MaterialsSection';
import { EffectsSection } from './settings/EffectsSection';
import { AnimationsSection } from './settings/AnimationsSection';
import { KeyframesSection } from './settings/KeyframesSection';
import { PointsSection } from './settings/PointsSection';

interface Group {
  key: 'parts' | 'materials' | 'effects' | 'animations' | 'keyframes' | 'points';
  /** The config sections it edits: its header counts their issues. */
  sections: readonly (keyof ModelConfig)[];
  body: ReactNode;
}

const countIn = (issues: IssueMap, sections: readonly string[]) =>
  [...issues.keys()].filter((path) => sections.includes(path.split('.')[0] ?? '')).length;

const isPointCloud = (src: ModelConfig['src']) =>
  modelFormatOf(mainFileOf(src.fileList)?.name ?? src.filePath) === POINT_CLOUD_FORMAT;

/**
 * The 3D model widget's settings (spec §3 Model widget, issue 4 §6): files, fit and refresh on
 * top; then, once a file is uploaded, its parts, materials and clips (from the model as its space
 * loaded it), the model-wide effects, keyframe animations, and the hot colour of a point cloud.
 * Every change is validated with ModelConfigSchema before it reaches `onChange`.
 */
export function ModelSettings({ id, config, host, onChange }: WidgetSettingsProps<ModelConfig>) {
  const locale = host.locale;
  const value = useParsedConfig(ModelConfigSchema, config);
  // Controlled, so 'parts' is open when it appears after the first upload.
  const [open, setOpen] = useState<string[]>(['parts']);
  const files = hasFiles(value.src);

  const groups: Group[] = [
    ...(files
      ? ([
          { key: 'parts', sections: ['tree', 'treeConfig'], body: <PartsSection widgetId={id} config={value} /> },
          { key: 'materials', sections: ['materialsConfig'], body: <MaterialsSection widgetId={id} config={value} /> },
        ] as const)
      : []),
    { key: 'effects', sections: ['edgeConfig', 'highlightConfig', 'tweenConfig'], body: <EffectsSection /> },
    ...(files ? ([{ key: 'animations', sections: ['animationConfig'], body: <AnimationsSection widgetId={id} config={value} /> }] as const) : []),
    { key: 'keyframes', sections: ['customAnimationConfig'], body: <KeyframesSection /> },
    ...(isPointCloud(value.src) ? ([{ key: 'points', sections: ['pointConfig'], body: <PointsSection /> }] as const) : []),
  ];

  return (
    <SchemaForm schema={ModelConfigSchema} value={value} onChange={onChange} locale={locale} media={host.media} name={`model-settings-${id}`}>
      {(issues) => (
        <>
          <Form.Item name={['src']} label={t(locale, 'widgets.model.source')} extra={t(locale, 'widgets.model.uploadHelp')}>
            <SourceField media={host.media} locale={locale} />
          </Form.Item>
          <SwitchField name={['adaptive']} label={t(locale, 'widgets.model.adaptive')} />
          <NumberField name={['update']} label={t(locale, 'widgets.model.update')} range={{ step: 1 }} />
          <Collapse
            size="small"
            activeKey={open}
            onChange={(keys) => setOpen(Array.isArray(keys) ? keys : [keys])}
            items={groups.map(({ key, sections, body }) => {
              const count = countIn(issues, sections);
              return {
                key,
                label: (
                  <Flex justify="space-between" align="center">
                    <span>{t(locale, `modelPanel.group.${key}` as MessageKey)}</span>
                    {count > 0 ? <Badge count={count} size="small" /> : null}
                  </Flex>
                ),
                children: body,
              };
            })}
          />
        </>
      )}
    </SchemaForm>
  );
}
