import { useEffect, useState } from 'react';
import { formatUtcTime } from '@/lib/format';

/** Spec §9: the header clock ticks every 1 s. */
export const CLOCK_TICK_MS = 1000;

/** 'Last Update: HH:mm:ss UTC', re-rendered every second. */
export function UtcClock() {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), CLOCK_TICK_MS);
    return () => clearInterval(timer);
  }, []);
  return (
    <p className="font-mono text-sm text-muted-foreground">
      {`Last Update: ${formatUtcTime(now)} UTC`}
    </p>
  );
}
