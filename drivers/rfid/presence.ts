import type { TagUid } from './tag-uid.js';

/** The only time the readers' adapters need: a timer they can cancel. Tests pass a clock they advance by hand. */
export type DriverClock = { setTimer(ms: number, fire: () => void): () => void };

export const SYSTEM_CLOCK: DriverClock = {
  setTimer(ms, fire) {
    const handle = setTimeout(fire, ms);
    return () => clearTimeout(handle);
  },
};

/** What presence tracking reports: a tag came into an antenna's field, or left it for good. */
export type PresenceEvent = { readonly type: 'tag-placed' | 'tag-lifted'; readonly antenna: number; readonly uid: TagUid };

/** A tag in one antenna's field; `cancelLift` while its absence waits out the flicker window. */
type Presence = { cancelLift: (() => void) | null };

/**
 * Which tags lie on which antenna, from what a reader says, debounced — shared by every reader's adapter,
 * whatever its protocol says: a reader that reports arrivals and departures (Felt's TAG_SEEN and TAG_GONE)
 * calls `seen` and `gone`; a reader that is polled (the PN532, the metratec reader's inventories) calls
 * `round` with every tag one antenna holds now.
 *
 * A tag is placed once, however often it is read again. A tag missing is lifted only when it stays away
 * for the flicker window (a hand over the card, a tag at the edge of a field). A tag seen at another
 * antenna while its lift waits has moved: the lift is reported at once, then the place, so events stay in
 * the order things happened. A tag read by two antennas at once (overlapping fields) is placed on both.
 * A tag gone that was never placed (read before the host listened) is nothing to lift.
 */
export class TagPresence {
  /** Where each tag is: uid → antenna → presence. */
  private readonly tags = new Map<TagUid, Map<number, Presence>>();

  constructor(
    private readonly emit: (event: PresenceEvent) => void,
    private readonly flickerWindowMs: number,
    private readonly clock: DriverClock,
  ) {}

  /** The tags on an antenna now, lifts still waiting included, in the order they came. */
  tagsAt(antenna: number): TagUid[] {
    return [...this.tags].filter(([, places]) => places.has(antenna)).map(([uid]) => uid);
  }

  seen(antenna: number, uid: TagUid): void {
    const here = this.tags.get(uid)?.get(antenna);
    if (here !== undefined) {
      // Read again while present, or back within the flicker window: still the same placement. Not a move,
      // though its lift waits elsewhere: a tag in two overlapping fields is read again by each in turn.
      here.cancelLift?.();
      here.cancelLift = null;
      return;
    }
    // New here, and gone from another antenna whose lift waits: it moved. Its lift comes first, now.
    for (const [other, presence] of [...(this.tags.get(uid) ?? [])]) {
      if (presence.cancelLift !== null) {
        presence.cancelLift();
        this.lift(uid, other);
      }
    }
    let places = this.tags.get(uid);
    if (places === undefined) {
      places = new Map();
      this.tags.set(uid, places);
    }
    places.set(antenna, { cancelLift: null });
    this.emit({ type: 'tag-placed', antenna, uid });
  }

  gone(antenna: number, uid: TagUid): void {
    const here = this.tags.get(uid)?.get(antenna);
    if (here === undefined || here.cancelLift !== null) return;
    if (this.flickerWindowMs <= 0) {
      this.lift(uid, antenna);
      return;
    }
    here.cancelLift = this.clock.setTimer(this.flickerWindowMs, () => this.lift(uid, antenna));
  }

  /** One antenna polled: every tag in `uids` is there now, every other tag placed there is missing. */
  round(antenna: number, uids: readonly TagUid[]): void {
    for (const uid of uids) this.seen(antenna, uid);
    const now = new Set(uids);
    for (const uid of this.tagsAt(antenna)) if (!now.has(uid)) this.gone(antenna, uid);
  }

  /** Forgets every tag and every lift waiting: after a disconnect nothing is known of the table. */
  forget(): void {
    for (const places of this.tags.values()) for (const presence of places.values()) presence.cancelLift?.();
    this.tags.clear();
  }

  private lift(uid: TagUid, antenna: number): void {
    const places = this.tags.get(uid);
    if (places?.delete(antenna) !== true) return;
    if (places.size === 0) this.tags.delete(uid);
    this.emit({ type: 'tag-lifted', antenna, uid });
  }
}
