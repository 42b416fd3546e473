import { foundProgramCheckSh } from '../ssh';

/** Every section starts with a line `@@nasbench:section NAME [ARG]`; parse-nas.ts splits on it. */
export const SECTION_MARKER = '@@nasbench:section';

/**
 * One POSIX sh script that prints every raw fact the probe needs, each after a section marker.
 * It must run under BusyBox ash (most NAS shells), dash, FreeBSD's sh (TrueNAS CORE) and macOS's
 * /bin/sh: no bash-isms, no `local`, no arrays. It only reads: no redirection other than to
 * /dev/null, no root, and every command may be missing (stderr goes to /dev/null) so one absent
 * tool never hides the other facts. Parsing happens on our side, where it can be tested against captures, rather
 * than in awk on the NAS.
 *
 * Linux facts come from /proc and /sys; FreeBSD and macOS have no /proc, so their CPU, memory and
 * links come from sysctl and `ifconfig -a`, and their file system types from `mount`.
 *
 * Every program it finds rather than names (fio, iperf3, ethtool, getsysinfo, zpool) runs only
 * after `nb_use` (ssh/found-program.ts) has checked that the NAS's owner installed it; what was
 * refused is listed in the `refused` section.
 *
 * Written with String.raw so backslashes reach the shell as typed; every `$` + `{` is our own
 * interpolation (the marker, the check, the one parameter expansion the shell needs).
 *
 * TerraMaster and ASUSTOR are UNVERIFIED (no box or capture to read from): ADM keeps
 * Vendor/Model/Version in the [Basic] section of /etc/nas.conf (read that way by public ASUSTOR
 * scripts with `confutil -get /etc/nas.conf Basic Version`); for TOS only third-party guesses exist
 * (/etc/TOS_VERSION, /usr/www/version, the /etc/base/nasdb database), so we print those if present.
 * Serial numbers live next to these keys; the script picks keys by name so they never leave the NAS.
 */
/** Entware's bin folder where qpkg.conf says QTS installed it; empty (no candidate) elsewhere. */
const qpkgEntwareCandidate = '${nb_qpkg:+$nb_qpkg/bin/$nb_tool}';

const commentedScript = String.raw`
LC_ALL=C
export LC_ALL
PATH="$PATH:/sbin:/usr/sbin"
# Any command may be missing or fail on some NAS, and what it says then is no fact: stderr goes
# nowhere, once, rather than after every command.
exec 2>/dev/null
nb_section() { printf '\n${SECTION_MARKER} %s\n' "$*"; }
nb_refused=
${foundProgramCheckSh}
nb_section hostname
hostname || uname -n

nb_kernel=$(uname -s)
nb_section uname
printf 'kernel=%s\nrelease=%s\nmachine=%s\n' "$nb_kernel" "$(uname -r)" "$(uname -m)"

# macOS names itself only here; sysctl holds the CPU, RAM and model where there is no /proc.
nb_section sw_vers
sw_vers

nb_section sysctl
case "$nb_kernel" in
  Linux | '') ;;
  *)
    for nb_key in hw.model hw.ncpu hw.physmem hw.memsize machdep.cpu.brand_string; do
      sysctl "$nb_key"
    done
    ;;
esac

nb_section os-release
cat /etc/os-release || cat /usr/lib/os-release

nb_section synology
cat /etc.defaults/VERSION
grep -E '^(upnpmodelname|unique)=' /etc/synoinfo.conf || grep -E '^(upnpmodelname|unique)=' /etc.defaults/synoinfo.conf

nb_section qnap
awk '/^\[/ { sys = ($0 ~ /^\[System\]/) } sys && /^(Model|Internal Model|Display Model|Version|Number|Build Number)[ \t]*=/' /etc/config/uLinux.conf
if nb_use getsysinfo "$(command -v getsysinfo)" /sbin/getsysinfo; then printf 'getsysinfo model = %s\n' "$("$nb_run" model)"; fi

nb_section truenas
cat /etc/version

nb_section unraid
cat /etc/unraid-version

nb_section omv
if command -v dpkg-query >/dev/null; then dpkg-query -W openmediavault; fi
if [ -d /etc/openmediavault ]; then echo 'dir /etc/openmediavault'; fi

nb_section terramaster
for f in /etc/TOS_VERSION /usr/www/version; do
  if [ -r "$f" ]; then printf '%s: %s\n' "$f" "$(head -n 1 "$f")"; fi
done
if [ -e /etc/base/nasdb ]; then echo 'present /etc/base/nasdb'; fi

nb_section asustor
awk '/^\[/ { basic = ($0 ~ /^\[Basic\]/) } basic && /^(Vendor|Model|Version)[ \t]*=/' /etc/nas.conf

nb_section dmi
for f in sys_vendor product_name; do
  if [ -r "/sys/class/dmi/id/$f" ]; then printf '%s=%s\n' "$f" "$(cat "/sys/class/dmi/id/$f")"; fi
done
if [ -r /proc/device-tree/model ]; then printf 'device-tree=%s\n' "$(tr -d '\000' < /proc/device-tree/model)"; fi
# FreeBSD (TrueNAS CORE) has no /sys; its loader environment holds the same SMBIOS strings.
if [ ! -d /sys/class/dmi/id ] && command -v kenv >/dev/null; then
  printf 'sys_vendor=%s\nproduct_name=%s\n' "$(kenv -q smbios.system.maker)" "$(kenv -q smbios.system.product)"
fi

# UGOS Pro says Debian 12 everywhere but ships no /etc/debian_version.
nb_section ugreen
if [ -e /etc/debian_version ]; then echo 'debian_version=present'; else echo 'debian_version=absent'; fi

nb_section cpuinfo
printf 'nproc: %s\n' "$(nproc)"
grep -E '^(model name|Hardware|cpu model|Processor|processor)[[:space:]]*:' /proc/cpuinfo

nb_section meminfo
grep '^MemTotal:' /proc/meminfo

nb_section interfaces
(
  cd /sys/class/net || exit 0
  for n in *; do
    if [ "$n" = lo ] || [ ! -d "$n" ]; then continue; fi
    # kind: a hardware port has a device behind it; a bond or bridge is made of others; anything else
    # (veth, tun, a VM's tap) is virtual, and the speed it reports is a placeholder.
    if [ -e "$n/device" ]; then nb_kind=device
    elif [ -d "$n/bonding" ]; then nb_kind=bond
    elif [ -d "$n/bridge" ]; then nb_kind=bridge
    else nb_kind=virtual; fi
    printf 'name=%s operstate=%s mtu=%s speed=%s kind=%s\n' "$n" "$(cat "$n/operstate")" "$(cat "$n/mtu")" "$(cat "$n/speed")" "$nb_kind"
  done
)

# What each hardware port can do and what the other end offers (ethtool's read-only view; NAS
# firmwares keep it in /sbin or /usr/sbin, off a user's PATH). Nothing is changed.
if [ -d /sys/class/net ] && nb_use ethtool "$(command -v ethtool)" /usr/sbin/ethtool /sbin/ethtool; then
  for n in $(ls /sys/class/net); do
    [ -e "/sys/class/net/$n/device" ] || continue
    nb_section ethtool "$n"
    "$nb_run" "$n" | head -n 60
  done
fi

# FreeBSD and macOS have no ip command, but their BSD ifconfig -a also tells
# link speed (media:) and LACP groups (laggproto, laggport).
if [ "$nb_kernel" != Linux ] && [ -n "$nb_kernel" ]; then
  nb_section addresses bsd-ifconfig
  ifconfig -a
elif command -v ip >/dev/null && ip -o addr show >/dev/null; then
  nb_section addresses ip
  ip -o addr show
else
  nb_section addresses ifconfig
  ifconfig -a
fi

(
  cd /proc/net/bonding || exit 0
  for b in *; do
    if [ -f "$b" ]; then nb_section bond "$b"; cat "$b"; fi
  done
)

# df can fail for one unreadable mount yet print the rest, so fall back only when it printed nothing.
# macOS's df -T takes a list of types and FreeBSD's is not POSIX, so there the types come from mount.
nb_section df
nb_df=
if [ "$nb_kernel" = Linux ] || [ -z "$nb_kernel" ]; then nb_df=$(df -P -T -k); fi
if [ -z "$nb_df" ]; then nb_df=$(df -P -k); fi
if [ -z "$nb_df" ]; then nb_df=$(df -k); fi
printf '%s\n' "$nb_df"

if [ -r /proc/mounts ]; then
  nb_section mounts
  cat /proc/mounts
else
  nb_section mounts mount
  mount
fi

# Shared folders this login may create a folder in, where each NAS keeps them: DSM and ADM
# /volumeN/SHARE, QTS /share/SHARE, TrueNAS /mnt/POOL/DATASET, Unraid /mnt/user/SHARE,
# OMV /srv/dev-disk-by-UUID/SHARE, TOS /VolumeN/SHARE, macOS /Volumes/DISK; then the home folder.
# test -w only asks the kernel (access(2)): nothing is created. The firmware's own folders (@appstore,
# #recycle, hidden ones) are skipped, and the list stops at 40.
nb_section folders
nb_n=0
for nb_dir in /volume[0-9]*/* /share/* /mnt/*/* /srv/*/* /Volume[0-9]*/* /Volumes/*; do
  case "$nb_dir" in */@* | */#* | */.*) continue ;; esac
  if [ -d "$nb_dir" ] && [ -w "$nb_dir" ]; then
    echo "share=$nb_dir"
    nb_n=$((nb_n + 1))
    if [ "$nb_n" -ge 40 ]; then break; fi
  fi
done
if [ -n "$HOME" ] && [ -d "$HOME" ] && [ -w "$HOME" ]; then echo "home=$HOME"; fi

nb_section zpool
nb_zpool=:
nb_use zpool "$(command -v zpool)" && nb_zpool=$nb_run
"$nb_zpool" list -Hp -o name,size,allocated,free,health

# The drives and how they work together, for what the disks can do at most: each block device with
# its rotational flag, size (512-byte sectors) and model (a VM's disk names its hypervisor there);
# md arrays; ZFS vdevs, -L naming each drive by its kernel name rather than a by-id link.
nb_section drives
for nb_b in /sys/block/*; do
  [ -r "$nb_b/queue/rotational" ] && echo "$nb_b $(cat "$nb_b/queue/rotational") $(cat "$nb_b/size") $(cat "$nb_b/device/model")"
done
nb_section mdstat
cat /proc/mdstat
nb_section zpool-status
"$nb_zpool" status -L | head -n 300

# NAS packages put fio and iperf3 in folders the SSH PATH often lacks (Entware's /opt/bin, Synology
# package folders, Homebrew on macOS, QNAP's Entware QPKG where qpkg.conf says it is installed or on
# a volume's own root, never inside a share, which other users may write to): the first copy that
# passes nb_use is run by its checked path, and that path is what NASBench runs later.
nb_qpkg=$(awk '/^\[/ { e = ($0 ~ /^\[Entware\]/) } e && /^Install_Path[ \t]*=/ { sub(/^[^=]*=[ \t]*/, ""); gsub(/"/, ""); print; exit }' /etc/config/qpkg.conf)
for nb_tool in fio iperf3; do
  nb_section tool $nb_tool
  nb_p=$(command -v $nb_tool)
  if nb_use $nb_tool "$nb_p" /opt/bin/$nb_tool /opt/sbin/$nb_tool /usr/local/bin/$nb_tool /usr/local/sbin/$nb_tool \
    /opt/local/bin/$nb_tool /opt/homebrew/bin/$nb_tool /var/packages/*/target/bin/$nb_tool \
    /var/packages/*/target/usr/bin/$nb_tool /volume*/@appstore/*/bin/$nb_tool /volume*/@appstore/*/usr/bin/$nb_tool \
    "${qpkgEntwareCandidate}" /share/CACHEDEV*_DATA/.qpkg/Entware/bin/$nb_tool; then
    echo "path=$nb_run"
    case $nb_c in "$nb_p") echo found=path ;; *) echo found=folder ;; esac
    "$nb_run" --version 2>&1 | { read -r nb_line; echo "version=$nb_line"; }
  fi
done

# What was found and not run (nb_use), for the probe to name.
nb_section refused
printf %s "$nb_refused"

nb_section end
exit 0
`;

/**
 * The script as sent: its comment lines and indentation are for the next engineer, not the NAS
 * (no quoted text in it spans lines with leading spaces), and csh (a login
 * shell on some NASes) silently runs nothing when the command line is longer than about 8 KiB
 * (measured: 8,169 characters ran, 8,369 printed nothing and exited 0). The encoded command must
 * stay under that; probe-parse.test.ts holds it there.
 */
export const nasProbeScript = commentedScript
  .split('\n')
  .map((line) => line.trimStart())
  .filter((line) => line !== '' && !line.startsWith('#'))
  .join('\n');
