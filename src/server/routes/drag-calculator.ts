import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorResponse } from '../../contracts/error.ts';
import { DragCalculationResult, DragCalculationsQuery, DragCalculationsResponse, DragCalculatorRequest } from '../../contracts/orbital-drag.ts';
import { DragInputError } from '../../core/drag/index.ts';
import type { AppContext } from '../app-context.ts';
import { badRequest } from '../http/errors.ts';

/**
 * The drag calculator of the Orbital Drag page's Satellite Data tab (product spec §3, §7): calculate
 * and store, and list what was calculated ('Showing last 3 calculations (N total)').
 */
export const dragCalculatorRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const calculator = ctx.services.dragCalculator;
  app.addHook('onClose', async () => calculator.close());

  app.post(
    '/api/drag-calculator/calculate',
    {
      schema: {
        tags: ['orbital drag'],
        summary: 'Drag force, density, decay rate, lifetime and confidence for a satellite; the calculation is stored',
        body: DragCalculatorRequest,
        response: { 200: DragCalculationResult, 400: ErrorResponse, 503: ErrorResponse },
      },
    },
    async (request) => {
      try {
        return await calculator.calculate(request.body, new Date());
      } catch (error) {
        // The core's checks (positive mass and area, altitude 100–2000 km, …), in the error handler's form.
        if (error instanceof DragInputError) {
          throw badRequest(`Invalid request: ${error.issues.map((i) => `body.${i.field}: ${i.message}`).join('; ')}`);
        }
        throw error;
      }
    },
  );

  app.get(
    '/api/drag-calculator/calculations',
    {
      schema: {
        tags: ['orbital drag'],
        summary: 'Stored drag calculations, newest first, and their total',
        querystring: DragCalculationsQuery,
        response: { 200: DragCalculationsResponse },
      },
    },
    async (request) => calculator.list(request.query.limit),
  );
};
