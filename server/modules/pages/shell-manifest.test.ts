import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type ShellManifest, shellManifestFile } from '../../../domain/shell-manifest';
import { builtShellManifest, readShellManifest } from './shell-manifest';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** A client build directory holding `text` as its shell manifest (none when undefined). */
function clientDir(text?: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lisons-shell-'));
  dirs.push(dir);
  if (text !== undefined) {
    fs.mkdirSync(path.join(dir, '.vite'));
    fs.writeFileSync(path.join(dir, shellManifestFile), text);
  }
  return dir;
}

const shell: ShellManifest = {
  entry: '/assets/index-a.js',
  stylesheets: ['/assets/index-b.css'],
  imports: ['/assets/jsx-runtime-c.js'],
  fonts: [],
  screens: { 'routes/about.tsx': ['/assets/about-d.js'] },
  inlineScripts: ["'sha256-t1J5NO9GThOBeRyPCPfZoTNNNXrp0Ac8hkHzCRcZUEU='"],
  document: { start: '<html><head>', head: '', headEnd: '', body: '</head><body>', end: '</body>' },
};

describe('reading the shell manifest', () => {
  it('gives the manifest the build wrote', () => {
    expect(readShellManifest(clientDir(JSON.stringify(shell)))).toEqual(shell);
  });

  it('stops start-up on a missing manifest, naming the file and the command that writes it', () => {
    const dir = clientDir();
    expect(() => readShellManifest(dir)).toThrow(
      `shell manifest missing: ${path.join(dir, shellManifestFile)} (run npm run build`,
    );
  });

  it('stops start-up on a manifest that is not JSON', () => {
    const dir = clientDir('{"entry": ');
    expect(() => readShellManifest(dir)).toThrow(
      new RegExp(`malformed: ${path.join(dir, shellManifestFile)} is not JSON.*npm run build`),
    );
  });

  it('stops start-up on a manifest of another shape, saying which field is wrong', () => {
    const { document: _, ...withoutDocument } = shell;
    for (const text of [
      JSON.stringify(withoutDocument),
      JSON.stringify({ ...shell, entry: 'assets/index-a.js' }),
      '[]',
    ]) {
      const dir = clientDir(text);
      expect(() => readShellManifest(dir)).toThrow(path.join(dir, shellManifestFile));
      expect(() => readShellManifest(dir)).toThrow('npm run build');
    }
    expect(() => readShellManifest(clientDir(JSON.stringify(withoutDocument)))).toThrow(/document/);
    expect(() =>
      readShellManifest(clientDir(JSON.stringify({ ...shell, entry: 'assets/index-a.js' }))),
    ).toThrow(/entry/);
  });

  it('reads it for a built client, and has none when the client is not built', () => {
    const built = clientDir(JSON.stringify(shell));
    fs.writeFileSync(path.join(built, 'index.html'), '<!doctype html>');
    expect(builtShellManifest(built)).toEqual(shell);
    expect(builtShellManifest(clientDir())).toBeNull();
    // A built client without its manifest (an older or interrupted build) stops start-up.
    const older = clientDir();
    fs.writeFileSync(path.join(older, 'index.html'), '<!doctype html>');
    expect(() => builtShellManifest(older)).toThrow('shell manifest missing');
  });
});
