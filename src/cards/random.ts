/**
 * The seeded random source for simulation: xoshiro128** 1.0 (Blackman and Vigna, 2018), a small,
 * fast generator with a 128-bit state and a period of 2^128 − 1, seeded through SplitMix32 so that
 * any 32-bit seed (including 0) gives a well-mixed state. Never `Math.random`: a simulated session
 * replays card for card from its seed. Not for real shuffles: a real table's cards come from the
 * shuffler and the readers, never from this.
 */
export class SeededRandom {
  private s0: number;
  private s1: number;
  private s2: number;
  private s3: number;

  constructor(seed: number) {
    if (!Number.isInteger(seed) || seed < 0 || seed > 0xffffffff) {
      throw new RangeError(`seed must be an integer 0–4294967295, got ${String(seed)}`);
    }
    let x = seed >>> 0;
    const splitMix32 = (): number => {
      x = (x + 0x9e3779b9) | 0;
      let z = x;
      z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
      z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
      return (z ^ (z >>> 16)) >>> 0;
    };
    this.s0 = splitMix32();
    this.s1 = splitMix32();
    this.s2 = splitMix32();
    this.s3 = splitMix32();
  }

  /** A generator in a given state (four 32-bit words, not all zero): for test vectors and resuming. */
  static fromState(state: readonly [number, number, number, number]): SeededRandom {
    if (state.every((word) => word === 0)) throw new RangeError('xoshiro128** state must not be all zero');
    const random = new SeededRandom(0);
    [random.s0, random.s1, random.s2, random.s3] = state.map((word) => word | 0) as [number, number, number, number];
    return random;
  }

  /** The generator's state, for saving a simulation and resuming it with `fromState`. */
  state(): [number, number, number, number] {
    return [this.s0 >>> 0, this.s1 >>> 0, this.s2 >>> 0, this.s3 >>> 0];
  }

  /** The next 32 random bits as an unsigned integer. */
  nextUint32(): number {
    const result = Math.imul(rotl(Math.imul(this.s1, 5), 7), 9) >>> 0;
    const t = this.s1 << 9;
    this.s2 ^= this.s0;
    this.s3 ^= this.s1;
    this.s1 ^= this.s2;
    this.s0 ^= this.s3;
    this.s2 ^= t;
    this.s3 = rotl(this.s3, 11);
    return result;
  }

  /**
   * A uniform integer in [0, bound), without modulo bias (Lemire's multiply-and-reject). The bound is
   * at most 2^21 so that the 32 × 21-bit product stays exact in a double.
   */
  nextInt(bound: number): number {
    if (!Number.isInteger(bound) || bound < 1 || bound > MAX_BOUND) {
      throw new RangeError(`bound must be an integer 1–${MAX_BOUND}, got ${String(bound)}`);
    }
    let product = this.nextUint32() * bound;
    let high = Math.floor(product / 0x100000000);
    // The low 32 bits decide; below `bound` (rare) they may fall in the biased zone, and only then is
    // the exact threshold (a slow floating-point remainder) needed.
    if (product - high * 0x100000000 < bound) {
      const threshold = (0x100000000 - bound) % bound;
      while (product - high * 0x100000000 < threshold) {
        product = this.nextUint32() * bound;
        high = Math.floor(product / 0x100000000);
      }
    }
    return high;
  }
}

const MAX_BOUND = 1 << 21;

function rotl(x: number, k: number): number {
  return (x << k) | (x >>> (32 - k));
}
