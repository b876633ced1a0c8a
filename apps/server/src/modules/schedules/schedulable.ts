import type { SchedulableJobKind } from '@omnio/domain';

/**
 * The job kinds a tenant may put on a schedule. A kind opts in here (its module's register*Jobs() calls it),
 * so a schedule can never start internal work such as a webhook delivery. The label is what the form shows.
 */
const schedulable = new Map<string, SchedulableJobKind>();

export function registerSchedulableJob(kind: string, options: { label: string }): void {
  if (!schedulable.has(kind)) schedulable.set(kind, { kind, label: options.label });
}

export function isSchedulable(kind: string): boolean {
  return schedulable.has(kind);
}

export function schedulableJobKinds(): SchedulableJobKind[] {
  return [...schedulable.values()].sort((a, b) => a.label.localeCompare(b.label));
}
