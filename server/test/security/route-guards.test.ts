import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { projectRoot } from '../../paths';

// Each route names its guard in its own options (`preHandler: requireReader(…)` or
// `requireAdmin`; docs/architecture.md, "Walls"), never a preHandler hook on its plugin's
// scope: the guard is read where the route is declared, and the route table the sweeps and
// openapi.ts read carries it.
it('no server module guards a whole scope with a preHandler hook', () => {
  const modules = path.join(projectRoot, 'server/modules');
  const offenders = fs
    .readdirSync(modules, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
    .filter((file) =>
      /\.addHook\(\s*['"]preHandler['"]/.test(fs.readFileSync(path.join(modules, file), 'utf8')),
    );
  expect(offenders).toEqual([]);
});
