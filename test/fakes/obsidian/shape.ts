/**
 * The fake's type check against the real declarations: for each picked member, the fake must
 * accept the real parameters (names, arity, primitive types). Returns are loosened to unknown,
 * because fluent `this` and the real classes in return positions would demand the real classes.
 * Parameters stay bivariant (the method-signature trick) so callbacks may take the fake classes.
 */
type Loose<F> = F extends (...args: infer A) => unknown ? { bivariance(...args: A): unknown }["bivariance"] : F;

export type Shape<T, K extends keyof T> = { [P in K]: Loose<T[P]> };
