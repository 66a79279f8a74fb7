import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { calculateRoi } from '../../core/finance/index.ts';
import { RoiRequest, RoiResponse } from '../../contracts/calculator.ts';
import { ErrorResponse } from '../../contracts/error.ts';
import { badRequest } from '../http/errors.ts';

/** POST /api/calculator/roi: the Calculator page's formulas (src/core/finance/roi.ts) for scripts and other tools. */
export const calculatorRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/calculator/roi',
    {
      // A calculation that stores nothing: a viewer may run it (issue 12's roles).
      config: { access: 'viewer' },
      schema: {
        tags: ['calculator'],
        summary: 'Savings (ROI) of a space-weather data service',
        body: RoiRequest,
        response: { 200: RoiResponse, 400: ErrorResponse },
      },
    },
    async (request) => {
      const result = calculateRoi(request.body);
      // The contract's bounds keep every total finite (contracts/calculator.ts); should one still overflow, the
      // input is refused rather than answered with a 500 (JSON has no Infinity). A payback that never comes is null.
      const overflowed = Object.entries(result).find(([key, value]) => key !== 'paybackMonths' && !Number.isFinite(value));
      if (overflowed) throw badRequest(`Invalid request: body: these inputs make ${overflowed[0]} overflow`);
      return { ...result, paybackMonths: Number.isFinite(result.paybackMonths) ? result.paybackMonths : null };
    },
  );
};
