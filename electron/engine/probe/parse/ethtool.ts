/**
 * What `ethtool PORT` says about a hardware port's speed: what it can do, what it offers, what the
 * other end (the switch port or computer, ethtool's "link partner") offers, and what they agreed
 * on. Read without root (ethtool's settings view needs none). Drivers that do not report a list
 * say "Not reported"; some report nothing true at all (a 10 Mb/s half-duplex claim on a port that
 * moves a gigabit), so nothing here is taken unless the agreed speed is there too.
 */
export interface PortSpeeds {
  /** The fastest mode the port supports, Mb/s. */
  supportedMbps: number | null;
  /** The fastest mode this port offers when it negotiates. */
  advertisedMbps: number | null;
  /** The fastest mode the other end offers (not every driver can tell). */
  partnerMbps: number | null;
  /** What the two ends agreed on. */
  speedMbps: number | null;
  duplex: 'full' | 'half' | null;
}

/** "1000baseT/Full", "2500baseX/Full", "10000baseKR/Full": the speed at the front of each mode. */
const mode = /\b(\d+)base[A-Za-z0-9]+\/(?:Full|Half)\b/g;

export function readEthtool(text: string): PortSpeeds {
  const fields = ethtoolFields(text);
  const fastest = (key: string) => {
    const speeds = [...(fields.get(key) ?? '').matchAll(mode)].map((match) => Number(match[1]));
    return speeds.length ? Math.max(...speeds) : null;
  };
  const speed = /^(\d+)\s*Mb\/s$/.exec(fields.get('Speed') ?? '');
  const duplex = (fields.get('Duplex') ?? '').toLowerCase();
  return {
    supportedMbps: fastest('Supported link modes'),
    advertisedMbps: fastest('Advertised link modes'),
    partnerMbps: fastest('Link partner advertised link modes'),
    speedMbps: speed ? Number(speed[1]) : null,
    duplex: duplex === 'full' ? 'full' : duplex === 'half' ? 'half' : null,
  };
}

/**
 * ethtool's `Key: value` lines, where a list goes on over the following lines that hold no colon
 * of their own (indented with tabs or spaces, as versions differ).
 */
function ethtoolFields(text: string): Map<string, string> {
  const fields = new Map<string, string>();
  let last: string | null = null;
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    // (?!\s): the blanks after the colon are taken whole, not handed to `.*` one at a time.
    const field = /^([A-Za-z][A-Za-z -]*?):\s*(?!\s)(.*)$/.exec(line);
    if (field?.[1] !== undefined && !/\/(Full|Half)$/.test(field[1])) {
      last = field[1];
      if (!fields.has(last)) fields.set(last, field[2] ?? '');
    } else if (last && line) fields.set(last, `${fields.get(last) ?? ''} ${line}`);
  }
  return fields;
}
