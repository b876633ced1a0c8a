import type { Scenario } from '../lib/types';
import { usersInformation } from './users-information';
import { inventoryList } from './inventory-list';
import { inventoryAdjust } from './inventory-adjust';
import { inventoryAvailability } from './inventory-availability';

/** Every scenario, in the order `npm run bench` (no names) runs them. Add a new file's scenario here. */
export const SCENARIOS: readonly Scenario[] = [usersInformation, inventoryList, inventoryAdjust, inventoryAvailability];

export function findScenario(name: string): Scenario | undefined {
  return SCENARIOS.find((s) => s.name === name);
}
