import { useId, useMemo, useState, type ReactNode } from 'react';
import { Button, Flex, Form, Select, Typography } from 'antd';
import { materialDisplayName } from '../../../../shared/schema/material';
import type { ModelConfig } from '../../../../shared/schema/model';
import { useSettings } from '../../../settings/context';
import { useModelStatus } from '../modelStatus';
import { useMaterialLibrary, type LibraryMaterial, type MaterialLibrary } from '../../../material-editor/library/listing';
import type { ThreeDHost } from '../../../host/types';
import { MaterialEditorModal } from '../../../material-editor/MaterialEditorModal';

interface Option {
  value: string;
  /** What the search matches. */
  text: string;
  label: ReactNode;
}

const optionOf = (m: LibraryMaterial): Option => ({
  value: m.path,
  text: m.name,
  label: (
    <Flex gap={8} align="center">
      <img src={m.thumbnail} alt="" width={20} height={20} style={{ objectFit: 'cover', borderRadius: 2, flex: 'none' }} />
      <span>{m.name}</span>
    </Flex>
  ),
});

/** A stored path the listing does not show (listing failed, material deleted): named from its file. */
const storedOption = (path: string): Option => {
  const text = materialDisplayName(path.slice(path.lastIndexOf('/') + 1));
  return { value: path, text, label: text };
};

/**
 * materialsConfig.materials: one row per material name of the loaded model, each choosing an .airm
 * from the user and built-in material catalogs. Clearing a row removes the name from the map, and
 * the scene puts the model's own material back (spec §4). Assignments for names the file no longer
 * has are kept (a re-export may bring them back) and listed so they can be cleared.
 */
export function MaterialsSection({ widgetId, config, host }: { widgetId: string; config: ModelConfig; host: ThreeDHost }) {
  const { t, media, setValue } = useSettings();
  const form = Form.useFormInstance();
  const info = useModelStatus(widgetId).info;
  const stored = config.materialsConfig.materials;
  const names = info?.materials ?? [];
  const stale = info ? Object.keys(stored).filter((n) => !names.includes(n)) : [];
  // Saving in the editor lists the material again (a new one, a new thumbnail).
  const [listing, setListing] = useState(0);
  const library = useMaterialLibrary(media, names.length + stale.length > 0, listing);
  /** The part whose material the editor is open for, or null. */
  const [editing, setEditing] = useState<string | null>(null);
  const groups = useMemo(() => groupsOf(library, t), [library, t]);

  const write = (name: string, path: string | undefined) => {
    const next: Record<string, string> = {
      ...((form.getFieldValue(['materialsConfig', 'materials']) as Record<string, string> | undefined) ?? {}),
    };
    if (path) next[name] = path;
    else delete next[name];
    setValue?.(['materialsConfig', 'materials'], next);
  };

  if (!info) return <Typography.Text type="secondary">{t('modelPanel.notLoaded')}</Typography.Text>;
  if (names.length === 0 && stale.length === 0) return <Typography.Text type="secondary">{t('modelPanel.noMaterials')}</Typography.Text>;
  return (
    <>
      {names.map((name) => (
        <MaterialRow
          key={name}
          name={name}
          label={name}
          value={stored[name]}
          groups={groups}
          library={library}
          onChange={(p) => write(name, p)}
          onEdit={() => setEditing(name)}
        />
      ))}
      {stale.map((name) => (
        <MaterialRow
          key={name}
          name={name}
          label={t('modelPanel.notInFile', { name })}
          value={stored[name]}
          groups={groups}
          library={library}
          onChange={(p) => write(name, p)}
          onEdit={() => setEditing(name)}
        />
      ))}
      <MaterialEditorModal
        open={editing !== null}
        host={host}
        path={editing === null ? undefined : stored[editing]}
        onClose={() => setEditing(null)}
        onSaved={(path) => {
          // A new material saved for this part (or its file renamed) is what the part wears now.
          if (editing !== null) write(editing, path);
          setListing((n) => n + 1);
        }}
      />
    </>
  );
}

type Groups = { label: string; title: string; options: Option[] }[];

function groupsOf(library: MaterialLibrary | null, t: ReturnType<typeof useSettings>['t']): Groups {
  if (!library) return [];
  const groups: Groups = [];
  if (library.user.length)
    groups.push({ label: t('modelPanel.userMaterials'), title: t('modelPanel.userMaterials'), options: library.user.map(optionOf) });
  if (library.builtIn.length)
    groups.push({
      label: t('modelPanel.builtInMaterials'),
      title: t('modelPanel.builtInMaterials'),
      options: library.builtIn.map(optionOf),
    });
  return groups;
}

interface RowProps {
  name: string;
  label: string;
  value: string | undefined;
  groups: Groups;
  library: MaterialLibrary | null;
  onChange(path: string | undefined): void;
  onEdit(): void;
}

function MaterialRow({ name, label, value, groups, library, onChange, onEdit }: RowProps) {
  const { t } = useSettings();
  const id = useId();
  const listed = groups.some((g) => g.options.some((o) => o.value === value));
  const options = value && !listed ? [storedOption(value), ...groups] : groups;
  return (
    <Form.Item label={label} htmlFor={id} style={{ marginBottom: 8 }}>
      <Flex gap={6}>
        <Select<string, Option | Groups[number]>
          id={id}
          aria-label={t('modelPanel.materialFor', { name })}
          value={value}
          options={options}
          onChange={(v) => onChange(v || undefined)}
          allowClear
          loading={library === null}
          placeholder={t('modelPanel.materialPlaceholder')}
          showSearch={{ optionFilterProp: 'text' }}
          style={{ flex: 1, minWidth: 0 }}
        />
        {/* Opens the material editor on this part's material (a new one when it has none: saving assigns it). */}
        <Button onClick={onEdit} aria-label={t('materialEditor.editMaterial', { name })}>
          {t('materialEditor.edit')}
        </Button>
      </Flex>
    </Form.Item>
  );
}
