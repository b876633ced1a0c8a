import { elementRef } from './x12-dictionary';
import type { X12Group, X12Issue, X12Segment, X12Transaction } from './x12-types';

type SetStatus = 'A' | 'E' | 'R';

/**
 * Body of the 997 that acknowledges one functional group, with an AK2 loop for every set (even accepted
 * ones, so the partner can match each of its sets).
 *
 * When a set is rejected ('R'): any issue of the set not marked `warning` — a missing trailer, a wrong SE01
 * count, ST02≠SE02, a duplicate ST02, a missing mandatory segment or element, an invalid value — or its
 * ST02 listed in `rejectedSets`. Such data cannot be trusted, so the sender may fix and resend it.
 * Accepted with errors ('E'): only `warning` issues (a wrong CTT hash, an unreadable optional date); the
 * sender must not resend. A group-level issue (GE missing, GE01 wrong, GS06≠GE02) means sets may have
 * been lost or mixed up in transit, so the whole group is rejected: every AK5 is 'R' and AK9 is 'R'.
 * Pass only the issues of this group and its sets (read850 cannot know the group, so its issues carry no
 * groupControl and would match a same-numbered set of another group).
 */
export function build997(input: { group: X12Group; issues: X12Issue[]; rejectedSets?: Set<string> }): X12Segment[] {
  const { group, issues } = input;
  const groupFatal = issues.filter((issue) => issue.level === 'group' && (issue.groupControl === undefined || issue.groupControl === group.control));
  const body: X12Segment[] = [{ id: 'AK1', elements: [group.functionalId, group.control] }];
  let accepted = 0;
  let anyWarning = false;
  for (const tx of group.transactions) {
    // ST02 is only unique within a group, so an issue that names its group must name this one.
    const own = issues.filter(
      (issue) =>
        issue.level === 'transaction' &&
        issue.setControl === tx.control &&
        (issue.setId === undefined || issue.setId === tx.setId) &&
        (issue.groupControl === undefined || issue.groupControl === group.control),
    );
    const status = setStatus(own, groupFatal.length > 0 || (input.rejectedSets?.has(tx.control) ?? false));
    if (status !== 'R') accepted += 1;
    if (status === 'E') anyWarning = true;
    body.push(...setLoop(tx, own, status));
  }
  const received = group.transactions.length;
  const ge01 = group.ge?.elements[0] ?? '';
  const included = /^\d+$/.test(ge01) ? ge01 : String(received);
  let ak901: 'A' | 'E' | 'P' | 'R';
  if (groupFatal.length > 0 || (received > 0 && accepted === 0)) ak901 = 'R';
  else if (accepted < received) ak901 = 'P';
  else ak901 = anyWarning ? 'E' : 'A';
  const groupCodes = unique(groupFatal.map((issue) => issue.code)).slice(0, 5);
  body.push({ id: 'AK9', elements: [ak901, included, String(received), String(groupFatal.length > 0 ? 0 : accepted), ...groupCodes] });
  return body;
}

function setStatus(issues: X12Issue[], forcedReject: boolean): SetStatus {
  if (forcedReject || issues.some((issue) => !issue.warning)) return 'R';
  return issues.length > 0 ? 'E' : 'A';
}

const unique = (values: string[]) => [...new Set(values)];

function setLoop(tx: X12Transaction, issues: X12Issue[], status: SetStatus): X12Segment[] {
  const out: X12Segment[] = [{ id: 'AK2', elements: [tx.setId, tx.control] }];
  // AK3 notes segments inside the set; the trailer checks (SE01, SE02, …) are AK5 codes only.
  const segmentIssues = issues.filter((issue) => issue.segmentCode !== undefined && issue.segmentId !== undefined && issue.segmentPosition !== undefined);
  const byPosition = new Map<string, X12Issue[]>();
  for (const issue of segmentIssues) {
    const key = `${issue.segmentPosition}:${issue.segmentId}`;
    byPosition.set(key, [...(byPosition.get(key) ?? []), issue]);
  }
  const ordered = [...byPosition.values()].sort((a, b) => (a[0]?.segmentPosition ?? 0) - (b[0]?.segmentPosition ?? 0));
  for (const group of ordered) {
    const first = group[0] as X12Issue;
    out.push({ id: 'AK3', elements: [first.segmentId ?? '', String(first.segmentPosition), first.loopId ?? '', first.segmentCode ?? ''] });
    for (const issue of group) {
      if (issue.elementPosition === undefined || issue.elementCode === undefined) continue;
      const ref = issue.elementRef ?? elementRef(issue.segmentId ?? '', issue.elementPosition) ?? '';
      const ak4 = [String(issue.elementPosition), ref, issue.elementCode];
      if (issue.badValue) ak4.push(issue.badValue.slice(0, 99));
      out.push({ id: 'AK4', elements: ak4 });
    }
  }
  const codes = unique(issues.map((issue) => issue.code).filter((code) => code !== '')).slice(0, 5);
  out.push({ id: 'AK5', elements: status === 'A' ? ['A'] : [status, ...codes] });
  return out;
}

export interface Ack997Error {
  segmentId?: string;
  position?: number;
  loopId?: string;
  /** 720 segment code (AK304). */
  code?: string;
  element?: number;
  elementRef?: string;
  /** 723 element code (AK403). */
  elementCode?: string;
  badValue?: string;
}

export interface Ack997 {
  functionalId: string;
  groupControl: string;
  status: 'A' | 'E' | 'P' | 'R';
  included: number;
  received: number;
  accepted: number;
  /** AK905..AK909 (716 codes). */
  codes: string[];
  sets: { setId: string; control: string; status: string; codes: string[]; errors: Ack997Error[] }[];
}

const optional = <T extends object>(value: T): T =>
  Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined && v !== '' && !Number.isNaN(v))) as T;

/** Reads a received 997 so the lead can reconcile it (AK1 → sent group, AK2 → sent sets). */
export function read997(tx: X12Transaction): Ack997 {
  const ack: Ack997 = { functionalId: '', groupControl: '', status: 'A', included: 0, received: 0, accepted: 0, codes: [], sets: [] };
  let set: Ack997['sets'][number] | null = null;
  let ak3: Ack997Error | null = null;
  let ak3HasElements = false;
  const closeAk3 = () => {
    if (set && ak3 && !ak3HasElements) set.errors.push(ak3);
    ak3 = null;
    ak3HasElements = false;
  };
  for (const segment of tx.segments) {
    const e = (n: number) => segment.elements[n - 1] ?? '';
    switch (segment.id) {
      case 'AK1':
        ack.functionalId = e(1);
        ack.groupControl = e(2);
        break;
      case 'AK2':
        closeAk3();
        set = { setId: e(1), control: e(2), status: '', codes: [], errors: [] };
        ack.sets.push(set);
        break;
      case 'AK3':
        closeAk3();
        ak3 = optional({ segmentId: e(1), position: parseInt(e(2), 10), loopId: e(3), code: e(4) });
        break;
      case 'AK4':
        if (!set) break;
        ak3HasElements = true;
        // AK401 may be a composite (position, component); parseInt stops at whatever separator it uses.
        set.errors.push(optional({ ...(ak3 ?? {}), element: parseInt(e(1), 10), elementRef: e(2), elementCode: e(3), badValue: e(4) }));
        break;
      case 'AK5':
        closeAk3();
        if (set) {
          set.status = e(1);
          set.codes = segment.elements.slice(1).filter(Boolean);
        }
        break;
      case 'AK9': {
        closeAk3();
        const status = e(1);
        // M, W and X (security failures) are rejections too; only an explicit 'A' is an acceptance.
        ack.status = status === 'A' || status === 'E' || status === 'P' ? status : 'R';
        ack.included = Number(e(2)) || 0;
        ack.received = Number(e(3)) || 0;
        ack.accepted = Number(e(4)) || 0;
        ack.codes = segment.elements.slice(4).filter(Boolean);
        break;
      }
      default:
        break;
    }
  }
  return ack;
}
