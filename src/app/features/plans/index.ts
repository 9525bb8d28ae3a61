/*
 * The 積立 (plans) feature's public face (docs/architecture.md "Layers"). Nothing is offered to other
 * features yet: routes import the screens' own modules (PlanListScreen, PlanEditScreen). Plans may
 * import features/trusts (through its index.ts); trusts never imports plans.
 */
export { plansQuery } from './api';
