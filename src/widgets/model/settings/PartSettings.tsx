import { useMemo } from 'react';
import { Button, Card, Form, Typography } from 'antd';
import { MeshConfigSchema, type MeshConfig } from '../../../../shared/schema/mesh';
import type { ModelConfig } from '../../../../shared/schema/model';
import { ColourField, NumberField, SwitchField, Vec3Field } from '../../../settings/fields';
import { useSettings } from '../../../settings/context';
import { entryIdOf, type Part, type PartIndex } from './parts';
import { SubForm } from './SubForm';

interface Props {
  widgetId: string;
  part: Part;
  index: PartIndex;
  treeConfig: ModelConfig['treeConfig'];
}

/**
 * The selected part's Mesh config (spec §3): visible, opacity, colour, scale, position, rotation.
 * Stored in treeConfig under the part's name or key (see entryIdOf); 'Reset part' removes the entry
 * so the part goes back to what the file gives it.
 */
export function PartSettings({ widgetId, part, index, treeConfig }: Props) {
  const { t, setValue } = useSettings();
  const form = Form.useFormInstance();
  const entryId = entryIdOf(part, index, treeConfig);
  const stored = Object.hasOwn(treeConfig, entryId) ? treeConfig[entryId] : undefined;
  const value = useMemo<MeshConfig>(() => stored ?? MeshConfigSchema.parse({}), [stored]);

  // Read from the panel's draft at the time of the change, so two quick edits never undo each other.
  const current = (): ModelConfig['treeConfig'] => ({
    ...((form.getFieldValue(['treeConfig']) as ModelConfig['treeConfig'] | undefined) ?? {}),
  });
  const write = (mesh: MeshConfig) => setValue?.(['treeConfig'], { ...current(), [entryId]: mesh });
  const reset = () => {
    const next = current();
    delete next[entryId];
    setValue?.(['treeConfig'], next);
  };

  return (
    <Card
      size="small"
      title={t('modelPanel.partTitle', { name: part.title })}
      extra={
        <Button size="small" onClick={reset} disabled={!stored}>
          {t('modelPanel.resetPart')}
        </Button>
      }
    >
      {stored ? null : (
        <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
          {t('modelPanel.partDefault')}
        </Typography.Paragraph>
      )}
      <SubForm key={entryId} schema={MeshConfigSchema} value={value} onChange={write} name={`model-part-${widgetId}`}>
        <SwitchField name={['visible']} label={t('modelPanel.visible')} />
        <NumberField name={['opacity']} label={t('modelPanel.opacity')} range={{ step: 0.01 }} />
        <ColourField name={['color']} label={t('modelPanel.partColor')} allowClear />
        <Vec3Field name={['scale']} label={t('widgets.mesh.scale')} range={{ step: 0.1 }} />
        <Vec3Field name={['position']} label={t('widgets.mesh.position')} />
        <Vec3Field name={['rotation']} label={t('widgets.mesh.rotation')} />
      </SubForm>
    </Card>
  );
}
