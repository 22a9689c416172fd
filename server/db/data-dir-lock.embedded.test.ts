import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from './data-dir-lock';

const dirs: string[] = [];
const children: ChildProcess[] = [];
function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lisons-lock-'));
  dirs.push(dir);
  return dir;
}
// What a lock of ours holds: our pid, then our process's start time (clock ticks since boot).
const ours = new RegExp(`^${process.pid} \\d+$`);
function startTimeOf(pid: number | undefined): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19]);
}
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('lockDataDir', () => {
  it('takes a free directory and writes our pid and start time, then releases it', () => {
    const dir = tempDir();
    const lock = lockDataDir(dir);
    expect(fs.readFileSync(lock.path, 'utf8')).toMatch(ours);
    expect(fs.readFileSync(lock.path, 'utf8')).toBe(`${process.pid} ${startTimeOf(process.pid)}`);
    lock.release();
    expect(fs.existsSync(lock.path)).toBe(false);
  });

  it('refuses a directory held by a live process, naming it, and leaves its lock alone', () => {
    const dir = tempDir();
    const holder = spawn('sleep', ['30']);
    children.push(holder);
    fs.writeFileSync(path.join(dir, 'lisons.lock'), String(holder.pid));
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    expect(() => lockDataDir(dir)).toThrow(
      `déjà utilisé par un autre serveur Lisons (pid ${holder.pid})`,
    );
    expect(fs.readFileSync(path.join(dir, 'lisons.lock'), 'utf8')).toBe(String(holder.pid));
  });

  it('refuses a lock whose live writer still runs (same pid, same start time)', () => {
    const dir = tempDir();
    const holder = spawn('sleep', ['30']);
    children.push(holder);
    const line = `${holder.pid} ${startTimeOf(holder.pid)}`;
    fs.writeFileSync(path.join(dir, 'lisons.lock'), line);
    expect(() => lockDataDir(dir)).toThrow(`(pid ${holder.pid})`);
    expect(fs.readFileSync(path.join(dir, 'lisons.lock'), 'utf8')).toBe(line);
  });

  it('takes over a lock whose pid now belongs to an unrelated live process', () => {
    const dir = tempDir();
    // The writer died; its pid was handed to this process, which started at another time.
    const unrelated = spawn('sleep', ['30']);
    children.push(unrelated);
    const writerStart = startTimeOf(unrelated.pid) - 1;
    fs.writeFileSync(path.join(dir, 'lisons.lock'), `${unrelated.pid} ${writerStart}`);
    const lock = lockDataDir(dir);
    expect(fs.readFileSync(lock.path, 'utf8')).toMatch(ours);
    lock.release();
    expect(fs.existsSync(lock.path)).toBe(false);
  });

  it('takes over a lock left by a process that died (kill -9)', () => {
    const dir = tempDir();
    const dead = spawnSync('sh', ['-c', 'echo $$']);
    const deadPid = dead.stdout.toString().trim();
    fs.writeFileSync(path.join(dir, 'lisons.lock'), deadPid);
    const lock = lockDataDir(dir);
    expect(fs.readFileSync(lock.path, 'utf8')).toMatch(ours);
    lock.release();
  });

  it('takes over an unreadable (empty) lock file', () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'lisons.lock'), '');
    const lock = lockDataDir(dir);
    expect(fs.readFileSync(lock.path, 'utf8')).toMatch(ours);
    lock.release();
  });
});
