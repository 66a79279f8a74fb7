import { CircleAlert, LoaderCircle } from 'lucide-react';
import { Alert, AlertDescription } from '@/components/ui/alert';

/** Spec §2: the Israeli Satellites page's loading text; the tracking page shows the same. */
export const SATELLITES_LOADING_TEXT = 'Loading Israeli satellite data...';

/** Spec §8: 'Error loading satellite data: {message}', message as the client data layer builds it ('{status}: {body}'). */
export function satellitesErrorText(error: Error): string {
  return `Error loading satellite data: ${error.message}`;
}

export function SatellitesLoading() {
  return (
    <p role="status" className="flex items-center gap-2 text-muted-foreground">
      <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />
      {SATELLITES_LOADING_TEXT}
    </p>
  );
}

export function SatellitesError({ error }: { error: Error }) {
  return (
    <Alert variant="destructive">
      <CircleAlert aria-hidden="true" />
      <AlertDescription>{satellitesErrorText(error)}</AlertDescription>
    </Alert>
  );
}
