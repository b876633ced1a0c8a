/** PO-by-SKUs suggestion maths and bodies (owned by the purchase-orders work; see docs/api-supply-chain.md). */
export {};
