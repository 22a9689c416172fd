import { describe, expect, it } from 'vitest';
import { perExecutor } from './per-executor';

describe('perExecutor', () => {
  it('builds once per executor and gives each executor its own', () => {
    const built: string[] = [];
    const statementOf = perExecutor((executor: { name: string }) => {
      built.push(executor.name);
      return { on: executor.name };
    });
    const db = { name: 'db' };
    const tx = { name: 'tx' };

    const first = statementOf(db);
    expect(statementOf(db)).toBe(first);
    expect(statementOf(tx)).toEqual({ on: 'tx' });
    expect(statementOf(tx)).not.toBe(first);
    expect(built).toEqual(['db', 'tx']);
  });
});
