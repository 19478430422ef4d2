import * as z from 'zod';
import { str } from './common';

/** A material as referenced from a scene object: identified by uuid; other fields kept as they are. */
export const MaterialRefSchema = z.looseObject({ uuid: z.string(), name: str(), type: str() });
export type MaterialRef = z.infer<typeof MaterialRefSchema>;

/** Scene object node (spec §3): what the worker reports about a loaded model's object tree. */
export interface SceneObjectNode {
  uuid: string;
  name: string;
  type: string;
  /** Absent on groups and lights; a list for multi-material meshes. */
  material?: MaterialRef | MaterialRef[];
  children: SceneObjectNode[];
}
type MaterialRefInput = z.input<typeof MaterialRefSchema>;
export interface SceneObjectNodeInput {
  uuid: string;
  name?: string;
  type: string;
  material?: MaterialRefInput | MaterialRefInput[];
  children?: SceneObjectNodeInput[];
}

export const SceneObjectNodeSchema: z.ZodType<SceneObjectNode, SceneObjectNodeInput> = z.lazy(() =>
  z.object({
    uuid: z.string(),
    name: str(),
    type: z.string(),
    material: z.union([MaterialRefSchema, z.array(MaterialRefSchema)]).optional(),
    children: z.array(SceneObjectNodeSchema).default(() => []),
  }),
);

/** Tree node for the UI's tree selects (spec §3). */
export interface TreeNode {
  /** Path of sibling indexes joined by 'children': '0', '0children2', '0children2children1'. */
  key: string;
  uuid: string;
  /** The object's name, or its type when it has none. */
  title: string;
  type: string;
  children: TreeNode[];
}

export const TreeNodeSchema: z.ZodType<TreeNode> = z.lazy(() =>
  z.object({
    key: z.string(),
    uuid: z.string(),
    title: z.string(),
    type: z.string(),
    children: z.array(TreeNodeSchema),
  }),
);

export function toTreeNodes(nodes: readonly SceneObjectNode[]): TreeNode[] {
  return build(nodes, '');
}

function build(nodes: readonly SceneObjectNode[], parentKey: string): TreeNode[] {
  return nodes.map((node, i) => {
    const key = parentKey ? `${parentKey}children${i}` : String(i);
    return {
      key,
      uuid: node.uuid,
      title: node.name || node.type,
      type: node.type,
      children: build(node.children ?? [], key),
    };
  });
}
