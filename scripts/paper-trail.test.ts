import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Neither the product specification nor the issue tracker is in the repository, so a comment
// citing a section of one or an issue's number sends a newcomer nowhere. Comments cite
// docs/architecture.md's rules (its anchors) or a decision record instead.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const folders = ['client', 'server', 'domain', 'scripts', 'e2e', 'bench'];
const skipped = new Set(['node_modules', 'dist', 'data']);
const code = /\.(ts|tsx|js|mjs|html|css)$/;
const citations = [
  { name: 'a section of the spec', pattern: /\bspec\s+(00\d|§)/i },
  { name: 'an issue by number', pattern: /\bissues?\s+#?\d+/i },
];

function codeFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return skipped.has(entry.name) ? [] : codeFiles(full);
    return code.test(entry.name) ? [full] : [];
  });
}

function findCitations(file: string, text: string): string[] {
  return text
    .split('\n')
    .flatMap((line, i) =>
      citations
        .filter(({ pattern }) => pattern.test(line))
        .map(({ name }) => `${file}:${i + 1} cites ${name}: ${line.trim()}`),
    );
}

describe('the paper trail', () => {
  it('has no code file citing a document that is not in the repository', () => {
    const files = [
      ...folders.flatMap((folder) => codeFiles(path.join(root, folder))),
      ...fs
        .readdirSync(root)
        .filter((name) => code.test(name))
        .map((name) => path.join(root, name)),
    ];
    expect(files.length).toBeGreaterThan(100);
    const found = files.flatMap((file) =>
      findCitations(path.relative(root, file), fs.readFileSync(file, 'utf8')),
    );
    expect(found).toEqual([]);
  });

  it('names the spec section or issue number it refuses, and lets a decision through', () => {
    // Put together here, so that this file does not hold what it looks for.
    const spec = `// The rule (${'spec'} 001 §5).`;
    const issue = `// Targets (${'Issue'} 12).`;
    expect(findCitations('x.ts', [spec, issue, '// See decision 009.'].join('\n'))).toEqual([
      `x.ts:1 cites a section of the spec: ${spec}`,
      `x.ts:2 cites an issue by number: ${issue}`,
    ]);
  });
});
