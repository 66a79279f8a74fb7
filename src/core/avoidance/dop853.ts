/**
 * DOP853: the explicit Runge–Kutta method of order 8 by J. R. Dormand & P. J. Prince, with the
 * embedded 5th- and 3rd-order error estimators, step-size control and the dense output of order 7.
 * E. Hairer, S. P. Nørsett & G. Wanner, Solving Ordinary Differential Equations I: Nonstiff
 * Problems, 2nd ed. (Springer, 1993), Chapter II: §II.4 (step-size control, starting step), the
 * 8(5,3) pair, its dense output and the code DOP853 in §§II.5, II.6 and II.10.
 *
 * Coefficients, error estimator, step-size control and HINIT transcribed from Hairer & Wanner's
 * Fortran code dop853.f (version of April 25, 1996, small corrections March 4, 2002; subroutines
 * DP86CO, HINIT and CONTD8), read from the copy in the GitHub repository cpmech/hwode (dop853.f),
 * and checked digit for digit against SciPy's scipy/integrate/_ivp/dop853_coefficients.py, which
 * holds the same numbers (C, A, B = A[12], E3, E5, D). Names below are the Fortran's in capitals
 * (A141 is dop853.f's a141 = a_{14,1}, D413 its d413 = d_{4,13}, …).
 *
 * Not transcribed: dop853.f's stiffness detection (it only prints a warning or stops) and its
 * vector tolerances (ITOL = 1); tolerances here are scalars (ITOL = 0).
 *
 * The arithmetic works on Float64Array state of any length n; one call allocates its stage
 * vectors once and nothing per step (the dense variant grows one coefficient buffer, amortised).
 */

/** Right-hand side of y′ = f(t, y): writes f(t, y) into `dydt` (length n). Must not keep `y`. */
export type Derivative = (t: number, y: Float64Array, dydt: Float64Array) => void;

export interface Dop853Options {
  /** Relative tolerance (scalar RTOL of dop853.f). Default 1e-10. */
  rtol?: number;
  /** Absolute tolerance, > 0 (scalar ATOL of dop853.f). Default 1e-10. */
  atol?: number;
  /** Maximum number of steps tried, accepted or rejected (dop853.f IWORK(1), NMAX). Default 100000. */
  maxSteps?: number;
  /** First step size |h₀|; default: HINIT's guess (dop853.f WORK(7) = 0). */
  initialStep?: number;
  /** Largest step size |h| (dop853.f WORK(6)); default |t1 − t0|. */
  maxStep?: number;
}

export interface Dop853Result {
  /** The solution at t1. */
  y: Float64Array;
  /** Accepted steps (dop853.f NACCPT). */
  steps: number;
  /** Rejected steps, the first step's rejections included (dop853.f's NREJCT leaves those out). */
  rejected: number;
  /** Evaluations of f (dop853.f NFCN). */
  evaluations: number;
}

export interface Dop853Dense extends Dop853Result {
  /**
   * The solution at t in [min(t0, t1), max(t0, t1)] from the order-7 dense output of the step
   * holding t (dop853.f CONTD8). Writes into `out` when given (length n), else into a new array.
   */
  at(t: number, out?: Float64Array): Float64Array;
}

// Defaults of this code, not of dop853.f (which has none for the tolerances): tight enough for
// orbit states in km and km/s. The other defaults are dop853.f's (subroutine DOP853).
const DEFAULT_RTOL = 1e-10;
const DEFAULT_ATOL = 1e-10;
const DEFAULT_MAX_STEPS = 100000; // IWORK(1) = 0 → NMAX = 100000
const UROUND = 2.3e-16; // WORK(1) = 0 → UROUND = 2.3D-16
const SAFE = 0.9; // WORK(2) = 0 → SAFE = 0.9
const FAC1 = 0.333; // WORK(3) = 0 → FAC1 = 0.333 (h_new/h ≥ FAC1)
const FAC2 = 6; // WORK(4) = 0 → FAC2 = 6 (h_new/h ≤ FAC2)
const BETA = 0; // WORK(5) = 0 → BETA = 0 (no Lund stabilisation, §IV.2)
const EXPO1 = 1 / 8 - BETA * 0.2; // DP86CO: EXPO1 = 1/8 − 0.2 β
const FACC1 = 1 / FAC1;
const FACC2 = 1 / FAC2;
const FACOLD_MIN = 1e-4; // DP86CO: FACOLD = 1.D-4 initially and MAX(ERR, 1.D-4) after each accepted step
const ORDER = 8; // IORD = 8, passed to HINIT

/* eslint-disable no-loss-of-precision -- the coefficients keep dop853.f's 30 printed digits, so
   they can be checked against it; each literal rounds to the nearest double. */

// Nodes c_i (dop853.f DP86CO, PARAMETER c2 … c16; c12 = c13 = 1).
const C2 = 0.526001519587677318785587544488e-1;
const C3 = 0.789002279381515978178381316732e-1;
const C4 = 0.11835034190722739672675719751;
const C5 = 0.28164965809277260327324280249;
const C6 = 0.333333333333333333333333333333;
const C7 = 0.25;
const C8 = 0.307692307692307692307692307692;
const C9 = 0.651282051282051282051282051282;
const C10 = 0.6;
const C11 = 0.857142857142857142857142857142;
const C14 = 0.1;
const C15 = 0.2;
const C16 = 0.777777777777777777777777777778;

// Weights b_i of the 8th-order solution (dop853.f b1, b6 … b12; b2 … b5 = 0).
const B1 = 5.42937341165687622380535766363e-2;
const B6 = 4.45031289275240888144113950566;
const B7 = 1.89151789931450038304281599044;
const B8 = -5.8012039600105847814672114227;
const B9 = 3.1116436695781989440891606237e-1;
const B10 = -1.52160949662516078556178806805e-1;
const B11 = 2.01365400804030348374776537501e-1;
const B12 = 4.47106157277725905176885569043e-2;

// The 3rd-order estimator: b − b̂ of stages 1, 9, 12 (dop853.f bhh1 … bhh3).
const BHH1 = 0.244094488188976377952755905512;
const BHH2 = 0.733846688281611857341361741547;
const BHH3 = 0.220588235294117647058823529412e-1;

// The 5th-order estimator: b − b̂ (dop853.f er1, er6 … er12).
const ER1 = 0.1312004499419488073250102996e-1;
const ER6 = -0.1225156446376204440720569753e1;
const ER7 = -0.4957589496572501915214079952;
const ER8 = 0.1664377182454986536961530415e1;
const ER9 = -0.350328848749973681688648729;
const ER10 = 0.3341791187130174790297318841;
const ER11 = 0.8192320648511571246570742613e-1;
const ER12 = -0.2235530786388629525884427845e-1;

// Runge–Kutta matrix a_ij of the 12 stages (dop853.f a21 … a1211; absent entries are 0).
const A21 = 5.26001519587677318785587544488e-2;
const A31 = 1.97250569845378994544595329183e-2;
const A32 = 5.91751709536136983633785987549e-2;
const A41 = 2.95875854768068491816892993775e-2;
const A43 = 8.87627564304205475450678981324e-2;
const A51 = 2.41365134159266685502369798665e-1;
const A53 = -8.84549479328286085344864962717e-1;
const A54 = 9.24834003261792003115737966543e-1;
const A61 = 3.7037037037037037037037037037e-2;
const A64 = 1.70828608729473871279604482173e-1;
const A65 = 1.25467687566822425016691814123e-1;
const A71 = 3.7109375e-2;
const A74 = 1.70252211019544039314978060272e-1;
const A75 = 6.02165389804559606850219397283e-2;
const A76 = -1.7578125e-2;
const A81 = 3.70920001185047927108779319836e-2;
const A84 = 1.70383925712239993810214054705e-1;
const A85 = 1.07262030446373284651809199168e-1;
const A86 = -1.53194377486244017527936158236e-2;
const A87 = 8.27378916381402288758473766002e-3;
const A91 = 6.24110958716075717114429577812e-1;
const A94 = -3.36089262944694129406857109825;
const A95 = -8.68219346841726006818189891453e-1;
const A96 = 2.75920996994467083049415600797e1;
const A97 = 2.01540675504778934086186788979e1;
const A98 = -4.34898841810699588477366255144e1;
const A101 = 4.77662536438264365890433908527e-1;
const A104 = -2.48811461997166764192642586468;
const A105 = -5.90290826836842996371446475743e-1;
const A106 = 2.12300514481811942347288949897e1;
const A107 = 1.52792336328824235832596922938e1;
const A108 = -3.32882109689848629194453265587e1;
const A109 = -2.03312017085086261358222928593e-2;
const A111 = -9.3714243008598732571704021658e-1;
const A114 = 5.18637242884406370830023853209;
const A115 = 1.09143734899672957818500254654;
const A116 = -8.14978701074692612513997267357;
const A117 = -1.85200656599969598641566180701e1;
const A118 = 2.27394870993505042818970056734e1;
const A119 = 2.49360555267965238987089396762;
const A1110 = -3.0467644718982195003823669022;
const A121 = 2.27331014751653820792359768449;
const A124 = -1.05344954667372501984066689879e1;
const A125 = -2.00087205822486249909675718444;
const A126 = -1.79589318631187989172765950534e1;
const A127 = 2.79488845294199600508499808837e1;
const A128 = -2.85899827713502369474065508674;
const A129 = -8.87285693353062954433549289258;
const A1210 = 1.23605671757943030647266201528e1;
const A1211 = 6.43392746015763530355970484046e-1;

// The three extra stages 14–16 of the dense output (dop853.f a141 … a1615; stage 13 is
// f(t + h, y_new), the first stage of the next step).
const A141 = 5.61675022830479523392909219681e-2;
const A147 = 2.53500210216624811088794765333e-1;
const A148 = -2.46239037470802489917441475441e-1;
const A149 = -1.24191423263816360469010140626e-1;
const A1410 = 1.5329179827876569731206322685e-1;
const A1411 = 8.20105229563468988491666602057e-3;
const A1412 = 7.56789766054569976138603589584e-3;
const A1413 = -8.298e-3;
const A151 = 3.18346481635021405060768473261e-2;
const A156 = 2.83009096723667755288322961402e-2;
const A157 = 5.35419883074385676223797384372e-2;
const A158 = -5.49237485713909884646569340306e-2;
const A1511 = -1.08347328697249322858509316994e-4;
const A1512 = 3.82571090835658412954920192323e-4;
const A1513 = -3.40465008687404560802977114492e-4;
const A1514 = 1.41312443674632500278074618366e-1;
const A161 = -4.28896301583791923408573538692e-1;
const A166 = -4.69762141536116384314449447206;
const A167 = 7.68342119606259904184240953878;
const A168 = 4.06898981839711007970213554331;
const A169 = 3.56727187455281109270669543021e-1;
const A1613 = -1.39902416515901462129418009734e-3;
const A1614 = 2.9475147891527723389556272149;
const A1615 = -9.15095847217987001081870187138;

// Dense-output coefficients d_{k,j}, k = 4 … 7, of stages j = 1, 6 … 16 (dop853.f d41 … d716).
const D41 = -0.84289382761090128651353491142e1;
const D46 = 0.5667149535193777696253178359;
const D47 = -0.30689499459498916912797304727e1;
const D48 = 0.2384667656512069828772814968e1;
const D49 = 0.21170345824450282767155149946e1;
const D410 = -0.8713915837779729920678990749;
const D411 = 0.2240437430260788275854177165e1;
const D412 = 0.6315787787694688181557024929;
const D413 = -0.889903364513333108206981174e-1;
const D414 = 0.18148505520854727256656404962e2;
const D415 = -0.91946323924783554000451984436e1;
const D416 = -0.4436036387594893966431057200e1;
const D51 = 0.10427508642579134603413151009e2;
const D56 = 0.24228349177525818288430175319e3;
const D57 = 0.16520045171727028198505394887e3;
const D58 = -0.37454675472269020279518312152e3;
const D59 = -0.22113666853125306036270938578e2;
const D510 = 0.77334326684722638389603898808e1;
const D511 = -0.30674084731089398182061213626e2;
const D512 = -0.93321305264302278729567221706e1;
const D513 = 0.15697238121770843886131091075e2;
const D514 = -0.31139403219565177677282850411e2;
const D515 = -0.93529243588444783865713862664e1;
const D516 = 0.3581684148639408375246589854e2;
const D61 = 0.19985053242002433820987653617e2;
const D66 = -0.38703730874935176555105901742e3;
const D67 = -0.18917813819516756882830838328e3;
const D68 = 0.52780815920542364900561016686e3;
const D69 = -0.11573902539959630126141871134e2;
const D610 = 0.68812326946963000169666922661e1;
const D611 = -0.1000605096691083840318386098e1;
const D612 = 0.7777137798053443209286926574;
const D613 = -0.27782057523535084065932004339e1;
const D614 = -0.60196695231264120758267380846e2;
const D615 = 0.84320405506677161018159903784e2;
const D616 = 0.1199229113618278932803513003e2;
const D71 = -0.25693933462703749003312586129e2;
const D76 = -0.15418974869023643374053993627e3;
const D77 = -0.23152937917604549567536039109e3;
const D78 = 0.3576391179106141237828534991e3;
const D79 = 0.93405324183624310003907691704e2;
const D710 = -0.37458323136451633156875139351e2;
const D711 = 0.10409964950896230045147246184e3;
const D712 = 0.29840293426660503123344363579e2;
const D713 = -0.43533456590011143754432175058e2;
const D714 = 0.963245539591882829483949506e2;
const D715 = -0.39177261675615439165231486172e2;
const D716 = -0.14972683625798562581422125276e3;
/* eslint-enable no-loss-of-precision */

/** Integrates y′ = f(t, y) from (t0, y0) to t1 (t1 < t0 integrates backwards); returns y(t1). */
export function integrateDop853(f: Derivative, t0: number, y0: Float64Array, t1: number, options: Dop853Options = {}): Dop853Result {
  return run(f, t0, y0, t1, options, null);
}

/** As integrateDop853, and keeps each step's order-7 interpolant so that y can be read anywhere in [t0, t1]. */
export function integrateDop853Dense(f: Derivative, t0: number, y0: Float64Array, t1: number, options: Dop853Options = {}): Dop853Dense {
  const dense = new DenseStore(y0.length, t0, t1);
  const result = run(f, t0, y0, t1, options, dense);
  return { ...result, at: (t: number, out?: Float64Array) => dense.at(t, out ?? new Float64Array(y0.length)) };
}

/**
 * The interpolants of the accepted steps. Step k covers [start_k, start_k + h_k] and holds the
 * eight vectors r0 … r7 of dop853.f's CONT array; CONTD8 evaluates, with s = (t − start)/h,
 *   y(s) = r0 + s (r1 + (1−s) (r2 + s (r3 + (1−s) (r4 + s (r5 + (1−s) (r6 + s r7)))))).
 */
class DenseStore {
  private readonly starts: number[] = [];
  private readonly sizes: number[] = [];
  private coefficients: Float64Array;
  private y0: Float64Array | null = null;

  constructor(
    private readonly n: number,
    private readonly t0: number,
    private readonly t1: number,
  ) {
    this.coefficients = new Float64Array(8 * n * 16);
  }

  /** Room for one more step's eight vectors; returns the offset where they go. */
  reserve(start: number, h: number): number {
    const offset = this.starts.length * 8 * this.n;
    if (offset + 8 * this.n > this.coefficients.length) {
      const grown = new Float64Array(2 * this.coefficients.length);
      grown.set(this.coefficients);
      this.coefficients = grown;
    }
    this.starts.push(start);
    this.sizes.push(h);
    return offset;
  }

  buffer(): Float64Array {
    return this.coefficients;
  }

  /** For t0 = t1, where no step is taken. */
  setConstant(y0: Float64Array): void {
    this.y0 = Float64Array.from(y0);
  }

  at(t: number, out: Float64Array): Float64Array {
    const lo = Math.min(this.t0, this.t1);
    const hi = Math.max(this.t0, this.t1);
    if (!Number.isFinite(t) || t < lo || t > hi) throw new RangeError(`dense output asked at t = ${t}, outside [${lo}, ${hi}]`);
    if (out.length !== this.n) throw new RangeError(`output array has length ${out.length}, expected ${this.n}`);
    const count = this.starts.length;
    if (count === 0) {
      out.set(this.y0!);
      return out;
    }
    // The last step whose start is not beyond t in the direction of integration.
    const dir = this.t1 > this.t0 ? 1 : -1;
    let a = 0;
    let b = count - 1;
    while (a < b) {
      const mid = (a + b + 1) >> 1;
      if ((t - this.starts[mid]!) * dir >= 0) a = mid;
      else b = mid - 1;
    }
    const s = (t - this.starts[a]!) / this.sizes[a]!;
    const s1 = 1 - s;
    const n = this.n;
    const c = this.coefficients;
    const base = a * 8 * n;
    for (let i = 0; i < n; i += 1) {
      const k = base + i;
      const conpar = c[k + 4 * n]! + s * (c[k + 5 * n]! + s1 * (c[k + 6 * n]! + s * c[k + 7 * n]!));
      out[i] = c[k]! + s * (c[k + n]! + s1 * (c[k + 2 * n]! + s * (c[k + 3 * n]! + s1 * conpar)));
    }
    return out;
  }
}

function validate(t0: number, y0: Float64Array, t1: number, options: Dop853Options): void {
  if (!Number.isFinite(t0) || !Number.isFinite(t1)) throw new RangeError(`t0 and t1 must be finite (got ${t0}, ${t1})`);
  if (y0.length === 0) throw new RangeError('y0 is empty');
  for (let i = 0; i < y0.length; i += 1) {
    if (!Number.isFinite(y0[i]!)) throw new RangeError(`y0[${i}] = ${y0[i]} is not finite`);
  }
  const { rtol, atol, maxSteps, initialStep, maxStep } = options;
  if (rtol !== undefined && !(Number.isFinite(rtol) && rtol >= 0)) throw new RangeError(`rtol must be finite and ≥ 0 (got ${rtol})`);
  // dop853.f: "ATOL SHOULD BE STRICTLY POSITIVE".
  if (atol !== undefined && !(Number.isFinite(atol) && atol > 0)) throw new RangeError(`atol must be finite and > 0 (got ${atol})`);
  if (maxSteps !== undefined && !(Number.isInteger(maxSteps) && maxSteps > 0)) throw new RangeError(`maxSteps must be a positive integer (got ${maxSteps})`);
  if (initialStep !== undefined && !(Number.isFinite(initialStep) && initialStep !== 0)) throw new RangeError(`initialStep must be finite and non-zero (got ${initialStep})`);
  if (maxStep !== undefined && !(maxStep > 0)) throw new RangeError(`maxStep must be > 0 (got ${maxStep})`);
}

/** dop853.f DP86CO with ITOL = 0, IOUT = 0 (or 2 when `dense` is given), no stiffness test. */
function run(f: Derivative, t0: number, y0: Float64Array, t1: number, options: Dop853Options, dense: DenseStore | null): Dop853Result {
  validate(t0, y0, t1, options);
  const n = y0.length;
  const rtol = options.rtol ?? DEFAULT_RTOL;
  const atol = options.atol ?? DEFAULT_ATOL;
  const maxSteps = options.maxSteps ?? DEFAULT_MAX_STEPS;
  let y = Float64Array.from(y0);
  if (t0 === t1) {
    dense?.setConstant(y);
    return { y, steps: 0, rejected: 0, evaluations: 0 };
  }
  const posneg = t1 > t0 ? 1 : -1;
  const hmax = Math.abs(options.maxStep ?? t1 - t0);

  // Stage vectors, named by stage. After an accepted step k13 = f(t + h, y_new) becomes the next k1
  // (first same as last), so the two are swapped rather than copied; so are y and yNew.
  let k1 = new Float64Array(n);
  const k2 = new Float64Array(n);
  const k3 = new Float64Array(n);
  const k4 = new Float64Array(n);
  const k5 = new Float64Array(n);
  const k6 = new Float64Array(n);
  const k7 = new Float64Array(n);
  const k8 = new Float64Array(n);
  const k9 = new Float64Array(n);
  const k10 = new Float64Array(n);
  const k11 = new Float64Array(n);
  const k12 = new Float64Array(n);
  let k13 = new Float64Array(n);
  // The three extra stages of the dense output, empty without it.
  const k14 = new Float64Array(dense ? n : 0);
  const k15 = new Float64Array(dense ? n : 0);
  const k16 = new Float64Array(dense ? n : 0);
  let yNew = new Float64Array(n);
  const y1 = new Float64Array(n); // argument of the stage being evaluated

  let t = t0;
  f(t, y, k1);
  let evaluations = 1;
  for (let i = 0; i < n; i += 1) {
    if (!Number.isFinite(k1[i]!)) throw new RangeError(`f(t0, y0)[${i}] = ${k1[i]} is not finite`);
  }
  let h: number;
  if (options.initialStep !== undefined) {
    h = posneg * Math.min(Math.abs(options.initialStep), hmax);
  } else {
    h = hinit(f, t, y, posneg, k1, k2, k3, hmax, rtol, atol);
    evaluations += 1;
  }

  let steps = 0;
  let tried = 0;
  let rejected = 0;
  let reject = false;
  let last = false;
  let facold = FACOLD_MIN;
  for (;;) {
    if (tried >= maxSteps) throw new RangeError(`DOP853: more than maxSteps = ${maxSteps} steps needed (at t = ${t})`);
    if (0.1 * Math.abs(h) <= Math.abs(t) * UROUND || !Number.isFinite(h) || h === 0) {
      throw new RangeError(`DOP853: step size too small or not finite (h = ${h} at t = ${t})`);
    }
    // dop853.f: stretch the step to t1 when it would otherwise leave less than 1 % of it.
    if ((t + 1.01 * h - t1) * posneg > 0) {
      h = t1 - t;
      last = true;
    }
    tried += 1;

    // The twelve stages (DP86CO, labels 22–32).
    for (let i = 0; i < n; i += 1) y1[i] = y[i]! + h * A21 * k1[i]!;
    f(t + C2 * h, y1, k2);
    for (let i = 0; i < n; i += 1) y1[i] = y[i]! + h * (A31 * k1[i]! + A32 * k2[i]!);
    f(t + C3 * h, y1, k3);
    for (let i = 0; i < n; i += 1) y1[i] = y[i]! + h * (A41 * k1[i]! + A43 * k3[i]!);
    f(t + C4 * h, y1, k4);
    for (let i = 0; i < n; i += 1) y1[i] = y[i]! + h * (A51 * k1[i]! + A53 * k3[i]! + A54 * k4[i]!);
    f(t + C5 * h, y1, k5);
    for (let i = 0; i < n; i += 1) y1[i] = y[i]! + h * (A61 * k1[i]! + A64 * k4[i]! + A65 * k5[i]!);
    f(t + C6 * h, y1, k6);
    for (let i = 0; i < n; i += 1) y1[i] = y[i]! + h * (A71 * k1[i]! + A74 * k4[i]! + A75 * k5[i]! + A76 * k6[i]!);
    f(t + C7 * h, y1, k7);
    for (let i = 0; i < n; i += 1) y1[i] = y[i]! + h * (A81 * k1[i]! + A84 * k4[i]! + A85 * k5[i]! + A86 * k6[i]! + A87 * k7[i]!);
    f(t + C8 * h, y1, k8);
    for (let i = 0; i < n; i += 1) {
      y1[i] = y[i]! + h * (A91 * k1[i]! + A94 * k4[i]! + A95 * k5[i]! + A96 * k6[i]! + A97 * k7[i]! + A98 * k8[i]!);
    }
    f(t + C9 * h, y1, k9);
    for (let i = 0; i < n; i += 1) {
      y1[i] = y[i]! + h * (A101 * k1[i]! + A104 * k4[i]! + A105 * k5[i]! + A106 * k6[i]! + A107 * k7[i]! + A108 * k8[i]! + A109 * k9[i]!);
    }
    f(t + C10 * h, y1, k10);
    for (let i = 0; i < n; i += 1) {
      y1[i] = y[i]! + h * (A111 * k1[i]! + A114 * k4[i]! + A115 * k5[i]! + A116 * k6[i]! + A117 * k7[i]! + A118 * k8[i]! + A119 * k9[i]! + A1110 * k10[i]!);
    }
    f(t + C11 * h, y1, k11);
    const tph = last ? t1 : t + h;
    for (let i = 0; i < n; i += 1) {
      y1[i] =
        y[i]! +
        h * (A121 * k1[i]! + A124 * k4[i]! + A125 * k5[i]! + A126 * k6[i]! + A127 * k7[i]! + A128 * k8[i]! + A129 * k9[i]! + A1210 * k10[i]! + A1211 * k11[i]!);
    }
    f(tph, y1, k12);
    evaluations += 11;

    // The 8th-order solution and the error estimate (DP86CO, labels 35–41): the 5th-order estimator
    // err5 and the 3rd-order one err3 combine as err = |h| err5² / √(n (err5² + 0.01 err3²)).
    let err5 = 0;
    let err3 = 0;
    let finite = true;
    for (let i = 0; i < n; i += 1) {
      const b = B1 * k1[i]! + B6 * k6[i]! + B7 * k7[i]! + B8 * k8[i]! + B9 * k9[i]! + B10 * k10[i]! + B11 * k11[i]! + B12 * k12[i]!;
      const yi = y[i]! + h * b;
      yNew[i] = yi;
      if (!Number.isFinite(yi)) finite = false;
      const sk = atol + rtol * Math.max(Math.abs(y[i]!), Math.abs(yi));
      const e3 = b - BHH1 * k1[i]! - BHH2 * k9[i]! - BHH3 * k12[i]!;
      err3 += (e3 / sk) ** 2;
      const e5 = ER1 * k1[i]! + ER6 * k6[i]! + ER7 * k7[i]! + ER8 * k8[i]! + ER9 * k9[i]! + ER10 * k10[i]! + ER11 * k11[i]! + ER12 * k12[i]!;
      err5 += (e5 / sk) ** 2;
    }
    let deno = err5 + 0.01 * err3;
    if (deno <= 0) deno = 1;
    let err = Math.abs(h) * err5 * Math.sqrt(1 / (n * deno));
    // Not in dop853.f: a stage that overflowed (a step far too long for f) is rejected with the
    // largest reduction, as an infinite error would be, instead of spreading NaN through h.
    if (!finite || Number.isNaN(err)) err = Infinity;

    // New step size (DP86CO "COMPUTATION OF HNEW"): h_new = h / fac with
    // fac = clamp(err^(1/8) / facold^β / SAFE, 1/FAC2, 1/FAC1).
    const fac11 = err ** EXPO1;
    let fac = fac11 / facold ** BETA;
    fac = Math.max(FACC2, Math.min(FACC1, fac / SAFE));
    let hNew = h / fac;

    if (err <= 1) {
      facold = Math.max(err, FACOLD_MIN);
      steps += 1;
      f(tph, yNew, k13);
      evaluations += 1;
      if (dense) {
        evaluations += denseStep(f, dense, n, t, h, y, yNew, y1, k1, k6, k7, k8, k9, k10, k11, k12, k13, k14, k15, k16);
      }
      const ySwap = y;
      y = yNew;
      yNew = ySwap;
      const kSwap = k1;
      k1 = k13;
      k13 = kSwap;
      t = tph;
      if (last) return { y, steps, rejected, evaluations };
      if (Math.abs(hNew) > hmax) hNew = posneg * hmax;
      // After a rejection, do not grow the step (Hairer et al. §II.4, "after a step rejection").
      if (reject) hNew = posneg * Math.min(Math.abs(hNew), Math.abs(h));
      reject = false;
    } else {
      hNew = h / Math.min(FACC1, fac11 / SAFE);
      reject = true;
      rejected += 1;
      last = false;
    }
    h = hNew;
  }
}

/**
 * The dense output of an accepted step [t, t + h] (DP86CO "FINAL PREPARATION FOR DENSE OUTPUT",
 * labels 62, 51–53, 63): three more stages 14–16, then r0 … r7 into the store. Returns the number
 * of evaluations of f (3).
 */
function denseStep(
  f: Derivative,
  dense: DenseStore,
  n: number,
  t: number,
  h: number,
  y: Float64Array,
  yNew: Float64Array,
  y1: Float64Array,
  k1: Float64Array,
  k6: Float64Array,
  k7: Float64Array,
  k8: Float64Array,
  k9: Float64Array,
  k10: Float64Array,
  k11: Float64Array,
  k12: Float64Array,
  k13: Float64Array,
  k14: Float64Array,
  k15: Float64Array,
  k16: Float64Array,
): number {
  for (let i = 0; i < n; i += 1) {
    y1[i] = y[i]! + h * (A141 * k1[i]! + A147 * k7[i]! + A148 * k8[i]! + A149 * k9[i]! + A1410 * k10[i]! + A1411 * k11[i]! + A1412 * k12[i]! + A1413 * k13[i]!);
  }
  f(t + C14 * h, y1, k14);
  for (let i = 0; i < n; i += 1) {
    y1[i] = y[i]! + h * (A151 * k1[i]! + A156 * k6[i]! + A157 * k7[i]! + A158 * k8[i]! + A1511 * k11[i]! + A1512 * k12[i]! + A1513 * k13[i]! + A1514 * k14[i]!);
  }
  f(t + C15 * h, y1, k15);
  for (let i = 0; i < n; i += 1) {
    y1[i] = y[i]! + h * (A161 * k1[i]! + A166 * k6[i]! + A167 * k7[i]! + A168 * k8[i]! + A169 * k9[i]! + A1613 * k13[i]! + A1614 * k14[i]! + A1615 * k15[i]!);
  }
  f(t + C16 * h, y1, k16);

  const offset = dense.reserve(t, h);
  const c = dense.buffer();
  for (let i = 0; i < n; i += 1) {
    const ydiff = yNew[i]! - y[i]!;
    const bspl = h * k1[i]! - ydiff;
    c[offset + i] = y[i]!;
    c[offset + n + i] = ydiff;
    c[offset + 2 * n + i] = bspl;
    c[offset + 3 * n + i] = ydiff - h * k13[i]! - bspl;
    c[offset + 4 * n + i] =
      h *
      (D41 * k1[i]! + D46 * k6[i]! + D47 * k7[i]! + D48 * k8[i]! + D49 * k9[i]! + D410 * k10[i]! + D411 * k11[i]! + D412 * k12[i]! +
        D413 * k13[i]! + D414 * k14[i]! + D415 * k15[i]! + D416 * k16[i]!);
    c[offset + 5 * n + i] =
      h *
      (D51 * k1[i]! + D56 * k6[i]! + D57 * k7[i]! + D58 * k8[i]! + D59 * k9[i]! + D510 * k10[i]! + D511 * k11[i]! + D512 * k12[i]! +
        D513 * k13[i]! + D514 * k14[i]! + D515 * k15[i]! + D516 * k16[i]!);
    c[offset + 6 * n + i] =
      h *
      (D61 * k1[i]! + D66 * k6[i]! + D67 * k7[i]! + D68 * k8[i]! + D69 * k9[i]! + D610 * k10[i]! + D611 * k11[i]! + D612 * k12[i]! +
        D613 * k13[i]! + D614 * k14[i]! + D615 * k15[i]! + D616 * k16[i]!);
    c[offset + 7 * n + i] =
      h *
      (D71 * k1[i]! + D76 * k6[i]! + D77 * k7[i]! + D78 * k8[i]! + D79 * k9[i]! + D710 * k10[i]! + D711 * k11[i]! + D712 * k12[i]! +
        D713 * k13[i]! + D714 * k14[i]! + D715 * k15[i]! + D716 * k16[i]!);
  }
  return 3;
}

/**
 * dop853.f HINIT (Hairer et al. §II.4, "Starting step size"): an explicit Euler step of
 * h = 0.01 ‖y0‖/‖f0‖ estimates ‖y″‖; then h = min(100 |h|, (0.01 / max(‖f0‖, ‖y″‖))^(1/8), hmax).
 * Norms weighted by sk = atol + rtol |y_i|, unnormalised sums as in dop853.f. Uses f0 = k1 and
 * two scratch vectors; one evaluation of f.
 */
function hinit(
  f: Derivative,
  t: number,
  y: Float64Array,
  posneg: number,
  f0: Float64Array,
  f1: Float64Array,
  y1: Float64Array,
  hmax: number,
  rtol: number,
  atol: number,
): number {
  const n = y.length;
  let dnf = 0;
  let dny = 0;
  for (let i = 0; i < n; i += 1) {
    const sk = atol + rtol * Math.abs(y[i]!);
    dnf += (f0[i]! / sk) ** 2;
    dny += (y[i]! / sk) ** 2;
  }
  let h = dnf <= 1e-10 || dny <= 1e-10 ? 1e-6 : Math.sqrt(dny / dnf) * 0.01;
  h = posneg * Math.min(h, hmax);
  for (let i = 0; i < n; i += 1) y1[i] = y[i]! + h * f0[i]!;
  f(t + h, y1, f1);
  let der2 = 0;
  for (let i = 0; i < n; i += 1) {
    const sk = atol + rtol * Math.abs(y[i]!);
    der2 += ((f1[i]! - f0[i]!) / sk) ** 2;
  }
  der2 = Math.sqrt(der2) / h;
  const der12 = Math.max(Math.abs(der2), Math.sqrt(dnf));
  const h1 = der12 <= 1e-15 ? Math.max(1e-6, Math.abs(h) * 1e-3) : (0.01 / der12) ** (1 / ORDER);
  const hNew = Math.min(100 * Math.abs(h), h1, hmax);
  // A NaN here (f overflowed at the Euler point) falls back to a cautious first step.
  return posneg * (Number.isFinite(hNew) && hNew > 0 ? hNew : Math.min(1e-6, hmax));
}
