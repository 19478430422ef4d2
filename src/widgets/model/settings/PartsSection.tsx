import { useId, useMemo } from 'react';
import { Alert, Flex, Form, Spin, TreeSelect, Typography } from 'antd';
import type { ModelConfig } from '../../../../shared/schema/model';
import { toTreeNodes, type TreeNode } from '../../../../shared/schema/tree';
import { useSettings } from '../../../settings/context';
import { useModelStatus, type ModelStatus } from '../modelStatus';
import { indexParts, type Part, type PartIndex } from './parts';
import { shownText } from '../../space/noticeText';
import { PartSettings } from './PartSettings';

/** Spec §9: the model tree's dropdown is at most 200 px high (antd's TreeSelect default is 256). */
export const TREE_LIST_HEIGHT = 200;

export interface AntTreeNode {
  value: string;
  title: string;
  children: AntTreeNode[];
}
/** The model tree as antd's TreeSelect takes it (values are tree keys); the rules' parts field uses it too. */
export const toAnt = (nodes: readonly TreeNode[]): AntTreeNode[] =>
  nodes.map((n) => ({ value: n.key, title: n.title, children: toAnt(n.children) }));

/**
 * The stored selection as a part of the loaded file. By key, unless the part there now has another
 * name (a different file was uploaded) and the stored name is unique: then by that name.
 */
function selectedPart(value: ModelConfig['tree']['value'], index: PartIndex): Part | undefined {
  const atKey = index.byKey.get(value.key);
  if (!value.name || atKey?.name === value.name) return atKey;
  if (index.nameCount.get(value.name) !== 1) return atKey;
  return [...index.byKey.values()].find((p) => p.name === value.name);
}

/**
 * Spec §2 tree selector and the selected part's mesh config. The tree is the loaded model's, as its
 * space reported it (useModelStatus), so it exists only while the model is loaded in a space.
 */
export function PartsSection({ widgetId, config }: { widgetId: string; config: ModelConfig }) {
  const { t, setValue } = useSettings();
  const status = useModelStatus(widgetId);
  const inputId = useId();
  const info = status.info;
  const treeData = useMemo(() => toAnt(toTreeNodes(info?.nodes ?? [])), [info]);
  const index = useMemo(() => indexParts(info?.nodes ?? []), [info]);
  const stored = config.tree.value;
  const part = info ? selectedPart(stored, index) : undefined;

  const select = (key: string | undefined) => {
    const p = key === undefined ? undefined : index.byKey.get(key);
    setValue?.(['tree', 'value'], p ? { key: p.key, name: p.name } : { key: '', name: '' });
  };

  return (
    <>
      <StatusLine status={status} />
      {info ? (
        <Form.Item label={t('modelPanel.tree')} htmlFor={inputId}>
          <TreeSelect
            id={inputId}
            treeData={treeData}
            value={part?.key}
            onChange={(key: string | undefined) => select(key)}
            allowClear
            showSearch={{ treeNodeFilterProp: 'title' }}
            placeholder={t('modelPanel.treePlaceholder')}
            listHeight={TREE_LIST_HEIGHT}
            // Large files have thousands of nodes: open only the first levels of a big tree.
            treeDefaultExpandAll={index.byKey.size <= 100}
            style={{ width: '100%' }}
          />
        </Form.Item>
      ) : null}
      {info && stored.key && !part ? <Typography.Text type="warning">{t('modelPanel.partMissing')}</Typography.Text> : null}
      {info && !stored.key ? <Typography.Text type="secondary">{t('modelPanel.noPart')}</Typography.Text> : null}
      {part ? <PartSettings widgetId={widgetId} part={part} index={index} treeConfig={config.treeConfig} /> : null}
    </>
  );
}

/** While the model loads or after it failed, say so instead of showing an empty tree. */
function StatusLine({ status }: { status: ModelStatus }) {
  const { t, locale } = useSettings();
  const { state, info, error, warnings, coded } = status;
  // A coded message (a limit, a decimated cloud) in the designer's language; others as the worker wrote them.
  const text = (m: string) => {
    const c = coded?.[m];
    return c ? shownText({ key: c.code, params: c.params }, locale) : m;
  };
  return (
    <>
      {state === 'loading' ? (
        <Flex gap={8} align="center" role="status" style={{ marginBottom: 8 }}>
          <Spin size="small" />
          <span>{t('ui.loading')}</span>
        </Flex>
      ) : null}
      {state === 'error' ? (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 8 }}
          title={t('modelPanel.loadFailed', { message: error ? text(error) : '' })}
        />
      ) : null}
      {state === 'empty' && !info ? <Typography.Paragraph type="secondary">{t('modelPanel.notLoaded')}</Typography.Paragraph> : null}
      {warnings.length > 0 ? (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 8 }}
          title={t('modelPanel.warnings')}
          description={
            <ul style={{ margin: 0, paddingInlineStart: 16 }}>
              {warnings.map((w, i) => (
                <li key={i}>{text(w)}</li>
              ))}
            </ul>
          }
        />
      ) : null}
    </>
  );
}
