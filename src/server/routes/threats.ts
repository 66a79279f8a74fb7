import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ThreatAssessmentsResponse, ThreatSummary } from '../../contracts/operations.ts';
import type { AppContext } from '../app-context.ts';
import { snapshotRoute } from '../http/snapshot-route.ts';

/** Threat classification and assessments (DECISIONS.md §7), polled every 10 s. */
export const threatsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const operations = ctx.services.operationsReadModel;

  snapshotRoute(app, '/api/analytics/threat-summary', { tags: ['threats'], summary: 'Counts over the catalogue by classification, recent manoeuvres and anomalous objects' }, ThreatSummary, () => operations.threatSummary());

  snapshotRoute(app, '/api/threat-assessments', { tags: ['threats'], summary: 'Threat assessments: classification from the owner, anomaly score from behaviour, threat level' }, ThreatAssessmentsResponse, () => operations.threatAssessments());
};
