import fs from 'node:fs';
import v8 from 'node:v8';

// Loaded into the SERVER process by bench/memory.ts (node --import ./bench/lib/memory-probe.ts
// dist/app/main.js), so the bench can say whose memory the resident set is without
// any route: on each SIGUSR2 it writes to MEMORY_PROBE_FILE process.memoryUsage(), the V8
// heap's spaces and the WebAssembly memories still alive (PGlite's Postgres runs in one: its
// size only grows, a WebAssembly memory cannot shrink) with how much of them is resident. With MEMORY_PROBE_GC=1 and
// --expose-gc it first runs a full GC. Without MEMORY_PROBE_FILE it does nothing.
const file = process.env.MEMORY_PROBE_FILE;
if (file) {
  // Every WebAssembly.Memory made from now on (PGlite creates its own before instantiating),
  // and every memory a module exports itself, held weakly: a closed instance's memory
  // counts until the GC frees it, as it does in the resident set.
  const memories = new Set<WeakRef<WebAssembly.Memory>>();
  const track = (memory: unknown) => {
    if (memory instanceof WebAssembly.Memory) memories.add(new WeakRef(memory));
  };
  const Original = WebAssembly.Memory;
  const Tracked = function (this: unknown, descriptor: WebAssembly.MemoryDescriptor) {
    const memory = new Original(descriptor);
    track(memory);
    return memory;
  } as unknown as typeof WebAssembly.Memory;
  Tracked.prototype = Original.prototype;
  WebAssembly.Memory = Tracked;
  const trackExports = (instance: WebAssembly.Instance) => {
    for (const value of Object.values(instance.exports)) track(value);
  };
  const instantiate = WebAssembly.instantiate.bind(WebAssembly);
  WebAssembly.instantiate = (async (...args: Parameters<typeof WebAssembly.instantiate>) => {
    const result = (await instantiate(...args)) as
      | WebAssembly.Instance
      | WebAssembly.WebAssemblyInstantiatedSource;
    trackExports('instance' in result ? result.instance : result);
    return result;
  }) as typeof WebAssembly.instantiate;

  const mb = (n: number) => Math.round(n / 1024 / 102.4) / 10;
  const write = () => {
    if (process.env.MEMORY_PROBE_GC === '1') (globalThis as { gc?: () => void }).gc?.();
    let wasm = 0;
    let wasmCount = 0;
    const sizes: number[] = [];
    for (const ref of memories) {
      const memory = ref.deref();
      if (!memory) {
        memories.delete(ref);
        continue;
      }
      wasm += memory.buffer.byteLength;
      sizes.push(memory.buffer.byteLength);
      wasmCount++;
    }
    // What of those WebAssembly memories is resident: each is one anonymous mapping of
    // exactly its byteLength (beside a guard reservation of many GB), so smaps' Rss of the
    // mappings of those sizes is theirs (the ones of 16 MB and more: no other is that size).
    const sizesKb = new Set(sizes.filter((n) => n >= 16 * 1024 * 1024).map((n) => n / 1024));
    let wasmRssKb = 0;
    let matched = false;
    // The rest of the resident set by mapping: anonymous memory (V8's heap, malloc's arenas,
    // WebAssembly) against files mapped in (the node binary's code, ICU's data, libraries).
    const residentKb = { anonymous: 0, files: 0 } as Record<string, number>;
    let mapping = 'anonymous';
    for (const line of fs.readFileSync('/proc/self/smaps', 'utf8').split('\n')) {
      const header = /^[0-9a-f]+-[0-9a-f]+ \S+ \S+ \S+ \S+\s*(.*)$/.exec(line);
      if (header) {
        const name = header[1] ?? '';
        mapping = name.startsWith('/') ? 'files' : name === '[heap]' ? 'brk' : 'anonymous';
        continue;
      }
      const field = /^(Size|Rss):\s+(\d+) kB/.exec(line);
      if (field?.[1] === 'Size') matched = sizesKb.has(Number(field[2]));
      else if (field?.[1] === 'Rss') {
        residentKb[mapping] = (residentKb[mapping] ?? 0) + Number(field[2]);
        if (matched) wasmRssKb += Number(field[2]);
      }
    }
    const usage = process.memoryUsage();
    const spaces = Object.fromEntries(
      v8.getHeapSpaceStatistics().map((s) => [s.space_name, mb(s.space_used_size)]),
    );
    const reading = {
      pid: process.pid,
      rssMb: mb(usage.rss),
      heapTotalMb: mb(usage.heapTotal),
      heapUsedMb: mb(usage.heapUsed),
      externalMb: mb(usage.external),
      arrayBuffersMb: mb(usage.arrayBuffers),
      wasmMb: mb(wasm),
      wasmResidentMb: mb(wasmRssKb * 1024),
      wasmMemories: wasmCount,
      residentMb: Object.fromEntries(
        Object.entries(residentKb).map(([name, kb]) => [name, mb(kb * 1024)]),
      ),
      heapSpacesMb: spaces,
    };
    fs.writeFileSync(file, JSON.stringify(reading));
  };
  process.on('SIGUSR2', write);
  write();
}
