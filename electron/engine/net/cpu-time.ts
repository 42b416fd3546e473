/**
 * The CPU share iperf3 reports at a test's end (cpu_util_*): this whole process's CPU time over the
 * test's wall time, in percent (it can pass 100 on several cores). Both ends tell it to the other one.
 */
export interface CpuUtilization {
  total: number;
  user: number;
  system: number;
}

export function measureCpu(since: NodeJS.CpuUsage, wallMs: number): CpuUtilization {
  const used = process.cpuUsage(since);
  const percent = (micros: number) => (wallMs > 0 ? micros / 10 / wallMs : 0);
  return { total: percent(used.user + used.system), user: percent(used.user), system: percent(used.system) };
}
