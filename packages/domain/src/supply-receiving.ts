/** ASN, receiving and transfer helpers (owned by the supply-shipments work; see docs/api-supply-chain.md). */
export {};
