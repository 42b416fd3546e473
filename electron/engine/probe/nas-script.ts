/** Every section starts with a line `@@nasbench:section NAME [ARG]`; parse-nas.ts splits on it. */
export const SECTION_MARKER = '@@nasbench:section';

/**
 * One POSIX sh script that prints every raw fact the probe needs, each after a section marker.
 * It must run under BusyBox ash (most NAS shells), dash, FreeBSD's sh (TrueNAS CORE) and macOS's
 * /bin/sh: no bash-isms, no `local`, no arrays. It only reads: no redirection other than to
 * /dev/null, no root, and every command may be missing (2>/dev/null) so one absent tool never hides
 * the other facts. Parsing happens on our side, where it can be tested against captures, rather
 * than in awk on the NAS.
 *
 * Linux facts come from /proc and /sys; FreeBSD and macOS have no /proc, so their CPU, memory and
 * links come from sysctl and `ifconfig -a`, and their file system types from `mount`.
 *
 * Written with String.raw so backslashes reach the shell as typed; the only `$` + `{` is our own
 * interpolation of the marker (the shell never needs one here).
 *
 * TerraMaster and ASUSTOR are UNVERIFIED (no box or capture to read from): ADM keeps
 * Vendor/Model/Version in the [Basic] section of /etc/nas.conf (read that way by public ASUSTOR
 * scripts with `confutil -get /etc/nas.conf Basic Version`); for TOS only third-party guesses exist
 * (/etc/TOS_VERSION, /usr/www/version, the /etc/base/nasdb database), so we print those if present.
 * Serial numbers live next to these keys; the script picks keys by name so they never leave the NAS.
 */
const commentedScript = String.raw`
LC_ALL=C
export LC_ALL
PATH="$PATH:/sbin:/usr/sbin"
nb_section() { printf '\n${SECTION_MARKER} %s\n' "$*"; }

nb_section hostname
hostname 2>/dev/null || uname -n 2>/dev/null

nb_kernel=$(uname -s 2>/dev/null)
nb_section uname
printf 'kernel=%s\nrelease=%s\nmachine=%s\n' "$nb_kernel" "$(uname -r 2>/dev/null)" "$(uname -m 2>/dev/null)"

# macOS names itself only here; sysctl holds the CPU, RAM and model where there is no /proc.
nb_section sw_vers
sw_vers 2>/dev/null

nb_section sysctl
case "$nb_kernel" in
  Linux | '') ;;
  *)
    for nb_key in hw.model hw.ncpu hw.physmem hw.memsize machdep.cpu.brand_string; do
      sysctl "$nb_key" 2>/dev/null
    done
    ;;
esac

nb_section os-release
cat /etc/os-release 2>/dev/null || cat /usr/lib/os-release 2>/dev/null

nb_section synology
cat /etc.defaults/VERSION 2>/dev/null
grep -E '^(upnpmodelname|unique)=' /etc/synoinfo.conf 2>/dev/null || grep -E '^(upnpmodelname|unique)=' /etc.defaults/synoinfo.conf 2>/dev/null

nb_section qnap
awk '/^\[/ { sys = ($0 ~ /^\[System\]/) } sys && /^(Model|Internal Model|Display Model|Version|Number|Build Number)[ \t]*=/' /etc/config/uLinux.conf 2>/dev/null
nb_getsysinfo=$(command -v getsysinfo 2>/dev/null || echo /sbin/getsysinfo)
if [ -x "$nb_getsysinfo" ]; then printf 'getsysinfo model = %s\n' "$("$nb_getsysinfo" model 2>/dev/null)"; fi

nb_section truenas
cat /etc/version 2>/dev/null

nb_section unraid
cat /etc/unraid-version 2>/dev/null

nb_section omv
if command -v dpkg-query >/dev/null 2>&1; then dpkg-query -W openmediavault 2>/dev/null; fi
if [ -d /etc/openmediavault ]; then echo 'dir /etc/openmediavault'; fi

nb_section terramaster
for f in /etc/TOS_VERSION /usr/www/version; do
  if [ -r "$f" ]; then printf '%s: %s\n' "$f" "$(head -n 1 "$f" 2>/dev/null)"; fi
done
if [ -e /etc/base/nasdb ]; then echo 'present /etc/base/nasdb'; fi

nb_section asustor
awk '/^\[/ { basic = ($0 ~ /^\[Basic\]/) } basic && /^(Vendor|Model|Version)[ \t]*=/' /etc/nas.conf 2>/dev/null

nb_section dmi
for f in sys_vendor product_name; do
  if [ -r "/sys/class/dmi/id/$f" ]; then printf '%s=%s\n' "$f" "$(cat "/sys/class/dmi/id/$f" 2>/dev/null)"; fi
done
if [ -r /proc/device-tree/model ]; then printf 'device-tree=%s\n' "$(tr -d '\000' < /proc/device-tree/model 2>/dev/null)"; fi
# FreeBSD (TrueNAS CORE) has no /sys; its loader environment holds the same SMBIOS strings.
if [ ! -d /sys/class/dmi/id ] && command -v kenv >/dev/null 2>&1; then
  printf 'sys_vendor=%s\nproduct_name=%s\n' "$(kenv -q smbios.system.maker 2>/dev/null)" "$(kenv -q smbios.system.product 2>/dev/null)"
fi

# UGOS Pro says Debian 12 everywhere but ships no /etc/debian_version.
nb_section ugreen
if [ -e /etc/debian_version ]; then echo 'debian_version=present'; else echo 'debian_version=absent'; fi

nb_section cpuinfo
printf 'nproc: %s\n' "$(nproc 2>/dev/null)"
grep -E '^(model name|Hardware|cpu model|Processor|processor)[[:space:]]*:' /proc/cpuinfo 2>/dev/null

nb_section meminfo
grep '^MemTotal:' /proc/meminfo 2>/dev/null

nb_section interfaces
(
  cd /sys/class/net 2>/dev/null || exit 0
  for n in *; do
    if [ "$n" = lo ] || [ ! -d "$n" ]; then continue; fi
    # kind: a hardware port has a device behind it; a bond or bridge is made of others; anything else
    # (veth, tun, a VM's tap) is virtual, and the speed it reports is a placeholder.
    if [ -e "$n/device" ]; then nb_kind=device
    elif [ -d "$n/bonding" ]; then nb_kind=bond
    elif [ -d "$n/bridge" ]; then nb_kind=bridge
    else nb_kind=virtual; fi
    printf 'name=%s operstate=%s mtu=%s speed=%s kind=%s\n' "$n" "$(cat "$n/operstate" 2>/dev/null)" "$(cat "$n/mtu" 2>/dev/null)" "$(cat "$n/speed" 2>/dev/null)" "$nb_kind"
  done
)

# What each hardware port can do and what the other end offers (ethtool's read-only view; NAS
# firmwares keep it in /sbin or /usr/sbin, off a user's PATH). Nothing is changed.
nb_ethtool=$(command -v ethtool 2>/dev/null)
for p in /usr/sbin/ethtool /sbin/ethtool; do [ -z "$nb_ethtool" ] && [ -x "$p" ] && nb_ethtool=$p; done
if [ -n "$nb_ethtool" ] && [ -d /sys/class/net ]; then
  for n in $(ls /sys/class/net 2>/dev/null); do
    [ -e "/sys/class/net/$n/device" ] || continue
    nb_section ethtool "$n"
    "$nb_ethtool" "$n" 2>/dev/null | head -n 60
  done
fi

# FreeBSD and macOS have no ip command, but their BSD ifconfig -a also tells
# link speed (media:) and LACP groups (laggproto, laggport).
if [ "$nb_kernel" != Linux ] && [ -n "$nb_kernel" ]; then
  nb_section addresses bsd-ifconfig
  ifconfig -a 2>/dev/null
elif command -v ip >/dev/null 2>&1 && ip -o addr show >/dev/null 2>&1; then
  nb_section addresses ip
  ip -o addr show 2>/dev/null
else
  nb_section addresses ifconfig
  ifconfig -a 2>/dev/null
fi

(
  cd /proc/net/bonding 2>/dev/null || exit 0
  for b in *; do
    if [ -f "$b" ]; then nb_section bond "$b"; cat "$b" 2>/dev/null; fi
  done
)

# df can fail for one unreadable mount yet print the rest, so fall back only when it printed nothing.
# macOS's df -T takes a list of types and FreeBSD's is not POSIX, so there the types come from mount.
nb_section df
nb_df=
if [ "$nb_kernel" = Linux ] || [ -z "$nb_kernel" ]; then nb_df=$(df -P -T -k 2>/dev/null); fi
if [ -z "$nb_df" ]; then nb_df=$(df -P -k 2>/dev/null); fi
if [ -z "$nb_df" ]; then nb_df=$(df -k 2>/dev/null); fi
printf '%s\n' "$nb_df"

if [ -r /proc/mounts ]; then
  nb_section mounts
  cat /proc/mounts 2>/dev/null
else
  nb_section mounts mount
  mount 2>/dev/null
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
zpool list -Hp -o name,size,allocated,free,health 2>/dev/null

# The drives and how they work together, for what the disks can do at most: each block device with
# its rotational flag, size (512-byte sectors) and model (a VM's disk names its hypervisor there);
# md arrays; ZFS vdevs, -L naming each drive by its kernel name rather than a by-id link.
nb_section drives
for nb_b in /sys/block/*; do
  [ -r "$nb_b/queue/rotational" ] && echo "$nb_b $(cat "$nb_b/queue/rotational") $(cat "$nb_b/size" 2>/dev/null) $(cat "$nb_b/device/model" 2>/dev/null)"
done
nb_section mdstat
cat /proc/mdstat 2>/dev/null
nb_section zpool-status
zpool status -L 2>/dev/null | head -n 300

# NAS packages put fio and iperf3 in folders the SSH PATH often lacks (Entware's /opt/bin, Synology
# package folders, QNAP's Entware QPKG, Homebrew on macOS): the first copy found is run by its
# absolute path, and that path is what NASBench runs later.
for nb_tool in fio iperf3; do
  nb_section tool "$nb_tool"
  nb_path=$(command -v "$nb_tool" 2>/dev/null)
  case "$nb_path" in
    /*) nb_where=path ;;
    *) nb_path= ;;
  esac
  if [ -z "$nb_path" ]; then
    for nb_try in /opt/bin/"$nb_tool" /opt/sbin/"$nb_tool" /usr/local/bin/"$nb_tool" /usr/local/sbin/"$nb_tool" \
      /opt/local/bin/"$nb_tool" /opt/homebrew/bin/"$nb_tool" /var/packages/*/target/bin/"$nb_tool" \
      /var/packages/*/target/usr/bin/"$nb_tool" /volume*/@appstore/*/bin/"$nb_tool" \
      /volume*/@appstore/*/usr/bin/"$nb_tool" /share/*/.qpkg/Entware/bin/"$nb_tool"; do
      if [ -f "$nb_try" ] && [ -x "$nb_try" ]; then
        nb_path=$nb_try
        nb_where=folder
        break
      fi
    done
  fi
  if [ -n "$nb_path" ]; then
    echo "path=$nb_path"
    echo "found=$nb_where"
    "$nb_path" --version 2>&1 | { read -r nb_line; echo "version=$nb_line"; }
  fi
done

nb_section end
exit 0
`;

/**
 * The script as sent: its comment lines are for the next engineer, not the NAS, and csh (a login
 * shell on some NASes) silently runs nothing when the command line is longer than about 8 KiB
 * (measured: 8,169 characters ran, 8,369 printed nothing and exited 0). The encoded command must
 * stay under that; probe-parse.test.ts holds it there.
 */
export const nasProbeScript = commentedScript
  .split('\n')
  .filter((line) => !/^\s*#/.test(line))
  .join('\n');
