/**
 * A fixed-length, read-only row of model coefficients. The length is part of the type, so a table
 * transcribed with a value missing or extra does not compile, and an index written as a literal
 * (`p[30]`) is a `number`, not `number | undefined`.
 */
type TupleOf<N extends number, R extends number[] = []> = R['length'] extends N ? R : TupleOf<N, [...R, number]>;

export type Row<N extends number> = Readonly<TupleOf<N>>;
