import { useCallback, useEffect, useRef, useState } from 'react';
import type { AnalysisJob, AnalyzeSelectedRequest, SstResult } from '@contracts/conjunctions.ts';
import { completedSteps, failedSteps, idleSteps, startedSteps, stepsAtJob, type ProgressStep } from '@/lib/analysis-progress';
import { errorMessage } from '@/lib/error-message';
import { fetchAnalysisJob, startAnalysisJob, watchAnalysisJob } from '@/queries/conjunction-analysis';

/** Spec §5: the only effect of analysing an empty selection. */
export const NO_SELECTION_MESSAGE = 'No satellites selected for analysis';

/** How often a lost event stream is re-opened while the job still runs, before the analysis is given up. */
const MAX_RECONNECTS = 3;

export interface ConjunctionAnalysis {
  steps: ProgressStep[];
  /** The last successful result; kept while a new analysis runs or after one fails. */
  result: SstResult | null;
  running: boolean;
  /** Spec §2: the progress panel shows from the start of an analysis until closed. */
  panelOpen: boolean;
  /** Increases with every analysis started (the panel restarts its bar on a new one). */
  run: number;
  analyze: (request: AnalyzeSelectedRequest) => void;
  closePanel: () => void;
}

/**
 * The SST analysis (spec §4, DECISIONS §6): start the server's job, follow its
 * stages on the progress steps, keep the result. Events of an earlier run, or
 * arriving after the page has gone, are ignored.
 */
export function useConjunctionAnalysis(): ConjunctionAnalysis {
  const [steps, setSteps] = useState<ProgressStep[]>(idleSteps);
  const [result, setResult] = useState<SstResult | null>(null);
  const [running, setRunning] = useState(false);
  const [panelOpen, setPanelOpen] = useState(false);
  const [run, setRun] = useState(0);
  const currentRun = useRef(0);
  const stopWatching = useRef<(() => void) | null>(null);

  useEffect(
    () => () => {
      currentRun.current = -1;
      stopWatching.current?.();
    },
    [],
  );

  const analyze = useCallback((request: AnalyzeSelectedRequest) => {
    if (request.satellite_ids.length === 0) {
      console.log(NO_SELECTION_MESSAGE);
      return;
    }
    stopWatching.current?.();
    const thisRun = currentRun.current + 1;
    currentRun.current = thisRun;
    const isCurrent = () => currentRun.current === thisRun;

    setRun(thisRun);
    setSteps(startedSteps(new Date()));
    setRunning(true);
    setPanelOpen(true);

    const fail = (message: string | undefined, job?: AnalysisJob) => {
      if (!isCurrent()) return;
      const now = new Date();
      setSteps((prev) => failedSteps(job ? stepsAtJob(prev, job, now) : prev, message, now));
      setRunning(false);
    };

    const finish = (job: AnalysisJob) => {
      if (!isCurrent()) return;
      if (job.status === 'completed' && job.result) {
        const jobResult = job.result;
        const now = new Date();
        // The final report's detail ('3 conjunction(s) found') stays on the last step.
        setSteps((prev) => completedSteps(stepsAtJob(prev, job, now), now));
        setResult(jobResult);
        setRunning(false);
      } else {
        fail(job.error, job);
      }
    };

    const watch = (jobId: string, reconnectsLeft: number) => {
      stopWatching.current = watchAnalysisJob(jobId, {
        onProgress: (job) => {
          if (isCurrent()) setSteps((prev) => stepsAtJob(prev, job, new Date()));
        },
        onDone: finish,
        onLost: () => {
          fetchAnalysisJob(jobId).then(
            (job) => {
              if (!isCurrent()) return;
              if (job.status !== 'running') finish(job);
              else if (reconnectsLeft > 0) watch(jobId, reconnectsLeft - 1);
              else fail(undefined, job);
            },
            (error: unknown) => fail(errorMessage(error)),
          );
        },
      });
    };

    startAnalysisJob(request).then(
      (job) => {
        if (!isCurrent()) return;
        if (job.status !== 'running') {
          finish(job);
          return;
        }
        setSteps((prev) => stepsAtJob(prev, job, new Date()));
        watch(job.job_id, MAX_RECONNECTS);
      },
      (error: unknown) => fail(errorMessage(error)),
    );
  }, []);

  const closePanel = useCallback(() => setPanelOpen(false), []);

  return { steps, result, running, panelOpen, run, analyze, closePanel };
}
