import type { ClientFacts } from '../contract/probe';
import type { RunConnection } from '../contract/runs';

type Route = ClientFacts['route'];

/** The kind of connection a route is, in the contract's words. */
export function connectionKind(type: Route['type'] | undefined): RunConnection['kind'] {
  switch (type) {
    case 'ethernet':
    case 'wifi':
    case 'thunderbolt':
    case 'virtual':
      return type;
    case 'usb-ethernet':
      return 'usb-adapter';
    default:
      return 'unknown';
  }
}

const suggestedNames: Record<RunConnection['kind'], string> = {
  ethernet: 'Cable',
  wifi: 'Wi-Fi',
  'usb-adapter': 'USB adapter',
  thunderbolt: 'Thunderbolt',
  virtual: 'Virtual link',
  unknown: 'This computer’s link',
};

/** The name offered for a connection before the user gives one, from what the interface is. */
export function suggestConnectionName(route: Route | null | undefined): string {
  return suggestedNames[connectionKind(route?.type)];
}

/**
 * The connection of a run: the name the user gave (a plan's or a network test's `connection`), else
 * the one suggested from the interface; with the interface and its kind. Null without a route (a run
 * on this computer alone).
 */
export function connectionOf(given: unknown, route: Route | null | undefined): RunConnection | null {
  if (!route) return null;
  const named = typeof given === 'string' && given.trim() !== '';
  return {
    name: named ? given.trim().slice(0, 40) : suggestConnectionName(route),
    interface: route.interface || null,
    kind: connectionKind(route.type),
    named,
  };
}
