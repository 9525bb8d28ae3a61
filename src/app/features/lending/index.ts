/*
 * The lending feature's public face: nothing — no other feature imports it (docs/architecture.md
 * "Layers"). Its screens are imported by their routes.
 */
export {};
