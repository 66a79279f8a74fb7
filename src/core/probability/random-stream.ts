/**
 * A seeded stream of uniform and normal deviates for Monte Carlo: xoshiro128** 1.1 (D. Blackman and
 * S. Vigna, "Scrambled linear pseudorandom number generators", ACM TOMS 47(4) 36, 2021; reference C
 * code xoshiro128starstar.c at prng.di.unimi.it), period 2¹²⁸ − 1, seeded by SplitMix32 (the 32-bit
 * variant of Steele, Lea & Flood's SplitMix, "Fast splittable pseudorandom number generators",
 * OOPSLA 2014, as the xoshiro authors recommend for seeding).
 *
 * A Monte Carlo run is cut into chunks; chunk k of a run with seed s draws from its own stream
 * seeded by (s, k), so a run gives the same answer whatever the number of threads that share its
 * chunks. Mulberry32 (catalog/random.ts) has a period of only 2³², which a 1e8-sample run (24
 * 32-bit draws a sample) would exhaust.
 *
 * Uniforms carry 53 random bits (two draws), so normal deviates from them reach 8.5σ; normals come
 * from the Box–Muller transform (G. E. P. Box and M. E. Muller, Ann. Math. Statist. 29 (1958) 610),
 * both of each pair used.
 */
export interface RandomStream {
  /** Uniform in (0, 1): never 0, so a logarithm of it is finite. */
  uniform(): number;
  /** Fills `out[offset … offset + count)` with standard normal deviates. */
  normals(out: Float64Array, offset: number, count: number): void;
}

/** SplitMix32 step (Steele et al. 2014; constants of the 32-bit finaliser in MurmurHash3's fmix32). */
function splitMix32(state: { s: number }): number {
  state.s = (state.s + 0x9e3779b9) | 0;
  let z = state.s;
  z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
  z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
  return (z ^ (z >>> 16)) >>> 0;
}

const TWO_PI = 2 * Math.PI;
const TWO_POW_M53 = 2 ** -53;

/** The stream of chunk `chunk` of the run seeded by `seed` (both integers, taken modulo 2³²). */
export function randomStream(seed: number, chunk: number): RandomStream {
  const mix = { s: (Math.trunc(seed) ^ Math.imul(Math.trunc(chunk) + 1, 0x9e3779b1)) | 0 };
  // Two rounds through SplitMix32 so that neighbouring (seed, chunk) pairs start far apart.
  mix.s = splitMix32(mix) ^ Math.imul(Math.trunc(chunk), 0x632be5ab);
  let s0 = splitMix32(mix);
  let s1 = splitMix32(mix);
  let s2 = splitMix32(mix);
  let s3 = splitMix32(mix);
  if ((s0 | s1 | s2 | s3) === 0) s0 = 1;

  /** xoshiro128** next(): a uniform 32-bit integer. */
  const next32 = (): number => {
    const x = Math.imul(s1, 5);
    const result = Math.imul((x << 7) | (x >>> 25), 9) >>> 0;
    const t = s1 << 9;
    s2 ^= s0;
    s3 ^= s1;
    s1 ^= s2;
    s0 ^= s3;
    s2 ^= t;
    s3 = (s3 << 11) | (s3 >>> 21);
    return result;
  };

  const uniform = (): number => {
    // 53 bits: the top 27 of one draw and the top 26 of the next (the xoshiro authors' recipe for doubles).
    for (;;) {
      const u = ((next32() >>> 5) * 67108864 + (next32() >>> 6)) * TWO_POW_M53;
      if (u > 0) return u;
    }
  };

  return {
    uniform,
    normals(out, offset, count) {
      let i = offset;
      const end = offset + count;
      while (i < end) {
        const radius = Math.sqrt(-2 * Math.log(uniform()));
        const angle = TWO_PI * uniform();
        out[i] = radius * Math.cos(angle);
        i += 1;
        if (i < end) {
          out[i] = radius * Math.sin(angle);
          i += 1;
        }
      }
    },
  };
}
