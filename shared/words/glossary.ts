/**
 * The expert words the app cannot do without, each in plain words for someone who has never met
 * it. The app's sentences lead with plain words; these give the term itself a meaning on hover and
 * in Settings' "Words used here", so a user who meets "p99" or "MTU" on a forum knows it too.
 */

export interface GlossaryEntry {
  /** The term as the app shows it. */
  term: string;
  /** What it means for a home user: one or two sentences. */
  plain: string;
  /**
   * The other spellings the app's sentences use ("O_DIRECT" for direct I/O), marked where they
   * appear. A spelling that starts with a lower-case letter is also found capitalised.
   */
  also?: readonly string[];
  /** Listed and explained, but never marked in running text: a unit sits beside every figure. */
  listOnly?: boolean;
}

export const glossary = {
  'identity-key': {
    term: 'Identity key',
    plain:
      'The NAS’s identity card: a key only that NAS holds, checked at every connection, so that no other device ' +
      'can pose as your NAS. Experts call it the SSH host key.',
    also: ['identity key', 'host key', 'host-key'],
  },
  fingerprint: {
    term: 'Fingerprint',
    plain:
      'A short summary of the identity key (it starts with SHA256). The same key always gives the same ' +
      'fingerprint, so if it matches what the NAS itself shows, it is your NAS.',
    also: ['fingerprint'],
  },
  'key-type': {
    term: 'ED25519, ECDSA, RSA',
    plain: 'Kinds of identity key. A NAS often has one of each: compare the fingerprint of the kind shown here.',
    also: ['ED25519', 'ECDSA', 'RSA'],
  },
  'ssh-keygen': {
    term: 'ssh-keygen -lf',
    plain:
      'A command that prints a key’s fingerprint. Typed on the NAS itself (logged in to it in a terminal), ' +
      'it shows the fingerprint to compare with the one here.',
    also: ['ssh-keygen'],
  },
  ssh: {
    term: 'SSH',
    plain:
      'The secure way NASBench logs in to the NAS to run its tests there. It must be switched on in the NAS’s ' +
      'settings (often under Terminal or Services).',
  },
  interface: {
    term: 'Interface',
    plain:
      'One network connection of a device, a cable port or Wi-Fi, by the name the system gives it: eth0 or en0 is ' +
      'often the first cable port, wlan0 Wi-Fi.',
    also: ['interface'],
  },
  mtu: {
    term: 'MTU',
    plain:
      'The largest packet a network connection sends in one go, in bytes. 1500 is the usual size; every device ' +
      'on the way must agree on it, or large packets get lost.',
  },
  'jumbo-frames': {
    term: 'Jumbo frames',
    plain:
      'Packets larger than the usual 1500 bytes, often 9000. They help only when the NAS, this computer and the ' +
      'switch between them all use the same size.',
    also: ['jumbo frames'],
  },
  'half-duplex': {
    term: 'Half duplex',
    plain:
      'A connection that can send or receive, but not both at once. It halves the speed and usually means a ' +
      'faulty cable or a wrong setting.',
    also: ['half duplex'],
  },
  gbe: {
    term: 'GbE',
    plain:
      'Gigabit Ethernet, a cable connection. 1 GbE is rated at 1,000 megabits per second and carries at most ' +
      'about 118 MB/s of files; 2.5 GbE two and a half times that.',
  },
  bond: {
    term: 'Bond',
    plain:
      'Two or more network ports of the NAS joined to act as one. A single copy still uses one port; several ' +
      'computers at once can use them all.',
    also: ['bond'],
  },
  dbm: {
    term: 'dBm',
    plain: 'Wi-Fi signal strength. Nearer zero is stronger: −50 is excellent, −70 is weak.',
  },
  loopback: {
    term: 'Loopback',
    plain:
      'This computer talking to itself (address 127.0.0.1): no cable, Wi-Fi or NAS, so it shows the most this ' +
      'computer’s own network handling can carry.',
    also: ['loopback'],
  },
  udp: {
    term: 'UDP',
    plain:
      'A way of sending data that never sends again what was lost, as calls, games and live video do. The test ' +
      'shows how much of it gets lost on the way.',
  },
  jitter: {
    term: 'Jitter',
    plain:
      'How much the delay varies from one packet to the next. Calls and games notice a few milliseconds; ' +
      'file copies do not.',
    also: ['jitter'],
  },
  iperf3: {
    term: 'iperf3',
    plain:
      'A widely used network-testing program: it sends data between two devices as fast as the connection ' +
      'allows, with no disks involved.',
  },
  fio: {
    term: 'fio',
    plain:
      'A widely used disk-testing program. NASBench runs it on the NAS itself, so its figures are the disks’ own, ' +
      'with no network in between.',
  },
  dd: {
    term: 'dd',
    plain:
      'A simple copying program every NAS has. NASBench uses it when fio is missing: it gives speeds, but no IOPS ' +
      'or latency.',
  },
  crystaldiskmark: {
    term: 'CrystalDiskMark',
    plain:
      'A popular Windows disk test. Its test names and layout are what people post and compare, so NASBench ' +
      'shows its figures the same way.',
  },
  'seq1m-q8t1': {
    term: 'SEQ1M Q8T1',
    plain:
      'One big file read or written from start to end, in 1 MiB pieces, 8 requests waiting at once: the best ' +
      'case, like copying a film.',
  },
  'seq1m-q1t1': {
    term: 'SEQ1M Q1T1',
    plain:
      'One big file read or written from start to end, in 1 MiB pieces, one request at a time: like one program ' +
      'copying one large file.',
  },
  'rnd4k-q32t1': {
    term: 'RND4K Q32T1',
    plain:
      'Small 4 KiB pieces at random places, 32 requests waiting at once: like many programs or people using the ' +
      'NAS together.',
  },
  'rnd4k-q1t1': {
    term: 'RND4K Q1T1',
    plain:
      'Small 4 KiB pieces at random places, one request at a time: the hardest case for disks, like opening many ' +
      'small files one after another.',
  },
  'queue-depth': {
    term: 'Queue depth',
    plain:
      'How many requests wait at the disks at once (the Q in a test’s name). More waiting lets disks sort and ' +
      'overlap the work; one at a time shows how fast each single request is answered.',
    also: ['queue depth'],
  },
  iops: {
    term: 'IOPS',
    plain:
      'Operations per second: how many separate reads or writes the disks finish each second. For many small ' +
      'files it matters more than MB/s.',
  },
  p99: {
    term: 'p99 latency',
    plain:
      'How long the slowest requests took: 99 in 100 finished within this time. Lower is better; a high figure ' +
      'is felt as pauses and stutter.',
    also: ['p99'],
  },
  'direct-io': {
    term: 'Direct I/O',
    plain:
      'Reading and writing straight to the disks, past the memory a computer keeps recent files in, so the ' +
      'figure is the disks’ own speed. Experts know it as O_DIRECT.',
    also: ['direct I/O', 'O_DIRECT', 'direct=1'],
  },
  arc: {
    term: 'ARC',
    plain:
      'The memory cache of ZFS, the file system of TrueNAS and others: it can answer reads from RAM, so a test ' +
      'may show memory speed rather than the disks’.',
  },
  'ramp-up': {
    term: 'Ramp-up',
    plain:
      'The first seconds of a test, left out of the figures: disks, caches and connections take a moment to ' +
      'reach their steady speed. fio calls it ramp_time.',
    also: ['ramp-up', 'ramp_time', 'warm-up'],
  },
  tmpfs: {
    term: 'tmpfs',
    plain:
      'A folder that lives in memory (RAM), not on a disk. A test there measures memory, far faster than any ' +
      'disk, and its files are gone at the next restart.',
  },
  smb: {
    term: 'SMB',
    plain:
      'The way Windows and most NASes share folders over the network; macOS and Linux use it too. Also called ' +
      'Samba or CIFS.',
    also: ['CIFS', 'SMB3'],
  },
  nfs: {
    term: 'NFS',
    plain: 'A way of sharing folders over the network, used mostly by Linux and Unix computers.',
    also: ['NFS4'],
  },
  sshfs: {
    term: 'SSHFS',
    plain:
      'A NAS folder opened over the same secure SSH login NASBench uses. Easy to set up, but its encryption ' +
      'often makes it slower than SMB or NFS.',
    also: ['sshfs', 'FUSE.SSHFS'],
  },
  afp: {
    term: 'AFP',
    plain: 'Apple’s older way of sharing folders over the network; newer Macs and NASes use SMB instead.',
  },
  webdav: {
    term: 'WebDAV',
    plain:
      'Folders shared over the web’s own protocol, as some NASes and cloud services offer. Usually slower than SMB.',
    also: ['WEBDAV'],
  },
  'mb-per-second': {
    term: 'MB/s',
    plain: 'Megabytes per second: a million bytes each second. File copies are usually shown this way.',
    listOnly: true,
  },
  'mib-per-second': {
    term: 'MiB/s',
    plain:
      'Mebibytes per second: 1,048,576 bytes each second. Windows shows these as “MB/s”; the same speed reads ' +
      'about 5% lower than in MB/s.',
    listOnly: true,
  },
  'mb-per-second-bits': {
    term: 'Mb/s',
    plain: 'Megabits per second: how network links and internet plans are rated. 8 Mb/s carry 1 MB/s.',
    listOnly: true,
  },
} as const satisfies Record<string, GlossaryEntry>;

export type TermId = keyof typeof glossary;

/** Every entry, by its term in alphabetical order, for the "Words used here" list. */
export function glossaryEntries(): { id: TermId; entry: GlossaryEntry }[] {
  return (Object.keys(glossary) as TermId[])
    .map((id) => ({ id, entry: glossary[id] as GlossaryEntry }))
    .sort((a, b) => a.entry.term.localeCompare(b.entry.term, 'en', { sensitivity: 'base' }));
}

const testNamePattern = /^(SEQ|RND)(\d+)([KM])\s+Q(\d+)T(\d+)$/;

/**
 * Any test name in CrystalDiskMark's way of naming ("RND64K Q16T16"), spelt out: "Small 64 KiB pieces
 * at random places, 16 requests waiting at once, 16 jobs at once". Null for anything else.
 */
export function explainTestName(name: string): string | null {
  const match = testNamePattern.exec(name.trim());
  if (!match) return null;
  const [, kind, size, step, queue, jobs] = match;
  const pieces = `${size} ${step === 'K' ? 'KiB' : 'MiB'} pieces`;
  const where = kind === 'SEQ' ? `One big file from start to end, in ${pieces}` : `${pieces} at random places`;
  const waiting = queue === '1' ? 'one request at a time' : `${queue} requests waiting at once`;
  const together = jobs === '1' ? '' : `, ${jobs} jobs at once`;
  const sentence = `${where}, ${waiting}${together}.`;
  return sentence.charAt(0).toUpperCase() + sentence.slice(1);
}

/** Every spelling the app's sentences use, to its entry. */
const spellings: ReadonlyMap<string, TermId> = new Map(
  (Object.keys(glossary) as TermId[]).flatMap((id) => {
    const entry: GlossaryEntry = glossary[id];
    if (entry.listOnly) return [];
    return [entry.term, ...(entry.also ?? [])].flatMap((spelling) => {
      const capitalised = spelling.charAt(0).toUpperCase() + spelling.slice(1);
      return capitalised === spelling
        ? [[spelling, id] as const]
        : [[spelling, id] as const, [capitalised, id] as const];
    });
  }),
);

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** The spellings, longest first so "FUSE.SSHFS" wins over "SSHFS", or any test name, as whole words. */
const termPattern = new RegExp(
  `(?<![\\w.-])(?:(?:SEQ|RND)\\d+[KM] Q\\d+T\\d+|${[...spellings.keys()]
    .sort((a, b) => b.length - a.length)
    .map(escape)
    .join('|')})(?!\\w)`,
  'g',
);

/** What a word the app shows means: its glossary entry's words, or a test name spelt out; null when it is plain. */
export function explainWord(word: string): string | null {
  const known = spellings.get(word);
  return known ? glossary[known].plain : explainTestName(word);
}

/** A stretch of a sentence: plain text, or a term with what it means. */
export type TermPart = { text: string } | { text: string; explanation: string; id: TermId | null };

/**
 * A sentence split where its expert terms are, each term once (its first appearance): enough to
 * explain it without turning a paragraph into a row of links. Joined back, the parts are the sentence.
 */
export function markTerms(sentence: string): TermPart[] {
  const parts: TermPart[] = [];
  const seen = new Set<string>();
  let from = 0;
  for (const match of sentence.matchAll(termPattern)) {
    const word = match[0];
    const id = spellings.get(word) ?? null;
    const key = id ?? word;
    const explanation = explainWord(word);
    if (seen.has(key) || explanation === null) continue;
    seen.add(key);
    if (match.index > from) parts.push({ text: sentence.slice(from, match.index) });
    parts.push({ text: word, explanation, id });
    from = match.index + word.length;
  }
  if (from < sentence.length) parts.push({ text: sentence.slice(from) });
  return parts;
}
