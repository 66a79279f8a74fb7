import { OBJECT_CLASS_CODE, OBJECT_CLASSES, type CatalogElements, type ObjectClass } from '../../contracts/catalog-elements.ts';
import type { Snapshot } from '../http/snapshot.ts';
import { hasSgp4, type CatalogService } from './catalog-service.ts';

/**
 * The compact element-set feed of the whole catalogue (GET /api/catalog/elements,
 * contract CatalogElements): built from the catalogue cache and serialised once
 * per catalogue change (`changeCount`), then sent as it is with its ETag.
 * Object type and owner travel as codes (`type`, `owner` into the `owners` dictionary).
 * 50,000 objects are about 5 MB of JSON (about 1.5 MB compressed, once per snapshot).
 */
export function buildCatalogElements(catalog: CatalogService): CatalogElements {
  const fleet = new Set(catalog.fleet().map((e) => e.object.noradId));
  const entries = [...catalog.all()].sort((a, b) => a.object.noradId - b.object.noradId);
  const n = entries.length;
  const owners = [...new Set(entries.map((e) => e.object.owner).filter((o): o is string => o !== null))].sort();
  const ownerCode = new Map(owners.map((o, i) => [o, i]));
  const out: CatalogElements = {
    count: n,
    classes: [...OBJECT_CLASSES],
    norad: new Array<number>(n),
    name: new Array<string>(n),
    cls: new Array<number>(n),
    type: new Array<number>(n),
    owners,
    owner: new Array<number>(n),
    epoch: new Array<number>(n),
    meanMotion: new Array<number>(n),
    eccentricity: new Array<number>(n),
    inclination: new Array<number>(n),
    raan: new Array<number>(n),
    argPerigee: new Array<number>(n),
    meanAnomaly: new Array<number>(n),
    bstar: new Array<number>(n),
    noSgp4: [],
  };
  entries.forEach((entry, i) => {
    const { object, set } = entry;
    out.norad[i] = object.noradId;
    out.name[i] = object.name;
    out.cls[i] = OBJECT_CLASS_CODE[objectClass(object.objectType, fleet.has(object.noradId))];
    out.type[i] = OBJECT_CLASS_CODE[objectClass(object.objectType, false)];
    out.owner[i] = object.owner === null ? -1 : ownerCode.get(object.owner)!;
    out.epoch[i] = set.epoch;
    out.meanMotion[i] = set.meanMotion;
    out.eccentricity[i] = set.eccentricity;
    out.inclination[i] = set.inclination;
    out.raan[i] = set.raan;
    out.argPerigee[i] = set.argPerigee;
    out.meanAnomaly[i] = set.meanAnomaly;
    out.bstar[i] = set.bstar;
    if (!hasSgp4(entry)) out.noSgp4.push(object.noradId);
  });
  return out;
}

/** The fleet first, else the SATCAT object type (anything unexpected is 'unknown'). */
export function objectClass(objectType: string, inFleet: boolean): ObjectClass {
  if (inFleet) return 'fleet';
  return objectType === 'payload' || objectType === 'rocket_body' || objectType === 'debris' ? objectType : 'unknown';
}

/** The feed as a snapshot (JSON with an ETag), rebuilt only when the catalogue changed. */
export function catalogElementsSnapshot(catalog: CatalogService): Snapshot<CatalogElements> {
  return catalog.derived('catalog-elements', () => buildCatalogElements(catalog));
}
