// Types of `dash3d/server` (index.mjs), written by hand to stay small and exact.
// tests/server/entry-types.ts compiles the README's snippet against them and checks that each
// implementation (plain JavaScript with JSDoc types) fits its declaration, so they cannot drift.
import type { FastifyInstance, FastifyPluginAsync, FastifyServerOptions } from 'fastify';

/** Options of `app.register(mediaLibrary, options)`; fastify's own `prefix` may be given beside them. */
export interface MediaLibraryOptions {
  /** Media-library folder (created when missing); relative to the process's current folder. */
  root: string;
  /** The Bearer token that listing, uploading, deleting and dashboards ask for. */
  token: string;
  /** Where dashboards are stored (created when missing). Without it there is no /api/dashboards. */
  dashboardsRoot?: string;
  /** Extensions without dots (`'glb,png'` or `['glb', 'png']`); `[]` allows every format. Default STANDARD_FORMATS. */
  allowedFormats?: string | readonly string[];
  /** Largest uploaded file, in bytes. Default 100 MiB. */
  maxUploadBytes?: number;
  /** Largest dashboard document (and any other request body of the service), in bytes. Default 10 MiB. */
  maxDashboardBytes?: number;
  /** Put before `/media/...` in upload answers' `url`: a path or an http(s) URL. Default the register prefix. */
  publicUrl?: string;
  /** Write the built-in resources (and, with dashboardsRoot, the example dashboard) when registered. Default true. */
  seed?: boolean;
  /** Called once, when the routes are in place: what a caller may need afterwards (sign-in codes). */
  onRegistered?: (library: MediaLibrary) => void;
}

/** The options as the service uses them: folders absolute, defaults filled in. */
export interface ResolvedMediaLibraryOptions {
  root: string;
  dashboardsRoot?: string;
  token: string;
  allowedFormats: string[];
  maxUploadBytes: number;
  maxDashboardBytes: number;
  publicUrl: string;
  seed: boolean;
}

/** Sign-in codes and sessions, held in the service's memory (a restart ends them). */
export interface Sessions {
  /** A fresh one-time sign-in code; `signInLink(origin, code)` makes the link a page opens. */
  newCode(): string;
  /** The code's session token, or null when the code is unknown or was used already. */
  redeem(code: string): string | null;
  /** A session for a caller that proved itself some other way. */
  open(): string;
  has(token: string): boolean;
  end(token: string): boolean;
}

/** What a registered media library hands `onRegistered`, and what buildApp and startMediaServer answer besides the app. */
export interface MediaLibrary {
  options: ResolvedMediaLibraryOptions;
  sessions: Sessions;
  /** Temporary files an interrupted upload or save had left, removed at registration (relative to their root). */
  removedTempFiles: string[];
}

/** Spec §7's routes (list, upload, delete, config), /media/…, /api/session and, with dashboardsRoot, /api/dashboards. */
export declare const mediaLibrary: FastifyPluginAsync<MediaLibraryOptions>;

/** The stand-alone service: the plugin's options, a built app to serve at `/`, and fastify's logger option. */
export interface MediaServerOptions extends Omit<MediaLibraryOptions, 'onRegistered'> {
  /** A built playground (its dist/ folder) to serve at `/`, its page being INDEX_PAGE. */
  staticRoot?: string;
  /** fastify's logger option. Default false. */
  logger?: FastifyServerOptions['logger'];
}

export interface BuiltMediaServer extends MediaLibrary {
  app: FastifyInstance;
}

export interface StartedMediaServer extends BuiltMediaServer {
  /** The port listened on (the real one when 0 was asked for). */
  port: number;
  /** `http://<host>:<port>` */
  url: string;
}

/** A fastify app of its own with the media library registered and a JSON not-found answer; not listening. */
export declare function buildApp(options: MediaServerOptions): Promise<BuiltMediaServer>;

/** buildApp, then listen. Defaults: host 127.0.0.1, port 0 (any free port). */
export declare function startMediaServer(options: MediaServerOptions & { host?: string; port?: number }): Promise<StartedMediaServer>;

/**
 * The options from MEDIA_TOKEN, DATA_ROOT, MEDIA_ROOT, DASHBOARDS_ROOT, MEDIA_ALLOWED_FORMATS,
 * MEDIA_MAX_UPLOAD_MB, MEDIA_MAX_DASHBOARD_MB and MEDIA_PUBLIC_URL. Relative folders start from
 * `base` (default: the current folder). Without MEDIA_TOKEN a token is generated.
 */
export declare function optionsFromEnv(
  env?: Record<string, string | undefined>,
  base?: string,
): {
  tokenGenerated: boolean;
  options: MediaServerOptions & { dashboardsRoot: string; publicUrl: string };
};

/** A port from a setting: the fallback when missing or empty; throws (naming `name`) unless 0 to 65535. */
export declare function portFrom(value: string | undefined, fallback: number, name?: string): number;

/** The link a page opens to sign in with a code of `sessions.newCode()`: `<origin>/#signin=<code>`. */
export declare function signInLink(origin: string, code: string): string;

/** The formats allowed by default (extensions without dots). */
export declare const STANDARD_FORMATS: readonly string[];

/** The page of a built playground, relative to `staticRoot` (`/` serves it). */
export declare const INDEX_PAGE: string;
