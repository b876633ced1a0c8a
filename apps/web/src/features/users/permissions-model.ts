import {
  PERMISSIONS, PERMISSION_LEVELS, PERMISSION_SECTIONS, SECTION_LEVEL_EXTRAS, matchesPermissionSearch, permissionsForSectionLevel,
  sectionLevelExtras, sectionOwnPermissions, type PermissionDef, type PermissionLevel, type PermissionSection,
} from '@omnio/domain';

/** How a section's held permissions read: a level exactly, or a hand-picked mix shown as that level's floor. */
export interface SectionState {
  level: PermissionLevel;
  custom: boolean;
}

function sameSet(a: readonly number[], b: ReadonlySet<number>): boolean {
  return a.length === b.size && a.every((id) => b.has(id));
}

/** Permissions of one section, platform ones included (they have checkboxes but no level). */
export function sectionPermissions(section: PermissionSection): PermissionDef[] {
  return PERMISSIONS.filter((p) => p.section === section);
}

/** Sections that have levels: platform rights are not delegable by level (spec 6 lists the 17 others). */
export function hasLevels(section: PermissionSection): boolean {
  return permissionsForSectionLevel(section, 'allow').length > 0;
}

/**
 * A section's state reads its own permissions; a level that brings permissions of other sections
 * (SECTION_LEVEL_EXTRAS: Inventory read brings read-product) is reached only while those are held too.
 */
function reaches(section: PermissionSection, level: PermissionLevel, held: ReadonlySet<number>, exactly: boolean): boolean {
  const own = new Set(sectionOwnPermissions(section));
  const mine = new Set([...held].filter((id) => own.has(id)));
  const needed = permissionsForSectionLevel(section, level);
  const ownNeeded = needed.filter((id) => own.has(id));
  const extrasHeld = sectionLevelExtras(section, level).every((id) => held.has(id));
  return extrasHeld && (exactly ? sameSet(ownNeeded, mine) : ownNeeded.every((id) => mine.has(id)));
}

export function sectionState(section: PermissionSection, held: ReadonlySet<number>): SectionState {
  // The lowest level with exactly this set wins: in a section without execute rights, 'allow' and
  // 'read and write' are the same ids and must read as the latter.
  const exact = PERMISSION_LEVELS.find((level) => reaches(section, level, held, true));
  if (exact) return { level: exact, custom: false };
  let floor: PermissionLevel = 'deny';
  for (const level of PERMISSION_LEVELS) {
    if (reaches(section, level, held, false)) floor = level;
  }
  return { level: floor, custom: true };
}

/** Levels that grant something the level below does not (others are offered disabled). */
export function distinctLevels(section: PermissionSection): Set<PermissionLevel> {
  const out = new Set<PermissionLevel>(['deny']);
  let previous = 0;
  for (const level of PERMISSION_LEVELS) {
    const size = permissionsForSectionLevel(section, level).length;
    if (size > previous) out.add(level);
    previous = Math.max(previous, size);
  }
  return out;
}

/**
 * Replaces the section's own tenant permissions by exactly those of the level (with what the level brings
 * from other sections); other sections are untouched, except that what another section's level brings is
 * kept: lowering Products to deny must not take read-product from a user whose Inventory is read only.
 */
export function applyLevel(held: ReadonlySet<number>, section: PermissionSection, level: PermissionLevel): Set<number> {
  const kept = (Object.keys(SECTION_LEVEL_EXTRAS) as PermissionSection[])
    .filter((other) => other !== section)
    .flatMap((other) => sectionLevelExtras(other, sectionState(other, held).level));
  const sectionIds = new Set(sectionOwnPermissions(section));
  const next = new Set([...held].filter((id) => !sectionIds.has(id)));
  for (const id of [...permissionsForSectionLevel(section, level), ...kept]) next.add(id);
  return next;
}

/** Names of the permissions of other sections a level brings (shown beside the level). */
export function levelExtras(section: PermissionSection, level: PermissionLevel): string[] {
  return sectionLevelExtras(section, level).map((id) => PERMISSIONS.find((p) => p.id === id)!.name);
}

export function toggle(held: ReadonlySet<number>, id: number, on: boolean): Set<number> {
  const next = new Set(held);
  if (on) next.add(id);
  else next.delete(id);
  return next;
}

/** Sections and their permissions that match the search box (spec 5: group name or action, any case). */
export function visibleSections(text: string, includePlatform: boolean): { section: PermissionSection; permissions: PermissionDef[] }[] {
  return PERMISSION_SECTIONS.filter((section) => includePlatform || hasLevels(section))
    .map((section) => ({ section, permissions: sectionPermissions(section).filter((p) => matchesPermissionSearch(p, text)) }))
    .filter((entry) => entry.permissions.length > 0);
}

/** Ids the server answered as `[{id, name}]`, keeping only ids the catalog knows. */
export function idsOf(permissions: readonly { id: number | string }[] | undefined): Set<number> {
  const known = new Set(PERMISSIONS.map((p) => p.id));
  return new Set((permissions ?? []).map((p) => Number(p.id)).filter((id) => known.has(id)));
}
