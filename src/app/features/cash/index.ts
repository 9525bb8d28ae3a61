/*
 * The cash feature's public face (deposits, withdrawals, payout destinations): nothing — no other
 * feature imports it (docs/architecture.md "Layers"). Its screens are imported by their routes.
 */
export {};
