import { z } from 'zod';

/** Every error response of the API: a human-readable message naming the problem. */
export const ErrorResponse = z
  .object({ message: z.string().describe('What went wrong, naming the offending field where there is one.') })
  .meta({ id: 'ErrorResponse' });
export type ErrorResponse = z.infer<typeof ErrorResponse>;
