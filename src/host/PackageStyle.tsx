/**
 * One of the package's stylesheets, as a <style> that React 19 hoists into <head> once per `href`,
 * however many widgets render it. CSS as text rather than a .css import: a host's bundler needs no
 * CSS loader (webpack 5 has none by default) and the host's build needs no configuration.
 */
export function PackageStyle({ name, css }: { name: string; css: string }) {
  return (
    <style href={`dash3d-${name}`} precedence="dash3d">
      {css}
    </style>
  );
}
