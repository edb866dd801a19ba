import type { ResolvedStep } from "../model/resolved-plan.ts";

/**
 * A connector's `prepare`: `read` parses and checks a step's options (coded errors, no I/O) the
 * first time the step is asked about; every later call on the same step gets the same object.
 */
export function preparedOnce<O>(read: (step: ResolvedStep) => O): (step: ResolvedStep) => O {
  const prepared = new WeakMap<ResolvedStep, O>();
  return (step) => {
    let o = prepared.get(step);
    if (o === undefined) {
      o = read(step);
      prepared.set(step, o);
    }
    return o;
  };
}
