// Inventory balances and the append-only movement ledger (migration 0003_inventory.sql).
export {};
