import { TriangleAlert } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import type { CdmOdQuality, CdmQuality } from '@contracts/conjunction-events.ts';
import { PcMethodBadge } from '@/components/alerts/pc-value';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { DetailField } from '@/components/ui/detail-field';
import { formatPc, formatPcOneInN, formatUtcDateTime } from '@/lib/conjunction-format';
import { formatGrouped } from '@/lib/format';
import { cn } from '@/lib/utils';

const NONE = '—';

/** 'Pcs differ by a factor of 3.4' (the ratio to 2 significant digits); without a ratio, one of them is zero. */
export function pcDisagreementText(ratio: number | null): string {
  return ratio === null ? 'Pcs disagree: one of them is zero' : `Pcs differ by a factor of ${ratio.toPrecision(2)}`;
}

function pcText(pc: number | null): string {
  return pc === null ? 'not stated' : `${formatPc(pc)} (${formatPcOneInN(pc)})`;
}

function count(value: number | null): string {
  return value === null ? NONE : formatGrouped(value);
}

/** 'used / available' as the CDM states them ('412 / 498'), one side '—' where omitted. */
function usedOfAvailable(used: number | null, available: number | null): string {
  if (used === null && available === null) return NONE;
  return `${count(used)} / ${count(available)}`;
}

function days(value: number | null): string {
  return value === null ? NONE : `${value.toFixed(2)} d`;
}

/** The OD span against the recommended one: shorter than recommended is marked (the orbit rests on less data than the originator wants). */
function odSpan(od: CdmOdQuality): ReactNode {
  const short = od.actualOdSpanDays !== null && od.recommendedOdSpanDays !== null && od.actualOdSpanDays < od.recommendedOdSpanDays;
  return (
    <span className={cn(short && 'text-yellow-400')}>
      {days(od.actualOdSpanDays)}
      <span className="text-muted-foreground">{` (recommended ${days(od.recommendedOdSpanDays)})`}</span>
      {short && <span className="sr-only"> shorter than recommended</span>}
    </span>
  );
}

/** One OD figure per object, labelled as the CDM keyword. */
const OD_ROWS: readonly { label: string; cell: (od: CdmOdQuality) => ReactNode }[] = [
  { label: 'Observations used / available (OBS_USED / OBS_AVAILABLE)', cell: (od) => usedOfAvailable(od.obsUsed, od.obsAvailable) },
  { label: 'Tracks used / available (TRACKS_USED / TRACKS_AVAILABLE)', cell: (od) => usedOfAvailable(od.tracksUsed, od.tracksAvailable) },
  { label: 'OD span (ACTUAL_OD_SPAN vs RECOMMENDED_OD_SPAN)', cell: odSpan },
  { label: 'Weighted RMS (WEIGHTED_RMS)', cell: (od) => (od.weightedRms === null ? NONE : od.weightedRms.toFixed(3)) },
  { label: 'Residuals accepted (RESIDUALS_ACCEPTED)', cell: (od) => (od.residualsAcceptedPercent === null ? NONE : `${od.residualsAcceptedPercent.toFixed(1)} %`) },
  { label: 'Covariance scale factor', cell: (od) => (od.covarianceScaleFactor === null ? 'not stated' : od.covarianceScaleFactor.toPrecision(3)) },
  { label: 'Time since OD epoch (at creation)', cell: (od) => (od.hoursSinceOdEpoch === null ? NONE : `${od.hoursSinceOdEpoch.toFixed(1)} h`) },
];

/**
 * What the newest imported CDM says about its own quality (issue 29): the originator's stated Pc and method next to
 * ours for the same message, flagged when they differ by more than a factor of 2 (the server's pcDisagrees, with the
 * ratio), and each object's orbit determination (CCSDS 508.0-B-1 §3.5 OD parameters): observations and tracks used
 * of those available, the OD span against the recommended one, weighted RMS, residuals accepted, the covariance
 * scale factor the originator states, and the hours from the OD epoch to the message. Not shown without a CDM.
 */
export function CdmQualityCard({ quality }: { quality: CdmQuality }) {
  const titleId = useId();
  return (
    <Card aria-labelledby={titleId}>
      <CardHeader className="pb-4">
        <CardTitle id={titleId}>CDM quality</CardTitle>
        <CardDescription>{`What ${quality.originator}'s newest CDM (created ${formatUtcDateTime(quality.creationDate)} UTC) says about its own estimate.`}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-5 text-sm">
        <dl className="grid grid-cols-1 gap-x-6 gap-y-4 sm:grid-cols-2">
          <DetailField label={`${quality.originator}'s Pc`}>
            {pcText(quality.originatorPc)}
            <span className="block text-xs font-normal text-muted-foreground">{`Method: ${quality.originatorPcMethod ?? 'not stated'}`}</span>
          </DetailField>
          <DetailField label="Our Pc">
            <span className="inline-flex flex-wrap items-center gap-2">
              {pcText(quality.ourPc)} {quality.ourPcMethod && <PcMethodBadge method={quality.ourPcMethod} />}
            </span>
          </DetailField>
        </dl>
        {quality.pcDisagrees ? (
          <p role="note" className="flex items-center gap-2 rounded-md border border-yellow-500/50 bg-yellow-500/10 px-3 py-2 text-yellow-200" data-testid="pc-disagreement">
            <TriangleAlert className="size-4 shrink-0 text-yellow-400" aria-hidden="true" />
            <span>
              {pcDisagreementText(quality.pcRatio)}
              <span className="text-yellow-200/80">{' (more than 2): check the inputs, covariance and method before deciding.'}</span>
            </span>
          </p>
        ) : (
          quality.pcRatio !== null && (
            <p className="text-muted-foreground">
              <Badge variant="outline" className="mr-2">
                agree
              </Badge>
              {`Within a factor of 2 (ratio ${quality.pcRatio.toPrecision(2)}).`}
            </p>
          )
        )}
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm" aria-label="Orbit determination">
            <thead className="text-xs text-muted-foreground">
              <tr className="border-b">
                <th scope="col" className="py-2 pr-4 font-medium">
                  Orbit determination
                </th>
                <th scope="col" className="py-2 pr-4 font-medium">
                  Primary
                </th>
                <th scope="col" className="py-2 font-medium">
                  Secondary
                </th>
              </tr>
            </thead>
            <tbody>
              {OD_ROWS.map((row) => (
                <tr key={row.label} className="border-b last:border-0">
                  <th scope="row" className="py-2 pr-4 text-xs font-normal text-muted-foreground">
                    {row.label}
                  </th>
                  <td className="py-2 pr-4 font-mono tabular-nums">{row.cell(quality.primary)}</td>
                  <td className="py-2 font-mono tabular-nums">{row.cell(quality.secondary)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </CardContent>
    </Card>
  );
}
