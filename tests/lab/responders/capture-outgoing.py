#!/usr/bin/env python3
"""Records every packet this network namespace SENDS, on all its interfaces, for the discovery tests.

Run inside the client namespace (tcpdump and tshark are not installed here; a raw AF_PACKET socket
needs only root):  ip netns exec nb-client python3 capture-outgoing.py SECONDS
Prints "ready" once capturing, then after SECONDS (or SIGTERM) one JSON array of packets:
{"if", "ethertype", "src", "dst", "ttl", "proto", "sport", "dport"} (IPv4 fields only for IPv4).
"""
import json
import signal
import socket
import struct
import sys
import time

ETH_P_ALL = 0x0003
PACKET_OUTGOING = 4

seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 10.0
sock = socket.socket(socket.AF_PACKET, socket.SOCK_RAW, socket.htons(ETH_P_ALL))
sock.settimeout(0.2)
packets = []
stopped = False


def stop(*_):
    global stopped
    stopped = True


signal.signal(signal.SIGTERM, stop)
print("ready", flush=True)
deadline = time.time() + seconds
while not stopped and time.time() < deadline:
    try:
        frame, (ifname, _proto, pkttype, _hatype, _addr) = sock.recvfrom(65535)
    except socket.timeout:
        continue
    if pkttype != PACKET_OUTGOING or len(frame) < 14:
        continue
    ethertype = struct.unpack("!H", frame[12:14])[0]
    entry = {"if": ifname, "ethertype": ethertype}
    if ethertype == 0x0800 and len(frame) >= 34:
        ip = frame[14:]
        header = (ip[0] & 0x0F) * 4
        entry.update(
            src=socket.inet_ntoa(ip[12:16]), dst=socket.inet_ntoa(ip[16:20]), ttl=ip[8], proto=ip[9]
        )
        if ip[9] in (6, 17) and len(ip) >= header + 4:
            entry["sport"], entry["dport"] = struct.unpack("!HH", ip[header : header + 4])
    elif ethertype == 0x86DD and len(frame) >= 54:
        entry["dst"] = socket.inet_ntop(socket.AF_INET6, frame[38:54])
    packets.append(entry)
print(json.dumps(packets), flush=True)
