import type { NewOperationsEvent } from '../../repositories/operations-event-repository.ts';
import type { CatalogChange } from '../catalog-service.ts';
import { catalogUpdateText, demoCatalogText, newObjectsText } from './descriptions.ts';

/**
 * The Live Feed events of a catalogue change (DECISIONS.md §5): a `radar_update` for the sets an
 * ingestion added (or the demo catalogue), and a `launch_detected` naming the objects an element-set
 * import brought that the catalogue did not have (a SATCAT import adds metadata, not launches).
 */
export function ingestionEvents(change: CatalogChange, nameOf: (norad: number) => string): NewOperationsEvent[] {
  const timestamp = change.now;
  if (change.kind === 'demo') {
    return [{ eventType: 'radar_update', timestamp, description: demoCatalogText(change.report.objectsAdded, change.report.setsAdded), conjunctionId: null, noradId: null }];
  }
  const events: NewOperationsEvent[] = [];
  const { report } = change;
  if (report.setsAdded > 0) {
    events.push({
      eventType: 'radar_update',
      timestamp,
      description: catalogUpdateText(change.label, report.setsAdded, report.duplicates, report.rejected),
      conjunctionId: null,
      noradId: null,
    });
  }
  if (report.format !== 'satcat' && change.newNoradIds.length > 0) {
    events.push({
      eventType: 'launch_detected',
      timestamp,
      description: newObjectsText(change.label, change.newNoradIds.length, change.newNoradIds.map(nameOf)),
      conjunctionId: null,
      noradId: change.newNoradIds.length === 1 ? (change.newNoradIds[0] ?? null) : null,
    });
  }
  return events;
}
