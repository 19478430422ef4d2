// Types of `dash3d/server` (index.mjs), written by hand to stay small and exact.
// tests/server/entry-types.ts compiles the README's snippet against them and checks that each
// implementation (plain JavaScript with JSDoc types) fits its declaration, so they cannot drift.
import type { FastifyInstance, FastifyPluginAsync, FastifyServerOptions } from 'fastify';

/** Options of `app.register(mediaLibrary, options)`; fastify's own `prefix` may be given beside them. */
/** Where an S3-compatible store keeps the files (credentials come from the AWS SDK's usual chain). */
export interface S3Options {
  /** An existing bucket. */
  bucket: string;
  /** Put before every key: `'team-a/'` keeps media under `team-a/media/`, dashboards under `team-a/dashboards/`. Default ''. */
  prefix?: string;
  /** The store's URL when it is not AWS S3, e.g. `'http://127.0.0.1:9000'`. */
  endpoint?: string;
  /** Default: the AWS SDK's own chain (AWS_REGION, the profile), else 'us-east-1'. */
  region?: string;
  /** `endpoint/bucket/key` URLs rather than `bucket.endpoint/key` (MinIO, most self-hosted stores). Default false. */
  forcePathStyle?: boolean;
}

export interface MediaLibraryOptions {
  /** Media-library folder (created when missing); relative to the process's current folder. Required unless `s3` is given. */
  root?: string;
  /** Keep media and dashboards in an S3-compatible bucket instead of folders (then /api/dashboards is always there). */
  s3?: S3Options;
  /** The Bearer token that listing, uploading, deleting and dashboards ask for. */
  token: string;
  /** Where dashboards are stored (created when missing). Without it (and without `s3`) there is no /api/dashboards. */
  dashboardsRoot?: string;
  /** `'memory'` (default: this process only) or a Redis URL (`'redis://host:6379'`) that every instance shares. */
  sessionStore?: string;
  /** The Redis keys' prefix. Default `'dash3d:'`. */
  sessionPrefix?: string;
  /** Extensions without dots (`'glb,png'` or `['glb', 'png']`); `[]` allows every format. Default STANDARD_FORMATS. */
  allowedFormats?: string | readonly string[];
  /** Largest uploaded file, in bytes. Default 100 MiB. */
  maxUploadBytes?: number;
  /** Largest dashboard document (and any other request body of the service), in bytes. Default 10 MiB. */
  maxDashboardBytes?: number;
  /** Put before `/media/...` in upload answers' `url`: a path or an http(s) URL. Default the register prefix. */
  publicUrl?: string;
  /** Write the built-in resources (and, with dashboardsRoot, the example dashboard) once registered, in the background (`seeded` says when). Default true. */
  seed?: boolean;
  /** The longest one call to the S3 store or to Redis may take; past it the request answers 503 naming the store. Milliseconds, default 10 000. */
  storeTimeoutMs?: number;
  /** Called once, when the routes are in place: what a caller may need afterwards (sign-in codes). */
  onRegistered?: (library: MediaLibrary) => void;
}

/** The options as the service uses them: folders absolute, defaults filled in. */
export interface ResolvedMediaLibraryOptions {
  /** Absolute; '' with `s3`. */
  root: string;
  dashboardsRoot?: string;
  /** With `prefix` ending in '/' (or ''). */
  s3?: Required<S3Options>;
  /** Whether the service keeps dashboards (/api/dashboards). */
  dashboards: boolean;
  sessionStore: string;
  sessionPrefix: string;
  token: string;
  allowedFormats: string[];
  maxUploadBytes: number;
  maxDashboardBytes: number;
  publicUrl: string;
  seed: boolean;
  storeTimeoutMs: number;
}

/** Sign-in codes and sessions: in the service's memory (a restart ends them), or in Redis (`sessionStore`). */
export interface Sessions {
  /** A fresh one-time sign-in code; `signInLink(origin, code)` makes the link a page opens. */
  newCode(): string;
  /** The code's session token, or null when the code is unknown or was used already (on any instance). */
  redeem(code: string): Promise<string | null>;
  /** A session for a caller that proved itself some other way. */
  open(): Promise<string>;
  has(token: string): Promise<boolean>;
  /** Ends a session: its token stops working on every instance. */
  end(token: string): Promise<boolean>;
}

/** What a registered media library hands `onRegistered`, and what buildApp and startMediaServer answer besides the app. */
export interface MediaLibrary {
  options: ResolvedMediaLibraryOptions;
  sessions: Sessions;
  /** Temporary files an interrupted upload or save had left, removed at registration (relative to their root). */
  removedTempFiles: string[];
  /** Where the files are kept, one line for a start banner (no credentials). */
  store: string;
  /** Where sessions are kept, one line for a start banner (no credentials). */
  sessionStore: string;
  /** Settles when the built-in resources are in the store (at once without `seed`, or when the service closes first). The service serves meanwhile. */
  seeded: Promise<void>;
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
 * MEDIA_MAX_UPLOAD_MB, MEDIA_MAX_DASHBOARD_MB, MEDIA_PUBLIC_URL, MEDIA_STORE, MEDIA_S3_* and MEDIA_STORE_TIMEOUT_S,
 * SESSION_STORE and SESSION_PREFIX. Relative folders start from `base` (default: the current
 * folder). Without MEDIA_TOKEN a token is generated. Throws, naming the variable, on a wrong value.
 */
export declare function optionsFromEnv(
  env?: Record<string, string | undefined>,
  base?: string,
): {
  tokenGenerated: boolean;
  options: MediaServerOptions & { root: string; dashboardsRoot: string; publicUrl: string; sessionStore: string };
};

/** A port from a setting: the fallback when missing or empty; throws (naming `name`) unless 0 to 65535. */
export declare function portFrom(value: string | undefined, fallback: number, name?: string): number;

/** The link a page opens to sign in with a code of `sessions.newCode()`: `<origin>/#signin=<code>`. */
export declare function signInLink(origin: string, code: string): string;

/** The formats allowed by default (extensions without dots). */
export declare const STANDARD_FORMATS: readonly string[];

/** The page of a built playground, relative to `staticRoot` (`/` serves it). */
export declare const INDEX_PAGE: string;
