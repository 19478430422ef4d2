import type { ComponentType } from 'react';
import type * as z from 'zod';
import type { WidgetDescriptor, WidgetSettingsProps, WidgetViewProps } from '../host/types';
import { LOCALES, t, type Locale, type MessageKey } from '../../shared/i18n';
import { WIDGET_CONFIG_SCHEMAS, WIDGET_INITIAL_LAYOUT, WIDGET_PERMISSION, type WidgetType } from '../../shared/schema/dashboard';

type ConfigOf<T extends WidgetType> = z.infer<(typeof WIDGET_CONFIG_SCHEMAS)[T]>;

/** What sets one widget apart; its schema, size and permission follow from its type. */
export interface WidgetSpec<T extends WidgetType> {
  type: T;
  title: MessageKey;
  /** Widget types it may contain (default: none). */
  accepts?: readonly WidgetType[];
  View: ComponentType<WidgetViewProps<ConfigOf<T>>>;
  Settings: ComponentType<WidgetSettingsProps<ConfigOf<T>>>;
  /** Widget events it emits for the host's actions (default: none). */
  events?: readonly string[];
}

/**
 * A widget's descriptor for the host (docs/plugin-contract.md). Every widget needs the `threeD`
 * permission (spec §6), is resizable, may be placed anywhere (a model outside a space says where it
 * belongs instead, spec §2) and takes its defaults from its schema. The host stores and hands back
 * each config without looking into it, so the descriptor is listed with its config type erased;
 * the schema it carries is what checks a config.
 */
export function defineWidget<T extends WidgetType>(spec: WidgetSpec<T>): WidgetDescriptor {
  const schema = WIDGET_CONFIG_SCHEMAS[spec.type] as unknown as z.ZodType<ConfigOf<T>>;
  const descriptor: WidgetDescriptor<ConfigOf<T>> = {
    type: spec.type,
    title: Object.fromEntries(LOCALES.map((l) => [l, t(l, spec.title)])) as Record<Locale, string>,
    permission: WIDGET_PERMISSION,
    layout: { ...WIDGET_INITIAL_LAYOUT[spec.type], resizable: true },
    schema,
    defaults: () => schema.parse({}),
    accepts: spec.accepts ?? [],
    parents: [],
    View: spec.View,
    Settings: spec.Settings,
    events: spec.events ?? [],
  };
  return descriptor as unknown as WidgetDescriptor;
}
