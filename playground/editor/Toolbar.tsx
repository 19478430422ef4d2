import { Button, Flex, Input, Segmented, Switch, Tag, Tooltip, Typography } from 'antd';
import type { Locale } from 'dash3d';
import { useText } from '../locale';
import { ROLES, type Role } from '../host/createHost';

export interface ToolbarProps {
  name: string;
  onRename(name: string): void;
  mode: 'edit' | 'preview';
  onMode(mode: 'edit' | 'preview'): void;
  locale: Locale;
  onLocale(locale: Locale): void;
  role: Role;
  onRole(role: Role): void;
  inheritance: boolean;
  onInheritance(on: boolean): void;
  dirty: boolean;
  saving: boolean;
  /** False while nothing is open (a dashboard that failed to load). */
  canSave: boolean;
  onNew(): void;
  onOpen(): void;
  onSave(): void;
  onCopyLink(): void;
  onMaterialEditor(): void;
  canUndo: boolean;
  canRedo: boolean;
  onUndo(): void;
  onRedo(): void;
}

/** Language names are written in their own language, so each is found whatever is shown now. */
const LANGUAGES: { value: Locale; label: string }[] = [
  { value: 'zh_Hans', label: '简体中文' },
  { value: 'en', label: 'English' },
];

export function Toolbar(p: ToolbarProps) {
  const text = useText();
  const editing = p.mode === 'edit';
  return (
    <Flex
      component="header"
      align="center"
      gap={12}
      wrap
      style={{ padding: '8px 12px', borderBottom: '1px solid #f0f0f0', background: '#fff' }}
    >
      <Typography.Text strong>{text('playground.title')}</Typography.Text>
      <Input
        aria-label={text('playground.name')}
        value={p.name}
        placeholder={text('playground.untitled')}
        disabled={!editing || !p.canSave}
        onChange={(e) => p.onRename(e.target.value)}
        style={{ width: 200 }}
      />
      {p.dirty ? <Tag color="orange">{text('playground.unsaved')}</Tag> : null}
      {editing ? (
        <Flex gap={6}>
          <Tooltip title={text('playground.undo.keys')}>
            <Button aria-keyshortcuts="Control+Z" disabled={!p.canUndo} onClick={p.onUndo}>
              {text('playground.undo')}
            </Button>
          </Tooltip>
          <Tooltip title={text('playground.redo.keys')}>
            <Button aria-keyshortcuts="Control+Shift+Z Control+Y" disabled={!p.canRedo} onClick={p.onRedo}>
              {text('playground.redo')}
            </Button>
          </Tooltip>
        </Flex>
      ) : null}
      <Flex gap={6}>
        <Button onClick={p.onNew}>{text('playground.new')}</Button>
        <Button onClick={p.onOpen}>{text('playground.open')}</Button>
        <Button type="primary" loading={p.saving} disabled={!p.canSave} onClick={p.onSave}>
          {text('playground.save')}
        </Button>
        <Button disabled={!p.canSave} onClick={p.onCopyLink}>
          {text('playground.copyLink')}
        </Button>
        <Button onClick={p.onMaterialEditor}>{text('playground.materialEditor')}</Button>
      </Flex>
      <span style={{ flex: 1 }} />
      <Segmented
        aria-label={text('playground.mode')}
        value={p.mode}
        onChange={(v) => p.onMode(v as ToolbarProps['mode'])}
        options={[
          { value: 'edit', label: text('playground.mode.edit') },
          { value: 'preview', label: text('playground.mode.preview') },
        ]}
      />
      <Tooltip title={text('playground.role.hint')}>
        <Segmented
          aria-label={text('playground.role')}
          value={p.role}
          onChange={(v) => p.onRole(v)}
          options={(Object.keys(ROLES) as Role[]).map((r) => ({ value: r, label: text(`playground.role.${r}`) }))}
        />
      </Tooltip>
      <Flex align="center" gap={6}>
        <Switch id="dash3d-inheritance" size="small" checked={p.inheritance} onChange={p.onInheritance} />
        <label htmlFor="dash3d-inheritance" style={{ fontSize: 13 }}>
          {text('playground.layoutInheritance')}
        </label>
      </Flex>
      <Segmented aria-label={text('playground.language')} value={p.locale} onChange={(v) => p.onLocale(v)} options={LANGUAGES} />
    </Flex>
  );
}
