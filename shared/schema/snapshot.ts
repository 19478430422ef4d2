import * as z from 'zod';
import { bool, MSG, str, vec3 } from './common';

export const SnapshotSchema = z.object({
  name: z.string().trim().min(1, { error: MSG.nameEmpty }),
  position: vec3(0, 200, 500),
  target: vec3(0, 0, 0),
  img: str(),
});

export const SnapshotConfigSchema = z
  .object({
    snapshotVar: str(),
    showBar: bool(false),
    snapshotList: z
      .array(SnapshotSchema)
      .default(() => [])
      .superRefine((list, ctx) => {
        const seen = new Set<string>();
        list.forEach((s, i) => {
          if (seen.has(s.name)) ctx.addIssue({ code: 'custom', path: [i, 'name'], message: MSG.snapshotNameExists });
          seen.add(s.name);
        });
      }),
  })
  .prefault({});

export type Snapshot = z.infer<typeof SnapshotSchema>;
