import { useQuery } from '@tanstack/react-query';
import type { ThreatAssessment, ThreatSummary } from '@contracts/operations.ts';

export const THREAT_SUMMARY_KEY = ['/api/analytics/threat-summary'] as const;
export const THREAT_ASSESSMENTS_KEY = ['/api/threat-assessments'] as const;

/** Spec §7/§9: the threat summary and the assessments are re-read every 10 s. */
export const THREAT_SUMMARY_POLL_MS = 10_000;
export const THREAT_ASSESSMENTS_POLL_MS = 10_000;

/** GET /api/analytics/threat-summary: counts by classification over the whole catalogue. */
export function useThreatSummary() {
  return useQuery<ThreatSummary>({ queryKey: THREAT_SUMMARY_KEY, refetchInterval: THREAT_SUMMARY_POLL_MS });
}

/** GET /api/threat-assessments: one assessment per assessed object. */
export function useThreatAssessments() {
  return useQuery<ThreatAssessment[]>({ queryKey: THREAT_ASSESSMENTS_KEY, refetchInterval: THREAT_ASSESSMENTS_POLL_MS });
}
