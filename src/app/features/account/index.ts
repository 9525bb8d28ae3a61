/*
 * The account feature's public face: what other features import of it (docs/architecture.md
 * "Layers"): the account-state badge and phone mask (the My page hub, features/home), the login
 * labels and the "not me" button (the login notice in messaging).
 *
 * Only static imports come through here: routes import their screens' own modules, and a chunk
 * loaded on demand is imported by its own module, so that importing this file never brings a
 * screen or a lazy chunk into the importer's chunk (docs/decisions/020-first-load-and-prerender.md).
 */
export { StateBadge } from './AccountState';
export { maskPhone } from './mask';
export { deviceLabel, ipLabel, placeLabel } from './login-text';
export { NotMeButton } from './NotMeButton';
