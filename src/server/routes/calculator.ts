import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { calculateRoi } from '../../core/finance/roi.ts';
import { RoiRequest, RoiResponse } from '../../contracts/calculator.ts';
import { ErrorResponse } from '../../contracts/error.ts';

/** POST /api/calculator/roi: the Calculator page's formulas (src/core/finance/roi.ts) for scripts and other tools. */
export const calculatorRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/calculator/roi',
    {
      schema: {
        tags: ['calculator'],
        summary: 'Savings (ROI) of a space-weather data service',
        body: RoiRequest,
        response: { 200: RoiResponse, 400: ErrorResponse },
      },
    },
    async (request) => {
      const result = calculateRoi(request.body);
      return { ...result, paybackMonths: Number.isFinite(result.paybackMonths) ? result.paybackMonths : null };
    },
  );
};
