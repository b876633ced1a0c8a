import fs from 'node:fs';
import os from 'node:os';

/**
 * Who burns the CPU during a run, from /proc (Linux only; elsewhere the figures are null). On one host
 * with 2 cores the server, PostgreSQL and the load generator share the machine, so these tell which of
 * them saturates first. Process figures are percent of one core (200 means both cores of a 2-core
 * machine); machine_busy_pct is percent of all cores.
 */
export interface CpuUse {
  cores: number;
  server_pct: number | null;
  /** Every PostgreSQL process of the host (only measured when the database is local). */
  postgres_pct: number | null;
  load_generator_pct: number;
  /** Kernel time in hard and soft interrupts (loopback networking lands here), counted to no process. */
  kernel_irq_pct: number | null;
  machine_busy_pct: number | null;
  /** Other programs on the host: above ~20 the run was disturbed and its numbers understate the server. */
  other_pct: number | null;
  /** The biggest of those other programs, to tell what disturbed a run. */
  top_others: { pid: number; command: string; pct: number }[];
}

const TICKS_PER_SECOND = 100; // USER_HZ on Linux

interface ProcTicks {
  command: string;
  ticks: number;
}

/** utime + stime of every process, by pid. */
function processSnapshot(): Map<number, ProcTicks> | null {
  let pids: string[];
  try {
    pids = fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d));
  } catch {
    return null;
  }
  const out = new Map<number, ProcTicks>();
  for (const pid of pids) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      const command = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      // Fields after the command name: utime and stime are the 12th and 13th.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      out.set(Number(pid), { command, ticks: Number(fields[11]) + Number(fields[12]) });
    } catch {
      /* the process ended meanwhile */
    }
  }
  return out;
}

interface MachineTicks {
  busy: number;
  irq: number;
  all: number;
}

function machineTicks(): MachineTicks | null {
  try {
    const line = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '';
    // user nice system idle iowait irq softirq steal
    const v = line.trim().split(/\s+/).slice(1).map(Number);
    const all = v.slice(0, 8).reduce((a, b) => a + b, 0);
    const idle = (v[3] ?? 0) + (v[4] ?? 0);
    return { busy: all - idle, irq: (v[5] ?? 0) + (v[6] ?? 0), all };
  } catch {
    return null;
  }
}

/** Starts measuring; the returned function ends the measurement and answers the CPU use in between. */
export function measureCpu(serverPid: number, includePostgres: boolean): () => CpuUse {
  const started = process.hrtime.bigint();
  const self = process.cpuUsage();
  const before = processSnapshot();
  const machine = machineTicks();
  return () => {
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    const after = processSnapshot();
    const machineNow = machineTicks();
    const own = process.cpuUsage(self);
    const cores = os.cpus().length;
    const pct = (ticks: number) => Math.max(0, Math.round((ticks / TICKS_PER_SECOND / seconds) * 1000) / 10);

    let server: number | null = null;
    let postgres: number | null = includePostgres && after ? 0 : null;
    const others: { pid: number; command: string; pct: number }[] = [];
    if (before && after) {
      for (const [pid, now] of after) {
        // A process that started during the run counts from zero.
        const delta = now.ticks - (before.get(pid)?.ticks ?? 0);
        if (pid === serverPid) server = pct(delta);
        else if (now.command === 'postgres' && postgres !== null) postgres += delta;
        else if (pid !== process.pid && delta > 0) others.push({ pid, command: now.command, pct: pct(delta) });
      }
    }
    if (postgres !== null) postgres = pct(postgres);
    const loadGenerator = Math.round(((own.user + own.system) / 1e6 / seconds) * 1000) / 10;
    const span = machine && machineNow && machineNow.all > machine.all ? machineNow.all - machine.all : 0;
    const machineBusy = span ? Math.round(((machineNow!.busy - machine!.busy) / span) * 1000) / 10 : null;
    const irq = span ? Math.round(((machineNow!.irq - machine!.irq) / span) * cores * 1000) / 10 : null;
    const other =
      machineBusy !== null && server !== null && postgres !== null
        ? Math.max(0, Math.round((machineBusy * cores - server - postgres - loadGenerator - (irq ?? 0)) * 10) / 10)
        : null;
    return {
      cores,
      server_pct: server,
      postgres_pct: postgres,
      load_generator_pct: loadGenerator,
      kernel_irq_pct: irq,
      machine_busy_pct: machineBusy,
      other_pct: other,
      top_others: others.sort((a, b) => b.pct - a.pct).slice(0, 5),
    };
  };
}
