import dgram from 'node:dgram';
import { searchRequest, ssdpGroup, ssdpPort, readSearchAnswer, type SearchAnswer } from './ssdp';

/**
 * IP TTL of the M-SEARCH: 1, so the search stays on the link it was sent on (UPnP allows up to 4;
 * a home NAS is on the same link as the computer asking).
 */
export const ssdpTtl = 1;
const repeatAfterMs = [1000];

export interface SsdpSearch {
  stop(): void;
}

/**
 * Sends M-SEARCH from one interface and hands over each answer with the address it came from.
 * The socket is bound to that interface's address, so answers (unicast to it) arrive here only.
 */
export function searchSsdp(
  interfaceAddress: string,
  maxWaitSeconds: number,
  onAnswer: (answer: SearchAnswer, from: string) => void,
  onFailure: (error: Error) => void,
): SsdpSearch {
  const socket = dgram.createSocket({ type: 'udp4' });
  const timers: NodeJS.Timeout[] = [];
  let stopped = false;
  const request = searchRequest(maxWaitSeconds);
  const send = () => {
    if (stopped) return;
    socket.send(request, ssdpPort, ssdpGroup, (error) => {
      if (error && !stopped) onFailure(error);
    });
  };

  socket.on('error', (error) => {
    if (!stopped) onFailure(error);
  });
  socket.on('message', (message, from) => {
    if (stopped) return;
    const answer = readSearchAnswer(message);
    if (answer) onAnswer(answer, from.address);
  });
  socket.bind(0, interfaceAddress, () => {
    if (stopped) return;
    try {
      socket.setMulticastInterface(interfaceAddress);
      socket.setMulticastTTL(ssdpTtl);
      socket.setMulticastLoopback(false);
    } catch (error) {
      onFailure(error as Error);
      return;
    }
    send();
    for (const delay of repeatAfterMs) timers.push(setTimeout(send, delay));
  });

  return {
    stop() {
      if (stopped) return;
      stopped = true;
      for (const timer of timers) clearTimeout(timer);
      try {
        socket.close();
      } catch {
        // already closed after an error
      }
    },
  };
}
