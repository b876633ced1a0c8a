/** Drizzle tables of this module (the SQL in migrations/0009_supply_chain.sql is the truth). */
export {};
