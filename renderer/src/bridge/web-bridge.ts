import {
  buildApi,
  events,
  methods,
  type EventName,
  type MethodName,
  type NasbenchApi,
} from '../../../shared/contract/index';
import { resultSchema, type AppError, type Result } from '../../../shared/contract/errors';
import { webBridgePath, webTokenParam, WebServerMessage, type WebCall } from '../../../shared/contract/web-protocol';

/** Why browser mode has no engine to talk to; the page shows it in place of the app or as a banner. */
export type ConnectionProblem = { kind: 'no-token' | 'refused' | 'lost'; error: AppError };

const restartHint = 'Is `npm run web` still running? Start it again and reload this page.';

export const connectionErrors = {
  'no-token': {
    code: 'UNREACHABLE',
    message: 'This page was opened without its access link.',
    hint: 'Open the full address that `npm run web` printed in the terminal (it ends with #token=…).',
  },
  refused: {
    code: 'UNREACHABLE',
    message: 'Could not connect to the NASBench engine.',
    hint: 'Open the address that `npm run web` printed this time (it ends with #token=…); addresses from an earlier start stop working.',
  },
  lost: { code: 'UNREACHABLE', message: 'Lost the connection to the NASBench engine.', hint: restartHint },
} satisfies Record<ConnectionProblem['kind'], AppError>;

const unreadableAnswer: AppError = {
  code: 'PARSE_ERROR',
  message: 'The NASBench engine sent an answer this page could not read.',
  hint: 'Reload the page. If it keeps happening, the page and the engine may be from different versions: run `npm run web` again.',
};

function isEventName(name: string): name is EventName {
  return Object.hasOwn(events, name);
}

/** An api whose every call fails with `error`: browser mode without a token. */
export function createUnavailableApi(error: AppError): NasbenchApi {
  return buildApi({ call: async () => ({ ok: false, error }), subscribe: () => () => undefined });
}

/**
 * Implements the contract over browser mode's WebSocket. Calls made before the socket opens
 * wait in a queue; when the socket closes, every unanswered call resolves with an
 * UNREACHABLE error (never hangs) and `onProblem` tells the page. Answers and events are
 * checked against the contract's schemas, as the Electron side checks what the page sends.
 */
export function createWebBridge(token: string, onProblem: (problem: ConnectionProblem) => void): NasbenchApi {
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  const query = new URLSearchParams({ [webTokenParam]: token });
  const socket = new WebSocket(`${scheme}://${location.host}${webBridgePath}?${query}`);
  const pending = new Map<number, { method: MethodName; resolve: (result: Result<unknown>) => void }>();
  const waiting: string[] = [];
  const listeners = new Map<EventName, Set<(payload: unknown) => void>>();
  let nextId = 0;
  let opened = false;
  let closedWith: AppError | null = null;

  socket.addEventListener('open', () => {
    opened = true;
    for (const message of waiting.splice(0)) socket.send(message);
  });

  socket.addEventListener('close', () => {
    const kind = opened ? 'lost' : 'refused';
    closedWith = connectionErrors[kind];
    waiting.length = 0;
    for (const call of pending.values()) call.resolve({ ok: false, error: closedWith });
    pending.clear();
    onProblem({ kind, error: closedWith });
  });

  socket.addEventListener('message', (event: MessageEvent<unknown>) => {
    const message = parseServerMessage(event.data);
    if (!message) return;
    if (message.type === 'result') {
      const call = pending.get(message.id);
      if (!call) return;
      pending.delete(message.id);
      const result = resultSchema(methods[call.method].output).safeParse(message.result);
      call.resolve(result.success ? (result.data as Result<unknown>) : { ok: false, error: unreadableAnswer });
      return;
    }
    if (!isEventName(message.event)) return;
    const payload = events[message.event].safeParse(message.payload);
    if (!payload.success) return; // an event we cannot read is dropped rather than shown wrong
    for (const listener of listeners.get(message.event) ?? []) listener(payload.data);
  });

  return buildApi({
    call(method, input) {
      if (closedWith) return Promise.resolve({ ok: false, error: closedWith });
      const id = nextId++;
      const call: WebCall = { type: 'call', id, method, input };
      const text = JSON.stringify(call);
      return new Promise((resolve) => {
        pending.set(id, { method, resolve });
        if (socket.readyState === WebSocket.OPEN) socket.send(text);
        else waiting.push(text);
      });
    },
    subscribe(event, listener) {
      const set = listeners.get(event) ?? new Set();
      listeners.set(event, set);
      set.add(listener);
      return () => {
        set.delete(listener);
      };
    },
  });
}

function parseServerMessage(data: unknown): WebServerMessage | null {
  if (typeof data !== 'string') return null;
  try {
    const parsed = WebServerMessage.safeParse(JSON.parse(data));
    return parsed.success ? parsed.data : null;
  } catch {
    return null; // not JSON: ignore it, as the server ignores what it cannot read
  }
}
