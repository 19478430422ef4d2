import type { EnvironmentType } from '../../shared/schema/scene';
import type { PackageFile } from '../engine/assets';

/**
 * The 18 HDR presets: the .exr files of the npm package @pmndrs/assets (CC0), shipped as files of
 * our own (scripts/assets.mjs). Each URL is a literal so every bundler emits each preset as a file
 * of its own: a scene downloads only the one it uses, from its own origin, never from a CDN.
 */
const preset = (type: EnvironmentType, built: URL): PackageFile => ({ id: `environment-${type}`, name: `environments/${type}.exr`, built });

export const ENVIRONMENT_PRESETS: Record<EnvironmentType, PackageFile> = {
  apartment: preset('apartment', new URL('../assets/files/environments/apartment.exr', import.meta.url)),
  bridge: preset('bridge', new URL('../assets/files/environments/bridge.exr', import.meta.url)),
  city: preset('city', new URL('../assets/files/environments/city.exr', import.meta.url)),
  dawn: preset('dawn', new URL('../assets/files/environments/dawn.exr', import.meta.url)),
  esplanade: preset('esplanade', new URL('../assets/files/environments/esplanade.exr', import.meta.url)),
  forest: preset('forest', new URL('../assets/files/environments/forest.exr', import.meta.url)),
  hall: preset('hall', new URL('../assets/files/environments/hall.exr', import.meta.url)),
  lab: preset('lab', new URL('../assets/files/environments/lab.exr', import.meta.url)),
  lobby: preset('lobby', new URL('../assets/files/environments/lobby.exr', import.meta.url)),
  night: preset('night', new URL('../assets/files/environments/night.exr', import.meta.url)),
  park: preset('park', new URL('../assets/files/environments/park.exr', import.meta.url)),
  sky: preset('sky', new URL('../assets/files/environments/sky.exr', import.meta.url)),
  studio: preset('studio', new URL('../assets/files/environments/studio.exr', import.meta.url)),
  sunrise: preset('sunrise', new URL('../assets/files/environments/sunrise.exr', import.meta.url)),
  sunset: preset('sunset', new URL('../assets/files/environments/sunset.exr', import.meta.url)),
  venice: preset('venice', new URL('../assets/files/environments/venice.exr', import.meta.url)),
  warehouse: preset('warehouse', new URL('../assets/files/environments/warehouse.exr', import.meta.url)),
  workshop: preset('workshop', new URL('../assets/files/environments/workshop.exr', import.meta.url)),
};
