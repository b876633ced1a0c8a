import type { Connector } from './connector';

/** The connectors of this installation, by driver; each driver folder registers its own (channels.jobs.ts). */
const connectors = new Map<string, Connector>();

export function registerConnector(connector: Connector): void {
  if (!connectors.has(connector.driver)) connectors.set(connector.driver, connector);
}

export function connectorFor(driver: string): Connector | null {
  return connectors.get(driver) ?? null;
}
