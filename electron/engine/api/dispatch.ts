import { z } from 'zod';
import { isMethodName, methods, type MethodHandlers } from '../../../shared/contract/index';
import { toAppError, type Result } from '../../../shared/contract/errors';

export type Dispatch = (method: unknown, input: unknown) => Promise<Result<unknown>>;

/**
 * The one place where untrusted calls enter the engine, whatever the transport (IPC,
 * WebSocket): the method must exist, the input must match its schema, and every outcome is
 * a Result, never a throw. Output is checked too, so the engine cannot drift from the contract.
 */
export function createDispatcher(handlers: MethodHandlers): Dispatch {
  return async (method, input) => {
    if (!isMethodName(method)) {
      return invalidInput('There is no such method.', `Known methods: ${Object.keys(methods).join(', ')}.`);
    }
    const spec = methods[method];
    const parsed = spec.input.safeParse(input);
    if (!parsed.success) {
      return invalidInput(
        `The request to ${method} was not valid: ${z.prettifyError(parsed.error)}`,
        'Check the values you entered.',
      );
    }
    try {
      const handler = handlers[method] as (input: unknown) => Promise<unknown>;
      const data = spec.output.parse(await handler(parsed.data));
      return { ok: true, data };
    } catch (error) {
      return { ok: false, error: toAppError(error) };
    }
  };
}

function invalidInput(message: string, hint: string): Result<never> {
  return { ok: false, error: { code: 'INVALID_INPUT', message, hint } };
}
