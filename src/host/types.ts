import type { ComponentType, ReactNode } from 'react';
import type * as z from 'zod';
import type { Locale } from '../../shared/i18n';
import type { WidgetType } from '../../shared/schema/dashboard';
import type { ModelLimitsInput } from '../../shared/schema/limits';

/** Named live variables the host provides (IoT values: temperature, running state, ...). */
export interface VariableSource {
  /** Names of the variables that exist now. */
  names(): string[];
  read(name: string): unknown;
  /** Called with the new value on every change; returns the unsubscribe function. */
  subscribe(name: string, onChange: (value: unknown) => void): () => void;
  write(name: string, value: unknown): void;
}

/** How the plug-in reaches the host's media library (spec §7). */
export interface MediaAccess {
  /** Media service base URL, ending with '/' (e.g. 'http://host/' or '/'). */
  baseUrl: string;
  /** Auth headers for listing and uploading, without a content type. */
  headers(): Record<string, string>;
  /** Extensions the library accepts (lower case, no dot); empty means "no list configured". */
  allowedFormats: readonly string[];
  /**
   * Origins besides the media library's (baseUrl resolved against the page) that models,
   * textures, images and .airm files may load from, e.g. ['https://cdn.example.com']. Every other
   * URL a document names is refused without a request.
   */
  allowedOrigins?: readonly string[];
}

/**
 * Whether user code in the open document (the space script's hooks and frame callbacks, library
 * materials' shaderCode and frameScript) may run. A host that gives none gets the safe side: code
 * does not run until the designer presses Run scripts in the scene.
 */
export interface UserCodePolicy {
  /**
   * True for a document the host vouches for (e.g. loaded from its own store, saved by a user
   * holding the 'threeD' permission): its code runs at once. False for one that came from a link
   * or a file: each 3D space opens with user code off and asks.
   */
  trusted: boolean;
  /**
   * The document's content as it arrived (its JSON text). Consent is remembered for the browser
   * session per SHA-256 of it, and given once for every space of the document. Without it each
   * space asks for its own script.
   */
  document?: string;
}

/**
 * Where the package's own files come from: its render worker and its assets (the Draco and KTX2
 * decoders, the 18 environment presets, the material preview's environment image). By default
 * the host's bundler finds them next to the package's code and emits them with the host's build;
 * a host that serves them itself (its own path, its own CDN) says where, as with Monaco's
 * `getWorker` and pdf.js's `workerSrc`. docs/host-guide.md, "Serving the package's files yourself".
 */
export interface PackageFiles {
  /**
   * Start one render worker: a module worker running the package's `render-worker.js`, e.g.
   * `() => new Worker(new URL('/vendor/dash3d/render-worker.js', location.href), { type: 'module' })`
   * (a URL object, not a string: Parcel refuses `new Worker('<string>')` at build time, and no
   * bundler touches a URL made against the page's address). Called for every 3D space, material
   * preview and thumbnail renderer. Its model parse workers are the same script started again from
   * inside it.
   */
  createWorker?: () => Worker;
  /**
   * The URL of a copy of the package's `dist/assets/` folder, ending in '/', e.g.
   * '/vendor/dash3d/assets/' or 'https://cdn.example.com/dash3d/0.1.0/assets/'. An origin given
   * here is allowed for these files only, never for a document's models or images.
   */
  assetBase?: string;
}

/** What the host dashboard editor gives the plug-in. Documented in docs/host-guide.md, "The host interface". */
export interface ThreeDHost {
  locale: Locale;
  mode: 'edit' | 'preview';
  hasPermission(permission: string): boolean;
  media: MediaAccess;
  variables: VariableSource;
  /** The group widget is offered only where the host supports layout inheritance (spec §2). */
  supportsLayoutInheritance: boolean;
  /** Whether the open document's code may run; absent: not until the designer agrees. */
  userCode?: UserCodePolicy;
  /**
   * Per-model caps: `{ maxModelBytes, maxPoints, comfortablePoints }`, any subset; the rest keep
   * their defaults (shared/schema/limits.ts, docs/host-guide.md "The 3D model widget"). Beyond a cap a model is refused with
   * the limit named; a point cloud between comfortablePoints and maxPoints is drawn decimated.
   */
  limits?: ModelLimitsInput;
  /** Most 3D spaces holding a live WebGL context at once on the page (default 12; docs/host-guide.md "Many spaces on one page"). */
  liveContexts?: number;
  /** Where the package's render worker and assets are served from; absent: where the host's bundler put them. */
  files?: PackageFiles;
  /** The host's or its viewer's accessibility choices (docs/host-guide.md "Accessibility"). */
  accessibility?: HostAccessibility;
}

/** Accessibility choices a host (or a viewer, through the host's own settings) makes for every space. */
export interface HostAccessibility {
  /**
   * A data card entering an alarm level is said in the space's polite live region (default true).
   * The card's mirror says its level either way.
   */
  announceAlarms?: boolean;
  /**
   * Reduced motion in every space: 'auto' (default) follows the viewer's prefers-reduced-motion,
   * 'reduce' and 'full' override it (docs/browsers.md "Reduced motion").
   */
  motion?: 'auto' | 'reduce' | 'full';
}

/** Props of a widget's view inside the host's canvas. */
export interface WidgetViewProps<C> {
  id: string;
  config: C;
  host: ThreeDHost;
  /** Child widgets (the 3D space renders its children inside its scene). */
  children?: ReactNode;
  /** Whether the editor shows the widget now (not hidden by the designer); default true. */
  visible?: boolean;
  /**
   * The widget's runtime display parameter (host actions may hide a widget); default true. A model
   * registers with its space only while visible and display is not false (spec §4).
   */
  display?: boolean;
  /** A widget event for the host's actions (model: click, dblclick, mouseenter, mouseleave). */
  onWidgetEvent?(name: string, payload: unknown): void;
}

/** Props of a widget's settings panel. `onChange` receives a config that already parsed. */
export interface WidgetSettingsProps<C> {
  id: string;
  config: C;
  host: ThreeDHost;
  onChange(next: C): void;
}

export interface WidgetDescriptor<C = unknown> {
  type: WidgetType;
  title: Record<Locale, string>;
  /** Spec §6: 'threeD'. */
  permission: string;
  layout: { w: number; h: number; resizable: boolean };
  schema: z.ZodType<C>;
  defaults(): C;
  /** Widget types this one may contain (the space: model, card, group). */
  accepts: readonly WidgetType[];
  /** Must be placed inside one of these (empty: anywhere). */
  parents: readonly WidgetType[];
  View: ComponentType<WidgetViewProps<C>>;
  Settings: ComponentType<WidgetSettingsProps<C>>;
  events: readonly string[];
}
