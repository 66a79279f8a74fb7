import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorResponse } from '../../contracts/error.ts';
import {
  CreateHighInterestObject,
  HighInterestObject,
  HighInterestObjectParams,
  HighInterestObjectsResponse,
  UpdateHighInterestObject,
} from '../../contracts/operations.ts';
import type { AppContext } from '../app-context.ts';
import { snapshotRoute } from '../http/snapshot-route.ts';

/**
 * High-interest objects (product spec §3, §4; DECISIONS.md §7): the watch list,
 * polled every 5 s (a prebuilt list with an ETag), created, edited and removed
 * by the operators. Invalid input is refused before anything is written.
 */
export const highInterestObjectsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const service = ctx.services.highInterest;
  const tags = ['high-interest-objects'];
  app.addHook('onClose', async () => service.stop());

  snapshotRoute(
    app,
    '/api/high-interest-objects',
    { tags, summary: 'The watch list, each entry with its last observation (newest element-set epoch) and tracking status' },
    HighInterestObjectsResponse,
    () => service.list(new Date()),
  );

  app.get(
    '/api/high-interest-objects/:id',
    {
      schema: {
        tags,
        summary: 'One high-interest object',
        params: HighInterestObjectParams,
        response: { 200: HighInterestObject, 404: ErrorResponse },
      },
    },
    async (request) => service.get(request.params.id, new Date()),
  );

  app.post(
    '/api/high-interest-objects',
    {
      schema: {
        tags,
        summary: "Add a catalogue object to the watch list (addedBy defaults to the signed-in user, or the operator label without accounts)",
        body: CreateHighInterestObject,
        response: { 201: HighInterestObject, 400: ErrorResponse, 409: ErrorResponse },
      },
    },
    async (request, reply) => {
      const signedIn = request.principal && request.principal.via !== 'local' ? request.principal.username : undefined;
      const body = request.body.addedBy === undefined && signedIn ? { ...request.body, addedBy: signedIn } : request.body;
      return reply.status(201).send(await service.create(body, new Date()));
    },
  );

  app.patch(
    '/api/high-interest-objects/:id',
    {
      schema: {
        tags,
        summary: 'Change fields of a high-interest object',
        params: HighInterestObjectParams,
        body: UpdateHighInterestObject,
        response: { 200: HighInterestObject, 400: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse },
      },
    },
    async (request) => service.update(request.params.id, request.body, new Date()),
  );

  app.delete(
    '/api/high-interest-objects/:id',
    {
      schema: {
        tags,
        summary: 'Remove a high-interest object from the watch list',
        params: HighInterestObjectParams,
        response: { 204: z.null().describe('Removed (no body)'), 404: ErrorResponse },
      },
    },
    async (request, reply) => {
      await service.delete(request.params.id, new Date());
      return reply.status(204).send(null);
    },
  );
};
