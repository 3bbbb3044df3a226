import { describe, expect, it } from 'vitest';
import { type PresenceEvent, TagPresence } from '../../../drivers/rfid/presence.js';
import { ManualClock, UID_A, UID_B } from './rfid-fixtures.js';

const placed = (antenna: number, uid = UID_A): PresenceEvent => ({ type: 'tag-placed', antenna, uid });
const lifted = (antenna: number, uid = UID_A): PresenceEvent => ({ type: 'tag-lifted', antenna, uid });

function tracking(flickerWindowMs = 300) {
  const clock = new ManualClock();
  const events: PresenceEvent[] = [];
  const presence = new TagPresence((event) => events.push(event), flickerWindowMs, clock);
  return { clock, presence, take: () => events.splice(0) };
}

describe('presence from polled rounds (the PN532 and the metratec reader)', () => {
  it('places a tag at its first round and lifts it only after it stayed out of the rounds for the flicker window', () => {
    const { clock, presence, take } = tracking();
    presence.round(3, [UID_A]);
    presence.round(3, [UID_A]);
    expect(take()).toEqual([placed(3)]);
    presence.round(3, []);
    clock.advance(250);
    presence.round(3, []);
    expect(take()).toEqual([]);
    clock.advance(50);
    expect(take()).toEqual([lifted(3)]);
  });

  it('takes a tag in two overlapping fields that flickers out of one for a flicker, not a move: nothing (a spurious lift and place before)', () => {
    const { clock, presence, take } = tracking();
    presence.round(1, [UID_A]);
    presence.round(2, [UID_A]);
    expect(take()).toEqual([placed(1), placed(2)]);
    presence.round(1, []);
    // Antenna 2 reads it again while antenna 1's lift waits: it has not moved, it lies in both fields.
    presence.round(2, [UID_A]);
    clock.advance(100);
    presence.round(1, [UID_A]);
    clock.advance(1_000);
    expect(take()).toEqual([]);
  });

  it('takes a tag missing from a round or two and back within the window for a flicker: nothing', () => {
    const { clock, presence, take } = tracking();
    presence.round(5, [UID_A, UID_B]);
    take();
    presence.round(5, [UID_B]);
    clock.advance(100);
    presence.round(5, [UID_B]);
    clock.advance(100);
    presence.round(5, [UID_A, UID_B]);
    clock.advance(1_000);
    expect(take()).toEqual([]);
    expect(clock.waiting).toBe(0);
  });

  it('places a tag read by two antennas at once (overlapping fields) on both, and lifts it from each on its own', () => {
    const { clock, presence, take } = tracking();
    presence.round(3, [UID_A]);
    presence.round(4, [UID_A]);
    presence.round(3, [UID_A]);
    presence.round(4, [UID_A]);
    expect(take()).toEqual([placed(3), placed(4)]);
    presence.round(4, []);
    presence.round(3, [UID_A]);
    clock.advance(300);
    expect(take()).toEqual([lifted(4)]);
    expect(presence.tagsAt(3)).toEqual([UID_A]);
  });

  it('reports a tag that moved, missing at one antenna and then read at the next, as a lift there first and a place here', () => {
    const { presence, take } = tracking();
    presence.round(3, [UID_A]);
    take();
    presence.round(3, []);
    presence.round(22, [UID_A]);
    expect(take()).toEqual([lifted(3), placed(22)]);
  });

  it('forgets everything, lifts waiting included, when told', () => {
    const { clock, presence, take } = tracking();
    presence.round(3, [UID_A, UID_B]);
    presence.round(3, [UID_B]);
    presence.forget();
    clock.advance(1_000);
    expect(take()).toEqual([placed(3, UID_A), placed(3, UID_B)]);
    expect(presence.tagsAt(3)).toEqual([]);
  });
});
