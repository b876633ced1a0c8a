/**
 * The one machine behind every lifecycle (orders, shipments, returns, purchase orders, …): a table
 * `status → action → next status` is the only place a lifecycle's rules live; the server applies it
 * (refusing what the table lacks with 409 INVALID_TRANSITION) and objects answer `allowed_actions` from it.
 * A status with no actions is terminal.
 */

/** Every next status must be a status of the table itself, so a typo in a row does not compile. */
export type LifecycleTable<T> = { readonly [S in keyof T]: { readonly [A in keyof T[S]]: Extract<keyof T, string> } };

export type TableStatus<T> = Extract<keyof T, string>;
export type TableAction<T> = Extract<{ [S in keyof T]: keyof T[S] }[keyof T], string>;

/** What a user holds: permission names as a set or a list. */
export type HeldPermissions = ReadonlySet<string> | readonly string[];

export interface Lifecycle<S extends string, A extends string> {
  readonly table: Readonly<Record<S, Readonly<Partial<Record<A, S>>>>>;
  /** In table order (the order API enums and filters list them). */
  readonly statuses: readonly S[];
  /** In the order given to defineLifecycle, else in order of first appearance in the table. */
  readonly actions: readonly A[];
  /** The statuses that allow nothing. */
  readonly terminal: readonly S[];
  readonly isStatus: (value: unknown) => value is S;
  readonly isAction: (value: unknown) => value is A;
  /** The status `action` leads to from `status`, or null when the table refuses it (an unknown status or action included). */
  readonly next: (status: string, action: A) => S | null;
  /** The actions the table allows from `status`, in the row's order; none for a terminal or unknown status. */
  readonly allowedActions: (status: string) => A[];
  /** allowedActions limited to those whose every needed permission is held. */
  readonly permittedActions: (status: string, held: HeldPermissions, needs: Readonly<Record<A, string | readonly string[]>>) => A[];
  /** The statuses from which `action` is allowed, in table order (for `status IN (…)` in SQL, say). */
  readonly statusesAllowing: (action: A) => S[];
  readonly isTerminal: (status: string) => boolean;
}

export const holdsPermission = (held: HeldPermissions, permission: string): boolean =>
  held instanceof Set ? held.has(permission) : (held as readonly string[]).includes(permission);

/**
 * Builds a lifecycle from its table. `actions` fixes the order of the action list when it matters outside
 * the table (a request enum, the webhook topics); it must name exactly the table's actions, or this throws
 * when the module loads — a lifecycle whose list and table disagree never runs.
 */
export function defineLifecycle<const T extends LifecycleTable<T>>(
  table: T,
  options: { actions?: readonly TableAction<T>[] } = {},
): Lifecycle<TableStatus<T>, TableAction<T>> {
  type S = TableStatus<T>;
  type A = TableAction<T>;
  const rows = table as unknown as Readonly<Record<S, Readonly<Partial<Record<A, S>>>>>;
  const statuses = Object.keys(rows) as S[];
  const inTable = [...new Set(statuses.flatMap((s) => Object.keys(rows[s]) as A[]))];
  const actions = options.actions ? [...options.actions] : inTable;
  if (actions.length !== inTable.length || new Set(actions).size !== actions.length || inTable.some((a) => !actions.includes(a))) {
    throw new Error(`defineLifecycle: the actions [${actions.join(', ')}] are not the table's [${inTable.join(', ')}]`);
  }
  const isStatus = (value: unknown): value is S => typeof value === 'string' && Object.hasOwn(rows, value);
  const isAction = (value: unknown): value is A => typeof value === 'string' && actions.includes(value as A);
  const allowedActions = (status: string): A[] => (isStatus(status) ? (Object.keys(rows[status]) as A[]) : []);
  const next = (status: string, action: A): S | null =>
    isStatus(status) && Object.hasOwn(rows[status], action) ? (rows[status][action] ?? null) : null;
  const terminal = statuses.filter((s) => allowedActions(s).length === 0);
  return {
    table: rows,
    statuses,
    actions,
    terminal,
    isStatus,
    isAction,
    next,
    allowedActions,
    permittedActions: (status, held, needs) =>
      allowedActions(status).filter((a) => {
        const need: string | readonly string[] = needs[a];
        return (typeof need === 'string' ? [need] : need).every((p) => holdsPermission(held, p));
      }),
    statusesAllowing: (action) => statuses.filter((s) => next(s, action) !== null),
    isTerminal: (status) => isStatus(status) && terminal.includes(status),
  };
}
