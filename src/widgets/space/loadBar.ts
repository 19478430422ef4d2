/**
 * What a space's loading bar shows: the bytes and parsing of the models being loaded, with the
 * engine's other assets as one more share; the assets alone while no model loads.
 */
export function loadBarProgress(assets: { loaded: number; total: number }, modelProgress: number | null) {
  if (modelProgress === null) return assets;
  const assetShare = assets.total > 0 ? assets.loaded / assets.total : modelProgress;
  return { loaded: Math.round(((modelProgress + assetShare) / 2) * 1000), total: 1000 };
}
