import fs from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';

// Loaded into the SERVER process by bench/live.ts (node --expose-gc --import ./bench/lib/live-probe.ts
// dist/app/main.js), so the bench reads the server's own state without any route:
// at start and on each SIGUSR2 it writes to LIVE_PROBE_FILE its pid, its event loop's delay
// since the last reading (p50, p99, max in ms), then, after a full GC (with --expose-gc),
// process.memoryUsage(). Without LIVE_PROBE_FILE it does nothing.
const file = process.env.LIVE_PROBE_FILE;
if (file) {
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  let seq = 0;
  const write = () => {
    const ms = (ns: number) => Math.round(ns / 1e4) / 100;
    const delay = { p50: ms(loop.percentile(50)), p99: ms(loop.percentile(99)), max: ms(loop.max) };
    (globalThis as { gc?: () => void }).gc?.();
    const reading = { pid: process.pid, seq: seq++, loop: delay, ...process.memoryUsage() };
    fs.writeFileSync(file, JSON.stringify(reading));
    // After the GC's own pause has been seen by the monitor: the next reading starts clean.
    setTimeout(() => loop.reset(), 50);
  };
  write();
  process.on('SIGUSR2', write);
}
