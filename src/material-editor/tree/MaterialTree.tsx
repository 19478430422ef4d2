import { useId, useMemo } from 'react';
import { Button, Flex, TreeSelect } from 'antd';
import type { SceneObjectNode, TreeNode } from '../../../shared/schema/tree';
import type { Material } from '../../../shared/schema/material';
import { t, type Locale } from '../../../shared/i18n/editor';
import { indexEntries, toMaterialTree, type MaterialTreeEntry } from './treeData';

/** Spec §9: the material tree's dropdown is at most 500 px high. */
export const MATERIAL_TREE_LIST_HEIGHT = 500;

export interface MaterialTreeProps {
  /** The previewed model's object tree, as MaterialPreview's onTree reports it. */
  nodes: readonly SceneObjectNode[];
  /** The chosen entry's key, or null for none. */
  value: string | null;
  /** A part was chosen: its tree node and its material as it is now (the form edits it; its uuid is the preview's target). */
  onSelect(node: TreeNode, material: Material): void;
  /** Clear: the chosen part gets its original material back. */
  onClear(): void;
  locale: Locale;
}

interface AntNode {
  value: string;
  title: string;
  selectable: boolean;
  children: AntNode[];
}
const toAnt = (entries: readonly MaterialTreeEntry[]): AntNode[] =>
  entries.map((e) => ({ value: e.value, title: e.title, selectable: e.selectable, children: toAnt(e.children) }));

/**
 * The material tree (issue 11 point 6): the previewed model's objects by name or else type; choosing
 * one edits its material, a material inside a material list included. Keyboard: the select opens
 * with Enter or the arrow keys and is walked with them; Clear is a plain button.
 */
export function MaterialTree({ nodes, value, onSelect, onClear, locale }: MaterialTreeProps) {
  const id = useId();
  const entries = useMemo(
    () => toMaterialTree(nodes, (title, n) => t(locale, 'materialTree.listEntry', { title, index: n + 1 })),
    [nodes, locale],
  );
  const index = useMemo(() => indexEntries(entries), [entries]);
  const treeData = useMemo(() => toAnt(entries), [entries]);
  const chosen = value !== null && index.has(value) ? value : undefined;
  return (
    <Flex gap={8} align="center" className="dash3d-material-tree">
      <label htmlFor={id} style={{ whiteSpace: 'nowrap' }}>
        {t(locale, 'materialTree.label')}
      </label>
      <TreeSelect
        id={id}
        aria-label={t(locale, 'materialTree.label')}
        treeData={treeData}
        value={chosen}
        onChange={(key: string) => {
          const entry = index.get(key);
          if (entry?.material) onSelect(entry.node, entry.material);
        }}
        showSearch={{ treeNodeFilterProp: 'title' }}
        placeholder={t(locale, nodes.length ? 'materialTree.placeholder' : 'materialTree.empty')}
        disabled={nodes.length === 0}
        listHeight={MATERIAL_TREE_LIST_HEIGHT}
        treeDefaultExpandAll={index.size <= 100}
        style={{ flex: 1, minWidth: 0 }}
      />
      <Button onClick={onClear} disabled={chosen === undefined} aria-label={t(locale, 'materialTree.clearLabel')}>
        {t(locale, 'materialTree.clear')}
      </Button>
    </Flex>
  );
}
