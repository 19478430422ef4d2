import { Form } from 'antd';
import { ImageField, ListField, SwitchField, TextField, Vec3Field } from '../../../settings/fields';
import { useSettings } from '../../../settings/context';
import { SnapshotSchema, type Snapshot } from '../../../../shared/schema/snapshot';
import type { Vec3 } from '../../../../shared/schema/common';

const LIST = ['snapshotConfig', 'snapshotList'];

/**
 * snapshotConfig. Capturing the current view needs the running scene, which a settings panel does
 * not have: here snapshots are added from the configured camera and edited by hand. Names are
 * checked by the schema ('The name cannot be empty', 'The snapshot name already exists').
 */
export function SnapshotsSection({ variableNames }: { variableNames: readonly string[] }) {
  const { t } = useSettings();
  const form = Form.useFormInstance();

  const create = (): Snapshot => {
    const taken = new Set(((form.getFieldValue(LIST) as Snapshot[] | undefined) ?? []).map((s) => s.name));
    let n = taken.size + 1;
    while (taken.has(`${t('settings.snapshot')} ${n}`)) n++;
    return SnapshotSchema.parse({
      name: `${t('settings.snapshot')} ${n}`,
      position: form.getFieldValue(['cameraConfig', 'cameraPositon']) as Vec3,
      target: form.getFieldValue(['cameraConfig', 'cameraLookAt']) as Vec3,
    });
  };

  return (
    <>
      <TextField name={['snapshotConfig', 'snapshotVar']} label={t('settings.snapshotVar')} suggestions={variableNames} />
      <SwitchField name={['snapshotConfig', 'showBar']} label={t('settings.showBar')} />
      <ListField<Snapshot>
        name={LIST}
        label={t('settings.snapshotList')}
        addLabel={t('settings.addSnapshot')}
        itemTitle={(i, s) => s?.name || `${t('settings.snapshot')} ${i + 1}`}
        create={create}
      >
        {(entry) => (
          <>
            <TextField name={[...entry, 'name']} label={t('settings.name')} />
            <Vec3Field name={[...entry, 'position']} label={t('settings.position')} />
            <Vec3Field name={[...entry, 'target']} label={t('settings.target')} />
            <ImageField name={[...entry, 'img']} label={t('settings.snapshotImg')} />
          </>
        )}
      </ListField>
    </>
  );
}
