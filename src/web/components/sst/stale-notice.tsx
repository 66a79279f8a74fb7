import type { SstStaleObject } from '@contracts/conjunctions.ts';
import { decodeAlpha5 } from '@core/elements/index.ts';
import { ObjectLink } from '@/components/objects/object-link';
import { formatGrouped } from '@/lib/format';

/** Stale sets the notice names; the rest are counted. */
export const STALE_NAMED = 5;

/**
 * The objects an SST analysis did not screen because their element set is more than
 * MAX_ELEMENT_AGE_DAYS from the window (issue 30): said apart from the results, the analysed
 * satellites first (then oldest first), so that one missing from the results is not taken for a
 * satellite with no conjunction.
 */
export function StaleNotice({ stale }: { stale: readonly SstStaleObject[] }) {
  if (stale.length === 0) return null;
  const primaries = stale.filter((s) => s.primary).length;
  // Stable: the server's oldest-first order within each group.
  const named = [...stale].sort((a, b) => Number(b.primary) - Number(a.primary)).slice(0, Math.max(STALE_NAMED, primaries));
  return (
    <section role="note" aria-label="Stale element sets" className="rounded-lg border border-amber-500/40 bg-amber-500/10 p-4 text-sm text-amber-100">
      <p className="font-medium">
        {formatGrouped(stale.length)} {stale.length === 1 ? 'object was' : 'objects were'} not screened: {stale.length === 1 ? 'its element set is' : 'their element sets are'} too far
        from the window for SGP4 (MAX_ELEMENT_AGE_DAYS).
        {primaries > 0 && ` ${primaries === 1 ? 'One of them is an analysed satellite' : `${formatGrouped(primaries)} of them are analysed satellites`}: no conjunction of ${primaries === 1 ? 'it' : 'theirs'} is known.`}
      </p>
      <ul className="mt-2 space-y-0.5 text-amber-100/90">
        {named.map((s) => {
          const norad = decodeAlpha5(s.norad);
          return (
          <li key={s.norad} className={s.primary ? 'font-medium text-amber-50' : undefined}>
            {norad === undefined ? s.name : <ObjectLink norad={norad} name={s.name} />} ({s.norad}): epoch {s.epoch.slice(0, 10)}, {s.age_days.toFixed(1)} days
            from the window{s.primary && ' (analysed)'}
          </li>
          );
        })}
      </ul>
      {stale.length > named.length && <p className="mt-1 text-xs text-amber-100/80">and {formatGrouped(stale.length - named.length)} more, in the analysis result (stale_objects).</p>}
    </section>
  );
}
