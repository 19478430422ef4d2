// @ts-check
// The S3 client and the Redis client are optional peer dependencies of the package: a host that
// keeps its files on disk installs neither. Chosen in settings without being installed, the
// service must not start with a bare "Cannot find package": it names the package and the setting.

/**
 * Imports `load()`, turning a missing `pkg` into an error that says how to fix it.
 * @template T
 * @param {() => Promise<T>} load
 * @param {string} pkg the npm package the module needs
 * @param {string} setting what asked for it (e.g. 'MEDIA_STORE=s3')
 * @returns {Promise<T>}
 */
export async function importOptional(load, pkg, setting) {
  try {
    return await load();
  } catch (err) {
    const e = /** @type {{ code?: string, message?: string }} */ (err);
    if (e?.code === 'ERR_MODULE_NOT_FOUND' && String(e.message).includes(`'${pkg}'`)) {
      throw new Error(`${setting} needs the package ${pkg}, which is not installed: npm install ${pkg}`, { cause: err });
    }
    throw err;
  }
}
