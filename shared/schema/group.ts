import * as z from 'zod';
import { bool, positive } from './common';
import { MeshConfigSchema } from './mesh';

/**
 * A 3D component group (spec §3): a dashboard sub-layout rendered as DOM and pinned into the scene.
 * layoutWidth/layoutHeight are the inner layout's size in CSS pixels, not the widget's own layout.
 */
export const GroupConfigSchema = z.object({
  layoutWidth: positive(400),
  layoutHeight: positive(250),
  isSprite: bool(false),
  isFixd: bool(false),
  meshConfig: MeshConfigSchema.prefault({}),
});

export type GroupConfig = z.infer<typeof GroupConfigSchema>;
export type GroupConfigInput = z.input<typeof GroupConfigSchema>;
