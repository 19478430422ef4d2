import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildApp, buildNext, freePort, installApp, packTarball } from './prepare.mjs';

export { cleanEnv, CONSUMERS, PROJECT, run } from './prepare.mjs';

/*
 * Once per run, before the consumer tests (vitest globalSetup): pack the package, install the
 * tarball into a temporary copy of each host app and build each app for production
 * (support/prepare.mjs): Vite, webpack, Rspack, esbuild and Parcel; the Next.js app, installed
 * once, is built with Turbopack (a static export) and with webpack (for `next start`, its rewrites
 * pointing at a backend on a port chosen here: Next.js fixes rewrites at build time).
 * The tests then serve and drive these builds; nothing is built twice.
 */

export interface Consumers {
  /** The packed dash3d-<version>.tgz. */
  tarball: string;
  /** Each app's folder: its package.json, node_modules, sources and its production build(s). */
  apps: { vite: string; webpack: string; next: string; rspack: string; esbuild: string; parcel: string };
  /** What each Next.js build printed (its warnings are a host's first sight of dash3d). */
  nextBuilds: { turbopack: string; webpack: string };
  /** The port the Next.js webpack build's rewrites send the media library's paths to (its backend listens there). */
  nextBackendPort: number;
  /** What the Rspack build printed. */
  rspackBuild: string;
  /** Seconds each step took, printed by the tests for the CI log. */
  timings: Record<string, number>;
}

declare module 'vitest' {
  export interface ProvidedContext {
    consumers: Consumers;
  }
}

async function timed<T>(timings: Record<string, number>, name: string, work: () => Promise<T>): Promise<T> {
  const t0 = performance.now();
  try {
    return await work();
  } finally {
    timings[name] = Math.round((performance.now() - t0) / 100) / 10;
  }
}

export default async function setup(project: TestProject) {
  const timings: Record<string, number> = {};
  const work = await mkdtemp(join(tmpdir(), 'dash3d-consumers-'));
  const tarball = await timed(timings, 'pack', () => packTarball(work));
  const [vite, webpack, next, rspack, esbuild, parcel] = await timed(timings, 'install', () =>
    Promise.all(
      (['vite-app', 'webpack-app', 'next-app', 'rspack-app', 'esbuild-app', 'parcel-app'] as const).map((app) =>
        installApp(work, app, tarball),
      ),
    ),
  );
  await timed(timings, 'vite build', () => buildApp(vite!, 'vite-app'));
  await timed(timings, 'webpack build', () => buildApp(webpack!, 'webpack-app'));
  const rspackBuild = await timed(timings, 'rspack build', () => buildApp(rspack!, 'rspack-app'));
  await timed(timings, 'esbuild build (and dash3d-assets)', () => buildApp(esbuild!, 'esbuild-app'));
  await timed(timings, 'parcel build', () => buildApp(parcel!, 'parcel-app'));
  const nextBackendPort = await freePort();
  const nextBackend = `http://127.0.0.1:${nextBackendPort}`;
  const nextBuilds = {
    turbopack: await timed(timings, 'next build (Turbopack)', () => buildNext(next!, 'turbopack', nextBackend)),
    webpack: await timed(timings, 'next build --webpack', () => buildNext(next!, 'webpack', nextBackend)),
  };
  project.provide('consumers', {
    tarball,
    apps: { vite: vite!, webpack: webpack!, next: next!, rspack: rspack!, esbuild: esbuild!, parcel: parcel! },
    nextBuilds,
    nextBackendPort,
    rspackBuild,
    timings,
  });
  return () => rm(work, { recursive: true, force: true });
}
