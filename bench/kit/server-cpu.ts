/**
 * CPU time a process has used, all its threads together, from Linux's per-task schedstat
 * (nanoseconds on the CPU). The HTTP suites read it around each load round to report the
 * server's CPU per request next to req/s: on this 2-core machine the load generator shares
 * the cores, so req/s also reflects the client and the wake-ups between them, while CPU per
 * request is the server's own cost. Undefined where /proc is not there.
 */
import { readdirSync, readFileSync } from 'node:fs';

export function cpuNs(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  let total = 0;
  try {
    for (const task of readdirSync(`/proc/${pid}/task`)) {
      try {
        total += Number(readFileSync(`/proc/${pid}/task/${task}/schedstat`, 'utf8').split(' ')[0]);
      } catch { /* the thread ended between the listing and the read */ }
    }
  } catch {
    return undefined;
  }
  return total;
}

/**
 * The kernel's share of a process's CPU (all threads, ticks of 10 ms from /proc/<pid>/stat:
 * stime ÷ (utime + stime)); coarse, for windows of seconds. Undefined where /proc is not there.
 */
export function cpuTicks(pid: number | undefined): { user: number; system: number } | undefined {
  if (pid === undefined) return undefined;
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /, '').split(' ');
    return { user: Number(fields[11]), system: Number(fields[12]) };
  } catch {
    return undefined;
  }
}
