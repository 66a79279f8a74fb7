/** Spec §2: the side panel's System Status block has exactly these three fixed lines. */
export const SYSTEM_STATUS_LINES = ['Radar Network Online', 'Data Processing Active', 'Alert System Monitoring'] as const;

export function SystemStatus() {
  return (
    <section aria-labelledby="system-status-title" className="rounded-lg border bg-card p-4">
      <h2 id="system-status-title" className="mb-3 text-sm font-semibold">
        System Status
      </h2>
      <ul className="space-y-2">
        {SYSTEM_STATUS_LINES.map((line) => (
          <li key={line} className="flex items-center gap-2 text-sm text-muted-foreground">
            <span className="size-2 rounded-full bg-success" aria-hidden="true" />
            {line}
          </li>
        ))}
      </ul>
    </section>
  );
}
