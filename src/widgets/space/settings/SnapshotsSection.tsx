import { Form } from 'antd';
import { ImageField, ListField, SwitchField, TextField, Vec3Field } from '../../../settings/fields';
import { useSettings } from '../../../settings/context';
import { SnapshotSchema, type Snapshot } from '../../../../shared/schema/snapshot';
import type { Vec3 } from '../../../../shared/schema/common';
import { CaptureView } from './CaptureView';
import { uniqueSnapshotName } from './snapshotCapture';

const LIST = ['snapshotConfig', 'snapshotList'];

const samePose = (a: Snapshot, b: Snapshot) =>
  (['x', 'y', 'z'] as const).every((k) => a.position[k] === b.position[k] && a.target[k] === b.target[k]);

/**
 * snapshotConfig. **Capture current view** takes the running scene's camera and a thumbnail (the
 * space is found through liveSpaces: this panel is rendered outside the space's React tree); a
 * snapshot can also be added from the configured camera and edited by hand. Rename by typing the
 * name, delete with the entry's Remove. Names are checked by the schema as they are typed ('The
 * name cannot be empty', 'The snapshot name already exists'), shown under the name.
 */
export function SnapshotsSection({ variableNames, spaceId }: { variableNames: readonly string[]; spaceId: string }) {
  const { t, setValue } = useSettings();
  const form = Form.useFormInstance();
  const list = () => (form.getFieldValue(LIST) as Snapshot[] | undefined) ?? [];
  const nextName = () =>
    uniqueSnapshotName(
      list().map((s) => s.name),
      t('settings.snapshot'),
    );
  const setList = (next: Snapshot[]) => (setValue ? setValue(LIST, next) : form.setFieldValue(LIST, next));

  const create = (): Snapshot =>
    SnapshotSchema.parse({
      name: nextName(),
      position: form.getFieldValue(['cameraConfig', 'cameraPositon']) as Vec3,
      target: form.getFieldValue(['cameraConfig', 'cameraLookAt']) as Vec3,
    });

  return (
    <>
      <TextField name={['snapshotConfig', 'snapshotVar']} label={t('settings.snapshotVar')} suggestions={variableNames} />
      <SwitchField name={['snapshotConfig', 'showBar']} label={t('settings.showBar')} />
      <CaptureView
        spaceId={spaceId}
        nextName={nextName}
        add={(s) => setList([...list(), s])}
        setImage={(captured, img) => {
          const current = list();
          // By name, else (renamed while uploading) by the pose; deleted meanwhile: nothing to set.
          let i = current.findIndex((s) => s.name === captured.name);
          if (i < 0) i = current.findIndex((s) => samePose(s, captured));
          if (i >= 0) setList(current.map((s, j) => (j === i ? { ...s, img } : s)));
        }}
      />
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
