import type { MethodHandlers } from '../../../shared/contract';
import { planLinkLegs } from '../net';
import { probeThisComputer } from '../probe';
import { checkFolderOnNas } from '../ssh';
import type { ConnectionManager } from './manager';

type ConnectHandlers = Pick<
  MethodHandlers,
  'connectNas' | 'probeNas' | 'disconnectNas' | 'getSavedLogin' | 'forgetPassword' | 'planLinkTest' | 'checkNasFolder'
>;

/** Connecting to a NAS: the login, its probe (kept for the runs), remembered passwords, the links to it. */
export function connectHandlers(connections: ConnectionManager, canRemember: () => boolean): ConnectHandlers {
  return {
    connectNas: (input) => connections.connect(input),
    probeNas: ({ sessionId, kept }) => (kept ? connections.probed(sessionId) : connections.probe(sessionId)),
    disconnectNas: async ({ sessionId }) => ({ closed: connections.disconnect(sessionId) }),
    getSavedLogin: async ({ host, port, username }) => ({
      passwordRemembered: await connections.hasRememberedPassword(username, host, port),
      canRemember: canRemember(),
    }),
    forgetPassword: async ({ host, port, username }) => ({
      forgotten: await connections.forgetPassword(username, host, port),
    }),
    checkNasFolder: ({ sessionId, folder }) => checkFolderOnNas(connections.session(sessionId), folder),
    planLinkTest: async ({ sessionId }) => {
      const { nas } = await connections.probe(sessionId);
      return planLinkLegs(nas, async (address) => (await probeThisComputer(address)).route);
    },
  };
}
