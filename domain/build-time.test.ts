import { describe, expect, it } from 'vitest';
import { frenchBuildTime } from './build-time';

describe('the build instant in French', () => {
  it('is written in Paris time, summer and winter', () => {
    expect(frenchBuildTime('2026-07-14T20:05:00.000Z')).toBe('14 juillet 2026 à 22:05');
    expect(frenchBuildTime('2026-11-22T07:40:00.000Z')).toBe('22 novembre 2026 à 08:40');
  });

  it('keeps a text that is not an instant as it is', () => {
    expect(frenchBuildTime('pas une date')).toBe('pas une date');
  });
});
