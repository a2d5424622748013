import type { FieldGeometry } from '../../../shared/mifarm/types.ts';

/** A map's frame: its SVG view box and how to draw a boundary in it. */
export interface MapFrame {
  width: number;
  height: number;
  /** SVG path data of a boundary: one closed sub-path per ring (holes drawn even-odd). */
  path: (geometry: FieldGeometry) => string;
  /** Where to put a boundary's label: the middle of its largest ring's bounding box. */
  labelAt: (geometry: FieldGeometry) => [number, number];
}

const ringsOf = (geometry: FieldGeometry): number[][][] =>
  geometry.type === 'Polygon' ? geometry.coordinates : geometry.coordinates.flat();

/**
 * A local equirectangular projection fitted to the boundaries' bounding box: east-west distances
 * are shrunk by the cosine of the box's middle latitude, which keeps a farm's fields (a few km
 * across) true to shape within a fraction of a percent, with no tile server or map library. North
 * is up; the longer side of the box spans `size` units, the other keeps the shape.
 */
export function fitFrame(geometries: readonly FieldGeometry[], size = 1000, margin = 20): MapFrame {
  let west = Infinity;
  let east = -Infinity;
  let south = Infinity;
  let north = -Infinity;
  for (const geometry of geometries) {
    for (const ring of ringsOf(geometry)) {
      for (const [lon = 0, lat = 0] of ring) {
        west = Math.min(west, lon);
        east = Math.max(east, lon);
        south = Math.min(south, lat);
        north = Math.max(north, lat);
      }
    }
  }
  if (!Number.isFinite(west))
    return { width: size, height: size, path: () => '', labelAt: () => [0, 0] };
  const shrink = Math.cos((((south + north) / 2) * Math.PI) / 180);
  const spanX = Math.max((east - west) * shrink, 1e-9);
  const spanY = Math.max(north - south, 1e-9);
  const scale = (size - 2 * margin) / Math.max(spanX, spanY);
  const width = spanX * scale + 2 * margin;
  const height = spanY * scale + 2 * margin;
  const project = ([lon = 0, lat = 0]: number[]): [number, number] => [
    margin + (lon - west) * shrink * scale,
    margin + (north - lat) * scale,
  ];
  const round = (v: number) => Math.round(v * 10) / 10;
  return {
    width: round(width),
    height: round(height),
    path: (geometry) =>
      ringsOf(geometry)
        .map(
          (ring) =>
            ring
              .slice(0, -1)
              .map((p, i) => {
                const [x, y] = project(p);
                return `${i === 0 ? 'M' : 'L'}${String(round(x))} ${String(round(y))}`;
              })
              .join(' ') + ' Z',
        )
        .join(' '),
    labelAt: (geometry) => {
      const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
      let best: [number, number] = [0, 0];
      let bestSize = -1;
      for (const rings of polygons) {
        const points = (rings[0] ?? []).map(project);
        const xs = points.map(([x]) => x);
        const ys = points.map(([, y]) => y);
        const w = Math.max(...xs) - Math.min(...xs);
        const h = Math.max(...ys) - Math.min(...ys);
        if (w * h > bestSize) {
          bestSize = w * h;
          best = [round(Math.min(...xs) + w / 2), round(Math.min(...ys) + h / 2)];
        }
      }
      return best;
    },
  };
}
