/**
 * Default hard-body radii when no operator-provided size is at hand.
 *
 * The combined hard-body radius (HBR) is the radius of the sphere around one object's centre
 * that the other object's centre must enter for the two spheres circumscribing them to touch:
 * the sum of their radii (Foster & Estes 1992, NASA JSC-25898; Chan 2008, "Spacecraft Collision
 * Probability"). Per-object radius, in order of preference:
 *
 * 1. A radar cross-section from the SATCAT (m², catalog/satcat.ts `rcsM2`): the radius of the
 *    disk of that area, √(RCS/π). RCS is a radar quantity, not a geometric area, but it is the only
 *    size published for most of the catalogue; ASSUMPTION of this project that it stands in for
 *    the projected area.
 * 2. Space-Track's SATCAT size class (RCS_SIZE): SMALL < 0.1 m², MEDIUM 0.1–1 m², LARGE > 1 m²;
 *    SMALL and MEDIUM use the radius of their upper bound (0.18 m, 0.56 m), the conservative end.
 *    LARGE has no upper bound and falls through to 3.
 * 3. By object type: 10 m for payloads, rocket bodies and unknown objects, so that two such
 *    objects combine to DEFAULT_COMBINED_HBR_M = 20 m, the default combined HBR of NASA CARA's
 *    guidance as given in this project's brief (and the HBR of CARA's own reference conjunctions
 *    "Omitron case 01" and "Pc3D_Hall Example 1", shared/reference/pc/pc_cases.json); 0.56 m for
 *    debris (the MEDIUM class bound: catalogued fragments are overwhelmingly SMALL or MEDIUM).
 *    These type defaults are conservative (large) on purpose: Pc grows about as HBR², so a
 *    too-small default would understate risk.
 */
import type { ObjectType } from '../catalog/satcat.ts';

export type RcsSize = 'small' | 'medium' | 'large';

/** NASA CARA's default combined HBR (see the header), m. */
export const DEFAULT_COMBINED_HBR_M = 20;

/** Upper bounds of Space-Track's RCS_SIZE classes, m². */
export const RCS_SIZE_UPPER_M2: Readonly<Record<Exclude<RcsSize, 'large'>, number>> = { small: 0.1, medium: 1 };

/** Radius used when neither RCS nor a bounded size class is known, m (see the header, item 3). */
export const TYPE_DEFAULT_RADIUS_M: Readonly<Record<ObjectType, number>> = {
  payload: DEFAULT_COMBINED_HBR_M / 2,
  rocket_body: DEFAULT_COMBINED_HBR_M / 2,
  unknown: DEFAULT_COMBINED_HBR_M / 2,
  debris: Math.sqrt(RCS_SIZE_UPPER_M2.medium / Math.PI),
};

export interface ObjectSize {
  readonly objectType: ObjectType;
  /** SATCAT radar cross-section, m², when published. */
  readonly rcsM2?: number | null;
  /** Space-Track RCS_SIZE, when published. */
  readonly rcsSize?: RcsSize | null;
}

export type RadiusSource = 'rcs' | 'rcs-size' | 'object-type';

/** The default radius of one object, m, and which rule gave it. */
export function objectRadiusM(size: ObjectSize): { radiusM: number; source: RadiusSource } {
  const { rcsM2, rcsSize, objectType } = size;
  if (rcsM2 !== undefined && rcsM2 !== null) {
    if (!(Number.isFinite(rcsM2) && rcsM2 >= 0)) throw new RangeError(`objectRadiusM: rcsM2 must be a finite number ≥ 0, got ${rcsM2}`);
    if (rcsM2 > 0) return { radiusM: Math.sqrt(rcsM2 / Math.PI), source: 'rcs' };
  }
  if (rcsSize === 'small' || rcsSize === 'medium') return { radiusM: Math.sqrt(RCS_SIZE_UPPER_M2[rcsSize] / Math.PI), source: 'rcs-size' };
  const radiusM = TYPE_DEFAULT_RADIUS_M[objectType];
  if (radiusM === undefined) throw new RangeError(`objectRadiusM: unknown object type '${String(objectType)}'`);
  return { radiusM, source: 'object-type' };
}

/** The combined hard-body radius of two objects, m: the sum of their default radii. */
export function combinedHardBodyRadiusM(primary: ObjectSize, secondary: ObjectSize): number {
  return objectRadiusM(primary).radiusM + objectRadiusM(secondary).radiusM;
}
