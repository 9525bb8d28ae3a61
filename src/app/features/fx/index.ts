/*
 * The FX feature's public face: nothing — no other feature imports it (docs/architecture.md
 * "Layers"). Its screen is imported by its route.
 */
export {};
