import { Download } from 'lucide-react';
import { useId, useState } from 'react';
import { buttonVariants } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { cn } from '@/lib/utils';
import { elementsExportUrl, ephemerisExportUrl } from '@/queries/objects';

export const ELEMENT_FORMAT_LABELS = [
  ['3le', 'TLE with name line (3LE)'],
  ['tle', 'TLE (two lines)'],
  ['omm-kvn', 'CCSDS OMM, KVN'],
  ['omm-xml', 'CCSDS OMM, XML'],
  ['omm-json', 'OMM JSON (CelesTrak)'],
] as const;

const selectClass = 'h-9 rounded-md border border-input bg-background px-2 text-sm';
const inputClass = 'h-9 w-full rounded-md border border-input bg-background px-2 font-mono text-sm';
const link = cn(buttonVariants({ variant: 'outline', size: 'sm' }), 'gap-1.5');

/** "2026-11-27T12:00:00Z" for `ms`, to the second. */
const isoSecond = (ms: number) => `${new Date(ms).toISOString().slice(0, 19)}Z`;

/**
 * An object's exports (issue 14): its newest element set or its history as TLE/3LE or CCSDS OMM;
 * an SGP4 ephemeris as a CCSDS OEM (EME2000 or TEME) or CZML over a span and step. Each is a link
 * to the API route the server answers with a file, so the browser downloads it.
 */
export function ExportsCard({ norad, now }: { norad: string; now: number }) {
  const titleId = useId();
  const [format, setFormat] = useState('3le');
  const [history, setHistory] = useState(false);
  const [start, setStart] = useState(() => isoSecond(now));
  const [end, setEnd] = useState(() => isoSecond(now + 86_400_000));
  const [step, setStep] = useState('60');
  const [frame, setFrame] = useState('EME2000');
  const span = { start, end, step, frame };
  return (
    <Card aria-labelledby={titleId}>
      <CardHeader className="pb-4">
        <CardTitle id={titleId}>Exports</CardTitle>
        <CardDescription>Element sets as Space-Track and CelesTrak serve them; ephemerides from SGP4.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-5">
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium">Element sets</legend>
          <div className="flex flex-wrap items-center gap-3">
            <select aria-label="Element set format" className={selectClass} value={format} onChange={(e) => setFormat(e.target.value)}>
              {ELEMENT_FORMAT_LABELS.map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
            <label className="flex items-center gap-1.5 text-sm">
              <input type="checkbox" checked={history} onChange={(e) => setHistory(e.target.checked)} />
              Whole history
            </label>
            <a className={link} href={elementsExportUrl(norad, format, history)} download>
              <Download className="size-4" aria-hidden="true" />
              Download element sets
            </a>
          </div>
        </fieldset>
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium">Ephemeris (SGP4)</legend>
          <div className="grid grid-cols-1 gap-2 sm:grid-cols-4">
            <label className="text-xs text-muted-foreground">
              Start (UTC)
              <input className={inputClass} value={start} onChange={(e) => setStart(e.target.value)} />
            </label>
            <label className="text-xs text-muted-foreground">
              End (UTC)
              <input className={inputClass} value={end} onChange={(e) => setEnd(e.target.value)} />
            </label>
            <label className="text-xs text-muted-foreground">
              Step (s)
              <input className={inputClass} inputMode="numeric" value={step} onChange={(e) => setStep(e.target.value)} />
            </label>
            <label className="text-xs text-muted-foreground">
              OEM frame
              <select className={cn(selectClass, 'w-full')} value={frame} onChange={(e) => setFrame(e.target.value)}>
                <option value="EME2000">EME2000</option>
                <option value="TEME">TEME</option>
              </select>
            </label>
          </div>
          <div className="flex flex-wrap gap-3">
            <a className={link} href={ephemerisExportUrl(norad, 'oem', span)} download>
              <Download className="size-4" aria-hidden="true" />
              Download OEM
            </a>
            <a className={link} href={ephemerisExportUrl(norad, 'czml', span)} download>
              <Download className="size-4" aria-hidden="true" />
              Download CZML
            </a>
          </div>
        </fieldset>
      </CardContent>
    </Card>
  );
}
