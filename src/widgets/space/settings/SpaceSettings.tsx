import { useMemo, type ComponentType } from 'react';
import { Collapse } from 'antd';
import { SpaceConfigSchema, type SpaceConfig } from '../../../../shared/schema/space';
import { t, type MessageKey } from '../../../../shared/i18n/editor';
import type { WidgetSettingsProps } from '../../../host/types';
import { parseConfig } from '../../../host/parsed';
import { SchemaForm } from '../../../settings/SchemaForm';
import { GroupHeader } from '../../../settings/layout';
import { SceneSection } from './SceneSection';
import { CameraSection } from './CameraSection';
import { ControlsSection } from './ControlsSection';
import { SnapshotsSection } from './SnapshotsSection';
import { LightsSection } from './LightsSection';
import { EnvironmentSection, HelpersSection, LoadingSection, PostProcessingSection, RenderSection, ScriptSection } from './MoreSections';

interface Group {
  key: string;
  /** The config sections it edits: its header counts their issues. */
  sections: readonly (keyof SpaceConfig)[];
  Body: ComponentType<{ variableNames: readonly string[]; spaceId: string }>;
}

/** In the order a designer works: what is seen, from where, how it moves, then finishing touches. */
const GROUPS: readonly Group[] = [
  { key: 'scene', sections: ['sceneConfig', 'a11yConfig'], Body: SceneSection },
  { key: 'camera', sections: ['cameraConfig'], Body: CameraSection },
  { key: 'controls', sections: ['controlConfig'], Body: ControlsSection },
  { key: 'lights', sections: ['lightConfig'], Body: LightsSection },
  { key: 'environment', sections: ['environmentConfig'], Body: EnvironmentSection },
  { key: 'snapshots', sections: ['snapshotConfig'], Body: SnapshotsSection },
  { key: 'postProcessing', sections: ['composerConfig'], Body: PostProcessingSection },
  { key: 'render', sections: ['renderConfig'], Body: RenderSection },
  { key: 'helpers', sections: ['helperConfig'], Body: HelpersSection },
  { key: 'loading', sections: ['loadingConfig'], Body: LoadingSection },
  { key: 'script', sections: ['script'], Body: ScriptSection },
];

/**
 * The 3D space container's settings panel: every container setting of spec §3, grouped, each
 * change validated with SpaceConfigSchema before it reaches `onChange` (and so the scene).
 */
export function SpaceSettings({ id, config, host, onChange }: WidgetSettingsProps<SpaceConfig>) {
  const locale = host.locale;
  // A host may hand over a stored subset: the form needs every field, with its default.
  const value = useMemo(() => {
    const parsed = parseConfig(SpaceConfigSchema, config);
    return parsed.success ? parsed.data : config;
  }, [config]);
  const variableNames = host.variables.names();

  return (
    <SchemaForm
      schema={SpaceConfigSchema}
      value={value}
      onChange={onChange}
      locale={locale}
      media={host.media}
      name={`space-settings-${id}`}
    >
      <Collapse
        size="small"
        defaultActiveKey={['scene']}
        items={GROUPS.map(({ key, sections, Body }) => ({
          key,
          label: <GroupHeader title={t(locale, `settings.group.${key}` as MessageKey)} sections={sections} />,
          children: <Body variableNames={variableNames} spaceId={id} />,
        }))}
      />
    </SchemaForm>
  );
}
