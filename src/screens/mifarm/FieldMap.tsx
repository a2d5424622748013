import { useId } from 'react';
import { Link } from 'react-router-dom';
import type { FieldGeometry, MiFarmField } from '../../../shared/mifarm/types.ts';
import { LAND_USES } from '../../../shared/mifarm/rules.ts';
import styles from './MiFarm.module.css';
import { fitFrame } from './projection.ts';
import { hectares } from './words.ts';

interface FieldMapProps {
  fields: readonly MiFarmField[];
  /** Where each field's page is. */
  linkTo: (field: MiFarmField) => string;
  /** The map's name: "Map of Lower Dale Dairy's fields". */
  title: string;
  /** Draw only this boundary, without links (a field's own page). */
  single?: boolean;
}

type Mapped = MiFarmField & { geometry: FieldGeometry };

/** A class per land use, so that a field's colour says what it is (the table says it in words). */
const landUseClass = (landUse: string) =>
  styles[`use${String(Math.max(0, (LAND_USES as readonly string[]).indexOf(landUse)))}`];

/**
 * The unit's fields drawn from their GeoJSON boundaries as SVG, fitted to their bounding box (a
 * local projection, projection.ts: no tile server, works offline). Each field is a link to its
 * page, named by its name, area and land use, reached with Tab like any link; its name is written
 * on it. Fields with no boundary are not drawn (the table beside it lists every field).
 */
export function FieldMap({ fields, linkTo, title, single = false }: FieldMapProps) {
  const titleId = useId();
  const mapped = fields.filter((f): f is Mapped => f.geometry !== null);
  if (mapped.length === 0) return null;
  const frame = fitFrame(mapped.map((f) => f.geometry));
  const labelSize = Math.max(frame.width, frame.height) / 45;
  return (
    <figure className={styles.map}>
      <svg
        viewBox={`0 0 ${String(frame.width)} ${String(frame.height)}`}
        role="group"
        aria-labelledby={titleId}
        className={styles.mapSvg}
      >
        <title id={titleId}>{title}</title>
        {mapped.map((field) => {
          const label = `${field.name}, ${hectares(field.area_ha)}, ${field.land_use}`;
          const shape = (
            <path
              d={frame.path(field.geometry)}
              fillRule="evenodd"
              className={[styles.field, landUseClass(field.land_use)].join(' ')}
            />
          );
          const [x, y] = frame.labelAt(field.geometry);
          const text = (
            <text
              x={x}
              y={y}
              className={styles.fieldLabel}
              fontSize={labelSize}
              textAnchor="middle"
              dominantBaseline="middle"
              aria-hidden="true"
            >
              {field.name}
            </text>
          );
          return single ? (
            <g key={field.id} role="img" aria-label={label}>
              {shape}
              {text}
            </g>
          ) : (
            <Link key={field.id} to={linkTo(field)} aria-label={label} className={styles.fieldLink}>
              {shape}
              {text}
            </Link>
          );
        })}
      </svg>
      <figcaption className={styles.mapNote}>
        North is up. Drawn from the boundaries you imported; no background map is used.
      </figcaption>
    </figure>
  );
}
