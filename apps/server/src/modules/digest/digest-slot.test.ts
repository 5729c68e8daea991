import { describe, expect, it } from 'vitest';
import { nextDigestAt } from './digest-slot.js';

describe("a member's weekly slot", () => {
  it('is the next Saturday at 8 in their own zone', () => {
    // Tuesday 8 December 2026, 01:00 UTC: still Monday evening in Denver.
    const now = Date.parse('2026-12-08T01:00:00Z');
    expect(nextDigestAt('America/Denver', now)).toBe('2026-12-12T15:00:00.000Z');
    expect(nextDigestAt('America/New_York', now)).toBe('2026-12-12T13:00:00.000Z');
    expect(nextDigestAt('Pacific/Honolulu', now)).toBe('2026-12-12T18:00:00.000Z');
  });

  it('moves to the next week once this Saturday morning has passed, and keeps 8 across daylight saving', () => {
    expect(nextDigestAt('America/Denver', Date.parse('2026-12-12T15:00:00Z'))).toBe('2026-12-19T15:00:00.000Z');
    expect(nextDigestAt('America/Denver', Date.parse('2026-12-12T14:59:00Z'))).toBe('2026-12-12T15:00:00.000Z');
    // Clocks go forward on Sunday 14 March 2027: Saturday the 13th at 8 is MST, the 20th at 8 MDT.
    expect(nextDigestAt('America/Denver', Date.parse('2027-03-06T16:00:00Z'))).toBe('2027-03-13T15:00:00.000Z');
    expect(nextDigestAt('America/Denver', Date.parse('2027-03-13T16:00:00Z'))).toBe('2027-03-20T14:00:00.000Z');
  });
});
