import { useMemo } from 'react';
import { TreeSelect } from 'antd';
import { toTreeNodes, type SceneObjectNode } from '../../../../shared/schema/tree';
import { entryIdOf, indexParts, type PartIndex } from './parts';
import { toAnt, TREE_LIST_HEIGHT, type AntTreeNode } from './PartsSection';

/** A stored part (a unique name or a tree key, as treeConfig stores them) as the tree key it names now, or null. */
export function partKeyOf(id: string, index: PartIndex): string | null {
  if (index.byKey.has(id)) return id;
  if (index.nameCount.get(id) !== 1) return null;
  return [...index.byKey.values()].find((p) => p.name === id)?.key ?? null;
}

export function useRuleParts(nodes: readonly SceneObjectNode[] | undefined) {
  const treeData = useMemo(() => toAnt(toTreeNodes(nodes ?? [])), [nodes]);
  const index = useMemo(() => indexParts(nodes ?? []), [nodes]);
  return { treeData, index };
}

interface Props {
  value?: string[];
  onChange?(value: string[]): void;
  treeData: AntTreeNode[];
  index: PartIndex;
  placeholder: string;
  ariaLabel: string;
}

/**
 * The parts a rule changes, picked in the model's tree (several at once). Stored as treeConfig
 * stores a part (its name when unique, so it survives a re-exported file; else its key); a stored
 * part the loaded file lacks stays in the list, shown by what is stored, until removed.
 */
export function RulePartsInput({ value = [], onChange, treeData, index, placeholder, ariaLabel }: Props) {
  const shown = value.map((id) => partKeyOf(id, index) ?? id);
  return (
    <TreeSelect
      aria-label={ariaLabel}
      multiple
      allowClear
      treeData={treeData}
      value={shown}
      placeholder={placeholder}
      listHeight={TREE_LIST_HEIGHT}
      treeDefaultExpandAll
      onChange={(keys: string[]) =>
        onChange?.(
          keys.map((key) => {
            const part = index.byKey.get(key);
            // A key the tree does not have now is one kept from before: it stays as stored.
            return part ? entryIdOf(part, index, {}) : (value[shown.indexOf(key)] ?? key);
          }),
        )
      }
    />
  );
}
