/** Supplier request bodies and rules (owned by the suppliers work; see docs/api-supply-chain.md). */
export {};
