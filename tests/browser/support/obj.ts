/**
 * An axis-aligned cube as OBJ text: object `name`, centred on (cx, 0, 0), `half` units from its
 * centre to each face. `first` is how many vertices earlier objects of the same file hold (OBJ face
 * indices count through the whole file). Faces wind counter-clockwise seen from outside, so they
 * are front-facing and picking (front side only) sees them.
 */
export function objCube(name: string, cx: number, half: number, first = 0): string {
  const v = [
    [-1, -1, -1],
    [1, -1, -1],
    [1, 1, -1],
    [-1, 1, -1],
    [-1, -1, 1],
    [1, -1, 1],
    [1, 1, 1],
    [-1, 1, 1],
  ].map(([x, y, z]) => `v ${cx + x! * half} ${y! * half} ${z! * half}`);
  const faces = [
    [5, 6, 7, 8],
    [2, 1, 4, 3],
    [1, 5, 8, 4],
    [6, 2, 3, 7],
    [8, 7, 3, 4],
    [1, 2, 6, 5],
  ];
  return [`o ${name}`, ...v, ...faces.map((f) => `f ${f.map((i) => i + first).join(' ')}`)].join('\n');
}
