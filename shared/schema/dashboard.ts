import * as z from 'zod';
import { MSG, num, str, toIssues, type SchemaIssue } from './common';
import { SpaceConfigSchema } from './space';
import { ModelConfigSchema } from './model';
import { CardConfigSchema } from './card';
import { GroupConfigSchema } from './group';
import { checkDashboardLimits, duplicateIdIssues } from './dashboard-limits';

export { DASHBOARD_LIMITS } from './dashboard-limits';

export const SPACE_WIDGET = 'threeD-space';
export const MODEL_WIDGET = 'threeD-model';
export const CARD_WIDGET = 'threeD-card';
export const GROUP_WIDGET = 'threeD-group';
export const WIDGET_TYPES = [SPACE_WIDGET, MODEL_WIDGET, CARD_WIDGET, GROUP_WIDGET] as const;
export type WidgetType = (typeof WIDGET_TYPES)[number];

/** Spec §6: every widget of this plug-in needs this host permission. */
export const WIDGET_PERMISSION = 'threeD';

/** Each of our widget types' config schema; other hosts' widget types keep their config untouched. */
export const WIDGET_CONFIG_SCHEMAS = {
  [SPACE_WIDGET]: SpaceConfigSchema,
  [MODEL_WIDGET]: ModelConfigSchema,
  [CARD_WIDGET]: CardConfigSchema,
  [GROUP_WIDGET]: GroupConfigSchema,
} as const;

/**
 * Size a newly dropped widget gets in the host's grid. The space (1000x600) is spec §2 and the
 * group matches its default inner layout (spec §9); model and card sizes are ours.
 */
export const WIDGET_INITIAL_LAYOUT: Record<WidgetType, { w: number; h: number }> = {
  [SPACE_WIDGET]: { w: 1000, h: 600 },
  [MODEL_WIDGET]: { w: 300, h: 200 },
  [CARD_WIDGET]: { w: 200, h: 100 },
  [GROUP_WIDGET]: { w: 400, h: 250 },
};

const size = () => z.number().finite().gt(0, { error: MSG.range });
export const LayoutSchema = z.object({ x: num(0), y: num(0), w: size(), h: size() });
export type Layout = z.infer<typeof LayoutSchema>;

export interface Widget {
  id: string;
  type: string;
  layout: Layout;
  config: Record<string, unknown>;
  children: Widget[];
}
export interface WidgetInput {
  id: string;
  type: string;
  layout: z.input<typeof LayoutSchema>;
  config?: Record<string, unknown>;
  children?: WidgetInput[];
}

/** The envelope only: `parseDashboard` also parses the config of our own widget types. */
export const WidgetSchema: z.ZodType<Widget, WidgetInput> = z.lazy(() =>
  z.object({
    id: z.string().min(1),
    type: z.string().min(1),
    layout: LayoutSchema,
    config: z.record(z.string(), z.unknown()).default(() => ({})),
    children: z.array(WidgetSchema).default(() => []),
  }),
);

export const DashboardSchema = z.object({
  id: str(),
  name: str(),
  version: z.number().int().min(1, { error: MSG.range }).default(1),
  widgets: z.array(WidgetSchema).default(() => []),
});
export type Dashboard = z.infer<typeof DashboardSchema>;
export type DashboardInput = z.input<typeof DashboardSchema>;

export type ParseDashboardResult =
  | { ok: true; dashboard: Dashboard }
  | { ok: false; issues: SchemaIssue[] };

const isOurs = (type: string): type is WidgetType => (WIDGET_TYPES as readonly string[]).includes(type);

/** Fills each of our widgets' config with its defaults, collecting issues under the widget's path. */
function parseConfigs(widgets: Widget[], path: string, issues: SchemaIssue[]): Widget[] {
  return widgets.map((w, i) => {
    const at = `${path}.${i}`;
    const children = parseConfigs(w.children, `${at}.children`, issues);
    if (!isOurs(w.type)) return { ...w, children };
    const r = WIDGET_CONFIG_SCHEMAS[w.type].safeParse(w.config);
    if (!r.success) {
      for (const issue of toIssues(r.error)) {
        const rest = issue.path === '(root)' ? '' : `.${issue.path}`;
        issues.push({ path: `${at}.config${rest}`, message: issue.message });
      }
      return { ...w, children };
    }
    return { ...w, config: r.data, children };
  });
}

/**
 * Parses a stored or hand-written dashboard. Never throws: whatever `json` is, the answer is either
 * the dashboard with every default filled or the list of issues, each naming its field path.
 * Nesting depth and widget count are bounded first (dashboard-limits.ts); widget configs are only
 * checked once the envelope (ids, types, layouts, nesting) is sound.
 */
export function parseDashboard(json: unknown): ParseDashboardResult {
  try {
    // Before zod: its recursion over `children` is what a hostile depth would overflow.
    const limit = checkDashboardLimits(json);
    if (limit) return { ok: false, issues: [limit] };
    const envelope = DashboardSchema.safeParse(json);
    if (!envelope.success) return { ok: false, issues: toIssues(envelope.error) };
    // Ids key React's lists, the editor's selection and the host's events: each must be unique.
    const issues: SchemaIssue[] = duplicateIdIssues(envelope.data.widgets);
    const widgets = parseConfigs(envelope.data.widgets, 'widgets', issues);
    return issues.length ? { ok: false, issues } : { ok: true, dashboard: { ...envelope.data, widgets } };
  } catch {
    // Only reachable for inputs no JSON can produce (cyclic objects, throwing getters).
    return { ok: false, issues: [{ path: '(root)', message: MSG.invalidConfig }] };
  }
}
