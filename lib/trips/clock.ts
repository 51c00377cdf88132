/**
 * The trips clock. Proposal expiry is decided against this one source so the
 * list filter and accept/reject agree; tests replace it instead of sleeping.
 */
let nowFn: () => Date = () => new Date();

export function tripNow(): Date {
  return nowFn();
}

/** Tests only: install a clock; call with no argument to restore the real one. */
export function setTripClock(fn?: () => Date): void {
  nowFn = fn ?? (() => new Date());
}
