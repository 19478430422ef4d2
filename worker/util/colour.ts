import { Color } from 'three';

/**
 * The schema accepts every colour form of spec §5, but three's Color.setStyle knows only the
 * comma-separated rgb()/hsl() forms and 3- or 6-digit hex: anything else leaves the colour
 * unchanged with a console warning. Rewrite the other accepted forms into ones three reads.
 * Alpha is dropped: scene colours (background, grid lines) are opaque.
 */
export function toThreeStyle(css: string): string {
  const v = css.trim();
  const d = /^#([0-9a-f]+)$/i.exec(v)?.[1];
  if (d !== undefined) {
    if (d.length === 4) return '#' + d.slice(0, 3);
    if (d.length === 8) return '#' + d.slice(0, 6);
    return v;
  }
  const [, name, args] = /^(rgb|hsl)a?\((.*)\)$/i.exec(v) ?? [];
  if (name !== undefined && args !== undefined) {
    const parts = args
      .replace(/deg/gi, '')
      .split(/[\s,/]+/)
      .filter(Boolean)
      .slice(0, 3);
    return `${name.toLowerCase()}(${parts.join(',')})`;
  }
  return v.toLowerCase();
}

/** Set `target` from any colour string the schema accepts (interpreted as sRGB, like CSS). */
export function setColour(target: Color, css: string): Color {
  return target.setStyle(toThreeStyle(css));
}
