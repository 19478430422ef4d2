import type { EnvironmentType } from '../../shared/schema/scene';

/**
 * The 18 HDR presets, shipped in the npm package @pmndrs/assets (CC0) as base64 ES modules of
 * 130-420 kB each. Every import path is a literal so the bundler splits each preset into its own
 * chunk: a scene downloads only the one it uses, from our own origin, never from a CDN.
 */
export const ENVIRONMENT_PRESETS: Record<EnvironmentType, () => Promise<{ default: string }>> = {
  apartment: () => import('@pmndrs/assets/hdri/apartment.exr.js'),
  bridge: () => import('@pmndrs/assets/hdri/bridge.exr.js'),
  city: () => import('@pmndrs/assets/hdri/city.exr.js'),
  dawn: () => import('@pmndrs/assets/hdri/dawn.exr.js'),
  esplanade: () => import('@pmndrs/assets/hdri/esplanade.exr.js'),
  forest: () => import('@pmndrs/assets/hdri/forest.exr.js'),
  hall: () => import('@pmndrs/assets/hdri/hall.exr.js'),
  lab: () => import('@pmndrs/assets/hdri/lab.exr.js'),
  lobby: () => import('@pmndrs/assets/hdri/lobby.exr.js'),
  night: () => import('@pmndrs/assets/hdri/night.exr.js'),
  park: () => import('@pmndrs/assets/hdri/park.exr.js'),
  sky: () => import('@pmndrs/assets/hdri/sky.exr.js'),
  studio: () => import('@pmndrs/assets/hdri/studio.exr.js'),
  sunrise: () => import('@pmndrs/assets/hdri/sunrise.exr.js'),
  sunset: () => import('@pmndrs/assets/hdri/sunset.exr.js'),
  venice: () => import('@pmndrs/assets/hdri/venice.exr.js'),
  warehouse: () => import('@pmndrs/assets/hdri/warehouse.exr.js'),
  workshop: () => import('@pmndrs/assets/hdri/workshop.exr.js'),
};
