import { z } from 'zod';

/** GET /api/app-info: what the web shell needs to know about this installation. */
export const AppInfoResponse = z
  .object({
    name: z.literal('Data Forge'),
    version: z.string(),
    operatorLabel: z.string().describe("The header's operator label: OPERATOR_LABEL without accounts, else the signed-in user's name."),
  })
  .meta({ id: 'AppInfoResponse' });
export type AppInfoResponse = z.infer<typeof AppInfoResponse>;
