/*
 * The hubs' public face: nothing. features/home holds the two tab hubs that gather other features'
 * widgets (the home screen and My page), so it sits above them: no feature imports it
 * (docs/architecture.md "Layers"). Their screens are imported by their routes.
 */
export {};
