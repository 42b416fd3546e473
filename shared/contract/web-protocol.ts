import { z } from 'zod';

/**
 * Browser mode carries the contract over one WebSocket. The page opens
 * `ws://127.0.0.1:PORT/bridge?token=TOKEN` with the token printed by `npm run web`
 * (the server also checks the Origin), then exchanges these messages.
 */
export const webBridgePath = '/bridge';
export const webTokenParam = 'token';

/** Page → server: call one contract method. `id` pairs the answer with the call. */
export const WebCall = z.object({
  type: z.literal('call'),
  id: z.number().int().nonnegative(),
  method: z.string(),
  input: z.unknown().optional(),
});
export type WebCall = z.infer<typeof WebCall>;

/** Server → page: the Result of a call, or an engine event. */
export const WebServerMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('result'), id: z.number(), result: z.unknown() }),
  z.object({ type: z.literal('event'), event: z.string(), payload: z.unknown() }),
]);
export type WebServerMessage = z.infer<typeof WebServerMessage>;
