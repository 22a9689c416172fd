import { monitorEventLoopDelay } from 'node:perf_hooks';
import { now } from './live-streams';

// Open-loop pacing for the live bench: event n is sent at start + n / rate whatever became of
// the earlier ones (a slow insert never delays the next), each stamped with its send time.

export type Paced = {
  /** Stream deliveries the events should make (what each send said). */
  expected: number;
  failures: number;
  /** Each insert's round trip (it returns once committed, when the NOTIFY leaves), sorted. */
  inserts: number[];
  /** When event n's insert answered (committed): the fan-out's own share starts there. */
  committedAt: number[];
  /** Sending took this long, from the first event to the last insert's answer. */
  ms: number;
};

export async function paced(options: {
  rate: number;
  seconds: number;
  /** Sends event n with its JSON data; resolves to how many stream deliveries it should make. */
  send: (n: number, data: string) => Promise<number>;
  /** Added to every event's data. */
  tag: Record<string, unknown>;
}): Promise<Paced> {
  const { rate, seconds, send } = options;
  const total = rate * seconds;
  const result: Paced = { expected: 0, failures: 0, inserts: [], committedAt: [], ms: 0 };
  const sends: Promise<void>[] = [];
  const start = performance.now();
  for (let n = 0; n < total; ) {
    const due = Math.min(total, Math.floor(((performance.now() - start) * rate) / 1000) + 1);
    for (; n < due; n++) {
      const sentAt = now();
      const index = n; // n moves on before the insert answers
      const data = JSON.stringify({ ...options.tag, n: index, sentAt });
      sends.push(
        send(index, data).then(
          (count) => {
            result.expected += count;
            result.committedAt[index] = now();
            result.inserts.push(now() - sentAt);
          },
          () => {
            result.failures += 1;
          },
        ),
      );
    }
    const wait = start + (n * 1000) / rate - performance.now();
    await new Promise((r) => setTimeout(r, Math.max(0, wait)));
  }
  await Promise.all(sends);
  result.ms = performance.now() - start;
  result.inserts.sort((a, b) => a - b);
  return result;
}

/** Polls until `have()` reaches `want`, or `ms` passed (stragglers). */
export async function settle(have: () => number, want: number, ms: number) {
  for (const until = performance.now() + ms; have() < want && performance.now() < until; ) {
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** This process's event-loop delay: a stall here delays the arrival times the bench records. */
export function loopDelay() {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  return {
    reset: () => histogram.reset(),
    max: () => Math.round(histogram.max / 1e5) / 10,
  };
}
