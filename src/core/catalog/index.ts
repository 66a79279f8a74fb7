/**
 * The catalogue: the public API of src/core/catalog (see src/core/README.md), re-exports only.
 *
 * - `satcat.ts`: SATCAT records and the one definition of `ObjectType` ('payload' | 'rocket_body' | 'debris' | 'unknown').
 * - `named-objects.ts`: the fleet and the spec's adversary satellites.
 * - `demo-catalog.ts`: the deterministic demo catalogue generator (DECISIONS.md §2).
 */
export { objectTypeFromName, parseSatcatCsv, type ObjectType, type SatcatRecord } from './satcat.ts';
export {
  ADVERSARIES,
  FLEET,
  ISRAEL_OWNER,
  OWNER_CODES,
  type AdversaryMission,
  type AdversarySatellite,
  type FleetCategory,
  type FleetSatellite,
  type NamedOrbitEstimate,
} from './named-objects.ts';
export {
  DEMO_CATALOG_SIZE,
  DEMO_FIRST_NORAD,
  generateDemoCatalog,
  type DemoCatalog,
  type DemoCatalogOptions,
  type DemoObject,
  type DemoObjectType,
  type InjectedManeuver,
  type ManeuverType,
} from './demo-catalog.ts';
