import { MODEL_WIDGET, chooseMainFile, type Widget, type UploadedFile, type VariableSource } from 'dash3d';

/** How many events the sidebar keeps: enough to follow a few clicks, small enough to read. */
export const EVENT_LIMIT = 20;

/**
 * Events that are not listed: a model's load progress arrives many times a second and would push
 * everything else out of the list within a moment.
 */
const UNLISTED: ReadonlySet<string> = new Set(['progress']);

/** The live variable a model click writes the clicked part's name into (the playground's one action). */
export const SELECTED_PART_VAR = 'selectedPart';

/** One widget event as the host received it (WidgetViewProps.onWidgetEvent). */
export interface WidgetEventRecord {
  widgetId: string;
  /** What the sidebar names the widget by: its type's title, and a model's main file. */
  widgetLabel: string;
  event: string;
  payload: unknown;
  /** The payload in a few words: the part for pointer events, the file for 'loaded', the message for 'error'. */
  summary: string;
  /** Increasing; a list key. */
  seq: number;
}

export interface EventLog {
  /** Newest first, at most EVENT_LIMIT. */
  list(): readonly WidgetEventRecord[];
  subscribe(onChange: () => void): () => void;
  /** What the host does with a widget's event: list it and run the playground's action. */
  receive(e: Omit<WidgetEventRecord, 'summary' | 'seq'> & { file?: string }): void;
}

const field = (payload: unknown, key: string): string => {
  const v = (payload as Record<string, unknown> | null)?.[key];
  return typeof v === 'string' ? v : '';
};

function summarize(event: string, payload: unknown, file: string | undefined): string {
  if (event === 'click' || event === 'dblclick' || event === 'mouseenter' || event === 'mouseleave') return field(payload, 'name');
  if (event === 'loaded') return file ?? '';
  if (event === 'error') return field(payload, 'message');
  return '';
}

/**
 * The host side of widget events: a short history for the sidebar and the test hook, and one
 * action a real host would let the designer configure: a model click writes the clicked part's
 * name into the `selectedPart` variable, so bindings elsewhere on the dashboard can follow it.
 */
export function createEventLog(variables: VariableSource): EventLog {
  let events: readonly WidgetEventRecord[] = [];
  let seq = 0;
  const listeners = new Set<() => void>();
  return {
    list: () => events,
    subscribe(onChange) {
      listeners.add(onChange);
      return () => void listeners.delete(onChange);
    },
    receive({ file, ...e }) {
      if (UNLISTED.has(e.event)) return;
      const record: WidgetEventRecord = { ...e, summary: summarize(e.event, e.payload, file), seq: ++seq };
      events = [record, ...events].slice(0, EVENT_LIMIT);
      if (e.event === 'click' && record.summary) variables.write(SELECTED_PART_VAR, record.summary);
      for (const l of listeners) l();
    },
  };
}

/** How the sidebar names a widget: its type's title, with a model's main file (what a designer recognises). */
export function widgetSource(w: Widget, title: string): { widgetId: string; widgetLabel: string; file?: string } {
  const src = w.type === MODEL_WIDGET ? (w.config as { src?: { filePath?: unknown; fileList?: unknown } }).src : undefined;
  const list = src?.fileList;
  const filePath = typeof src?.filePath === 'string' ? src.filePath : undefined;
  const file = Array.isArray(list) ? chooseMainFile({ filePath, fileList: list as UploadedFile[] })?.name : undefined;
  return { widgetId: w.id, widgetLabel: file ? `${title} · ${file}` : title, file };
}
