/**
 * Operations picture (product spec §3, §4, §9; DECISIONS.md §1, §5, §7): the dashboard's risk
 * scoring, tracking status, threat assessment and conjunction-event reconciliation. Re-exports only.
 */
export * from './risk-scoring.ts';
export * from './tracking-status.ts';
export * from './threat.ts';
export * from './conjunction-events.ts';
