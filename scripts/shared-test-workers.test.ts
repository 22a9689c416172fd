import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The server projects run without per-file isolation (vitest.config.ts, `isolate: false`):
// the files of one worker share its modules. A module mock or fake timers left by one file
// would change what the next one runs, so server tests use neither (README, "Tests").
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const shared = /\bvi\.(mock|doMock|unmock|useFakeTimers|stubGlobal|stubEnv)\(/;

function testFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return testFiles(full);
    return entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

/** `file:line` of each call that would outlive its file in a shared worker. */
function sharedStateCalls(file: string, text: string): string[] {
  return text
    .split('\n')
    .flatMap((line, i) => (shared.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : []));
}

describe('server tests in shared workers', () => {
  it('mock no module and fake no timer or global', () => {
    const files = testFiles(path.join(root, 'server'));
    expect(files.length).toBeGreaterThan(50);
    const found = files.flatMap((file) =>
      sharedStateCalls(path.relative(root, file), fs.readFileSync(file, 'utf8')),
    );
    expect(found).toEqual([]);
  });

  it('names the call it refuses', () => {
    // Put together here, so that this file does not hold what it looks for.
    const mock = `vi.${'mock'}('../db/client');`;
    expect(sharedStateCalls('x.test.ts', ['const a = 1;', mock].join('\n'))).toEqual([
      `x.test.ts:2: ${mock}`,
    ]);
  });
});
