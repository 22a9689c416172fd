import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectRoot } from '../server/paths';

// The API's OpenAPI document as another program's author meets it: generated from the
// routes, linted by Redocly with its recommended rules, turned into TypeScript types by
// openapi-typescript, and the example of docs/ type-checked against them by the project's
// own compiler. The tools live in scripts/openapi-client (openapi-typescript needs the
// TypeScript 5 compiler API beside the project's TypeScript 7; decision 051).

const tools = path.join(projectRoot, 'scripts/openapi-client');
const work = path.join(tools, '.generated');
const document = path.join(work, 'openapi.json');
const resolveTool = createRequire(path.join(tools, 'package.json')).resolve;
const bin = (pkg: string, file: string) =>
  path.join(path.dirname(resolveTool(`${pkg}/package.json`)), file);

const node = (args: string[]) =>
  spawnSync(process.execPath, args, {
    cwd: projectRoot,
    encoding: 'utf8',
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
  });

/** Type-checks `files` (in the work folder) with the project's TypeScript 7; its output. */
function typeCheck(files: string[]): { ok: boolean; output: string } {
  const config = path.join(work, `tsconfig.${files[0]}.json`);
  fs.writeFileSync(
    config,
    JSON.stringify({
      compilerOptions: {
        target: 'ES2023',
        lib: ['ES2023', 'DOM'],
        module: 'ESNext',
        moduleResolution: 'Bundler',
        strict: true,
        noUncheckedIndexedAccess: true,
        noEmit: true,
        skipLibCheck: true,
        types: ['node'],
      },
      files,
    }),
  );
  const run = node([path.join(projectRoot, 'node_modules/typescript/bin/tsc'), '-p', config]);
  return { ok: run.status === 0, output: `${run.stdout}${run.stderr}` };
}

beforeAll(() => {
  fs.rmSync(work, { recursive: true, force: true });
  fs.mkdirSync(work, { recursive: true });
  // A production document: its server is an https PUBLIC_URL.
  execFileSync(
    process.execPath,
    ['--import', 'tsx', 'scripts/openapi-document.ts', document, 'https://lisons.app'],
    { cwd: projectRoot, stdio: 'pipe' },
  );
}, 120_000);
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

describe('the OpenAPI document, from a client’s side', () => {
  it('passes redocly lint with the recommended rules', () => {
    const run = node([
      bin('@redocly/cli', 'bin/cli.js'),
      'lint',
      document,
      '--config',
      path.join(tools, 'redocly.yaml'),
      '--format=json',
    ]);
    const report = JSON.parse(run.stdout) as {
      totals: { errors: number; warnings: number };
      problems: { ruleId: string; message: string }[];
    };
    expect(report.problems.length).toBe(report.totals.errors + report.totals.warnings);
    expect(run.status, run.stderr).toBe(0);
    expect(report.totals.errors).toBe(0);
    // The one warning left: Lisons states no licence, and the document says none.
    expect(report.problems.map((p) => p.ruleId)).toEqual(['info-license']);
  }, 60_000);

  it('gives a typed client against which docs/api-example.ts type-checks', () => {
    const types = path.join(work, 'lisons-api.d.ts');
    const generated = node([bin('openapi-typescript', 'bin/cli.js'), document, '--output', types]);
    expect(generated.status, generated.stderr).toBe(0);
    expect(fs.readFileSync(types, 'utf8')).toContain('"/api/reading-list"');
    const example = fs.readFileSync(path.join(projectRoot, 'docs/api-example.ts'), 'utf8');
    fs.writeFileSync(path.join(work, 'api-example.ts'), example);
    const checked = typeCheck(['api-example.ts']);
    expect(checked.output).toBe('');
    expect(checked.ok).toBe(true);

    // Not vacuous: the same example reading a field the API does not have fails.
    const wrong = example.replace('book.title', 'book.titre');
    expect(wrong).not.toBe(example);
    fs.writeFileSync(path.join(work, 'api-example-wrong.ts'), wrong);
    const refused = typeCheck(['api-example-wrong.ts']);
    expect(refused.ok).toBe(false);
    expect(refused.output).toMatch(/titre/);
  }, 60_000);
});
