/**
 * How long one measurement may run, seconds: the same everywhere a length is typed (single tests,
 * plans, the default in Settings), so no form refuses what another accepts. An hour covers a soak
 * test; a NAS's cache-wall or thermal behaviour shows well within it.
 */
export const maxTestSeconds = 3600;

/** The words every seconds field uses when its value is refused. */
export const secondsRange = `a whole number of seconds from 1 to ${maxTestSeconds}`;
