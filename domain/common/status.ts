// The status-machine kit (DESIGN §6 "statuses and transitions as one table that the guards read"): an area
// declares its statuses and, per action, the statuses it may start from and the one it leads to. Guards ask
// `can`/`next`; the write uses `fromCondition` in its WHERE so two people acting at once cannot both move
// the row (the second update finds no row in a starting status and is refused like a wrong status).
import { inArray, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { HttpError } from "../../framework/errors.ts";

export interface Transition<S extends string> {
  from: readonly S[];
  to: S;
}

export interface StatusMachine<S extends string, A extends string> {
  readonly statuses: readonly S[];
  readonly transitions: Readonly<Record<A, Transition<S>>>;
  /** True when `action` may be taken from `status`. */
  can(action: A, status: S): boolean;
  /** The status `action` leads to from `status`; refused (409 with the machine's message key) otherwise. */
  next(action: A, status: S): S;
  /** The actions open from `status`, in declaration order (the buttons a screen offers). */
  actionsFrom(status: S): A[];
  /** `column IN (statuses action starts from)`, for the guarded UPDATE. */
  fromCondition(column: PgColumn, action: A): SQL;
  /** True for a value that is one of the statuses (input from a query string or a form). */
  isStatus(value: unknown): value is S;
}

export interface MachineOptions {
  /** The SPEC §8 message key of a refused transition (answered with 409). */
  refusal: string;
  /** The HTTP status of a refused transition; 409 unless the area's SPEC row says otherwise. */
  status?: number;
}

export function statusMachine<S extends string, A extends string>(
  statuses: readonly S[],
  transitions: Record<A, Transition<S>>,
  options: MachineOptions,
): StatusMachine<S, A> {
  for (const [action, t] of Object.entries(transitions) as [A, Transition<S>][]) {
    for (const s of [...t.from, t.to]) {
      if (!statuses.includes(s)) throw new TypeError(`status machine: ${action} names unknown status ${s}`);
    }
  }
  const can = (action: A, status: S) => transitions[action]?.from.includes(status) ?? false;
  return {
    statuses,
    transitions,
    can,
    next(action, status) {
      if (!can(action, status)) throw new HttpError(options.status ?? 409, options.refusal);
      return transitions[action].to;
    },
    actionsFrom: (status) => (Object.keys(transitions) as A[]).filter((a) => can(a, status)),
    fromCondition: (column, action) => inArray(column, [...transitions[action].from]),
    isStatus: (value): value is S => typeof value === "string" && (statuses as readonly string[]).includes(value),
  };
}
