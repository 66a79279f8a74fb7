import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ThreatAssessmentsResponse, ThreatSummary } from '../../contracts/operations.ts';
import type { AppContext } from '../app-context.ts';
import { NotModified, sendSnapshot } from '../http/etag.ts';

/** Threat classification and assessments (DECISIONS.md §7), polled every 10 s. */
export const threatsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const operations = ctx.services.operations;

  app.get(
    '/api/analytics/threat-summary',
    {
      schema: {
        tags: ['threats'],
        summary: 'Counts over the catalogue by classification, recent manoeuvres and anomalous objects',
        response: { 200: ThreatSummary, 304: NotModified },
      },
    },
    async (request, reply) => sendSnapshot(request, reply, operations.threatSummary()),
  );

  app.get(
    '/api/threat-assessments',
    {
      schema: {
        tags: ['threats'],
        summary: 'Threat assessments: classification from the owner, anomaly score from behaviour, threat level',
        response: { 200: ThreatAssessmentsResponse, 304: NotModified },
      },
    },
    async (request, reply) => sendSnapshot(request, reply, operations.threatAssessments()),
  );
};
