import { describe, expect, it } from 'vitest';
import {
  expectedSegments,
  nextSegment,
  pagesRead,
  progressPercent,
  readingStatus,
  segmentPages,
  segmentRefusal,
} from './segments';

describe('segments', () => {
  it.each([
    [1, 1],
    [30, 1],
    [31, 2],
    [150, 5],
    [1900, 64],
    [0, 1],
  ])('%i pages → %i expected segments', (pages, segments) => {
    expect(expectedSegments(pages)).toBe(segments);
  });

  it('segment n covers pages 30(n−1)+1 to 30n, capped at the book', () => {
    expect(segmentPages(1, 150)).toEqual({ from: 1, to: 30 });
    expect(segmentPages(3, 150)).toEqual({ from: 61, to: 90 });
    expect(segmentPages(5, 140)).toEqual({ from: 121, to: 140 });
  });

  it('current page after n segments is min(30n, total pages)', () => {
    expect(pagesRead(0, 150)).toBe(0);
    expect(pagesRead(2, 150)).toBe(60);
    expect(pagesRead(5, 140)).toBe(140);
  });

  it.each([
    [0, 5, 'to_read'],
    [1, 5, 'in_progress'],
    [4, 5, 'in_progress'],
    [5, 5, 'completed'],
    [6, 5, 'completed'],
  ] as const)('%i of %i validated → %s', (validated, expected, status) => {
    expect(readingStatus(validated, expected)).toBe(status);
  });

  it('progress percent is floored and capped', () => {
    expect(progressPercent(1, 3)).toBe(33);
    expect(progressPercent(3, 3)).toBe(100);
    expect(progressPercent(4, 3)).toBe(100);
    expect(progressPercent(0, 0)).toBe(0);
  });

  it('lets a reader validate only the next segment of an unfinished book', () => {
    expect(segmentRefusal({ validated: 2, expected: 5, segment: 3 })).toBeNull();
    expect(segmentRefusal({ validated: 2, expected: 5, segment: 2 })?.message).toBe(
      'Ce segment a déjà été validé',
    );
    expect(segmentRefusal({ validated: 2, expected: 5, segment: 4 })?.code).toBe(
      'SEGMENT_NOT_NEXT',
    );
    expect(segmentRefusal({ validated: 5, expected: 5, segment: 6 })?.message).toBe(
      'Vous avez déjà terminé ce livre !',
    );
    expect(nextSegment(2, 5)).toBe(3);
    expect(nextSegment(5, 5)).toBe(5);
  });
});
