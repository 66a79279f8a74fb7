import { useCallback, useState } from 'react';
import { AnalysisParametersCard, type AnalysisParameters } from '@/components/sst/analysis-parameters-card';
import { AnalysisStatusPanel } from '@/components/sst/analysis-status-panel';
import { SatelliteSelectionCard } from '@/components/sst/satellite-selection-card';
import { SstHeader } from '@/components/sst/sst-header';
import { SstResults } from '@/components/sst/sst-results';
import { useConjunctionAnalysis } from '@/components/sst/use-conjunction-analysis';
import { inputValueToIso } from '@/lib/analysis-window';
import { ofeqSatelliteIds } from '@/lib/satellite-filter';
import { useSatelliteRecords } from '@/queries/satellites';

/**
 * SST conjunction page (/sst), spec §2: pick primaries from the whole catalogue,
 * screen them against it over a window and threshold, follow the server's
 * stages in the Analysis Status panel, read the result as counts, charts and a
 * list. The selection is a set of catalogue ids (spec §4).
 */
export default function SstPage() {
  const satellites = useSatelliteRecords();
  const [selected, setSelected] = useState<ReadonlySet<number>>(() => new Set());
  const analysis = useConjunctionAnalysis();
  const { analyze } = analysis;

  const toggle = useCallback((id: number) => {
    setSelected((prev) => {
      const next = new Set(prev);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  }, []);

  const selectOfeq = () => setSelected(new Set(ofeqSatelliteIds(satellites.data ?? [])));
  const clearAll = () => setSelected(new Set());

  const startAnalysis = (parameters: AnalysisParameters) =>
    analyze({
      satellite_ids: [...selected],
      start: inputValueToIso(parameters.start),
      end: inputValueToIso(parameters.end),
      threshold: parameters.threshold,
    });

  return (
    <div className="mx-auto max-w-7xl space-y-6 p-6">
      <SstHeader selectedCount={selected.size} totalCount={satellites.data?.length} />
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="space-y-6">
          <AnalysisParametersCard selectedCount={selected.size} running={analysis.running} onAnalyze={startAnalysis} />
          <SatelliteSelectionCard
            satellites={satellites.data}
            error={satellites.error}
            selected={selected}
            onToggle={toggle}
            onSelectOfeq={selectOfeq}
            onClear={clearAll}
          />
        </div>
        <div className="lg:col-span-2">
          <SstResults result={analysis.result} />
        </div>
      </div>
      {analysis.panelOpen && <AnalysisStatusPanel key={analysis.run} steps={analysis.steps} onClose={analysis.closePanel} />}
    </div>
  );
}
