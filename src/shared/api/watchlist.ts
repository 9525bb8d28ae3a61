import { z } from 'zod';
import { endpoint } from './endpoint';
import { fastArray } from './fast-rows';
import { codeParams, codeSchema, instrumentRow } from './market';

/** A user's watchlist (お気に入り): codes in the user's order, at most this many. */
export const WATCHLIST_MAX = 200;

/**
 * Watchlist groups (docs/domain.md "Watchlist groups"): besides the default list above (group id
 * `default`, the one `watchlist/*` edits), a user may keep named groups, as Japanese brokers offer.
 * A stock may be in several groups. Limits: groups counted with the default one, stocks per named
 * group, name length in characters (after trimming; control characters refused).
 */
export const WATCHLIST_GROUPS_MAX = 20;
export const WATCHLIST_GROUP_CODES_MAX = 100;
export const WATCHLIST_GROUP_NAME_MAX = 20;
export const DEFAULT_GROUP_ID = 'default';

const codes = z.array(z.string());
const groupParams = z.object({ id: z.string().min(1).max(64) });
/** The name is checked by the server's rules (translated errors); the contract only bounds its size. */
const groupName = z.string().max(200);

export const watchlistGroup = z.object({
  id: z.string(),
  /** null for the default group (the client names it). */
  name: z.string().nullable(),
  isDefault: z.boolean(),
  codes,
  /** Stocks this group may hold. */
  max: z.number().int(),
});

const groupsData = z.object({
  groups: z.array(watchlistGroup),
  /** One row per distinct code of all groups (a code the market no longer knows has none). */
  items: fastArray(instrumentRow),
  maxGroups: z.number().int(),
  nameMax: z.number().int(),
  simulated: z.literal(true),
});

export const watchlistApi = {
  list: endpoint({
    method: 'get', path: 'watchlist', tag: 'watchlist', auth: 'user',
    summary: 'The watchlist in order, each with its current (simulated) quote',
    data: z.object({ codes, items: fastArray(instrumentRow), max: z.number().int(), simulated: z.literal(true) }),
  }),
  add: endpoint({
    method: 'put', path: 'watchlist/{code}', tag: 'watchlist', auth: 'user',
    summary: 'Add an instrument at the end (idempotent: adding it again changes nothing)',
    params: codeParams,
    data: z.object({ codes, added: z.boolean() }),
  }),
  remove: endpoint({
    method: 'delete', path: 'watchlist/{code}', tag: 'watchlist', auth: 'user',
    summary: 'Remove an instrument (idempotent)',
    params: codeParams,
    data: z.object({ codes, removed: z.boolean() }),
  }),
  order: endpoint({
    method: 'post', path: 'watchlist/order', tag: 'watchlist', auth: 'user',
    summary: 'Reorder: `codes` must be a permutation of the current watchlist',
    body: z.object({ codes: z.array(codeSchema).max(WATCHLIST_MAX) }),
    data: z.object({ codes }),
  }),
  groups: endpoint({
    method: 'get', path: 'watchlist/groups', tag: 'watchlist', auth: 'user',
    summary: 'Every watchlist group in order (the default one first) with its codes, and the quote rows of all of them',
    data: groupsData,
  }),
  createGroup: endpoint({
    method: 'post', path: 'watchlist/groups', tag: 'watchlist', auth: 'user',
    summary: 'Create a named group at the end, holding `codes` (may be empty)',
    body: z.object({ name: groupName, codes: z.array(codeSchema).max(WATCHLIST_GROUP_CODES_MAX) }),
    data: z.object({ group: watchlistGroup }),
  }),
  renameGroup: endpoint({
    method: 'post', path: 'watchlist/groups/{id}/rename', tag: 'watchlist', auth: 'user',
    summary: 'Rename a named group (the default group keeps its name)',
    params: groupParams, body: z.object({ name: groupName }),
    data: z.object({ group: watchlistGroup }),
  }),
  deleteGroup: endpoint({
    method: 'delete', path: 'watchlist/groups/{id}', tag: 'watchlist', auth: 'user',
    summary: 'Delete a named group and its entries (the default group cannot be deleted)',
    params: groupParams,
    data: z.object({ deleted: z.literal(true) }),
  }),
  orderGroups: endpoint({
    method: 'post', path: 'watchlist/groups/order', tag: 'watchlist', auth: 'user',
    summary: 'Reorder the named groups: `ids` must be a permutation of them (the default group stays first)',
    body: z.object({ ids: z.array(z.string().min(1).max(64)).max(WATCHLIST_GROUPS_MAX) }),
    data: z.object({ ids: z.array(z.string()) }),
  }),
  addToGroup: endpoint({
    method: 'post', path: 'watchlist/groups/{id}/add', tag: 'watchlist', auth: 'user',
    summary: 'Add an instrument at the end of a group (idempotent)',
    params: groupParams, body: z.object({ code: codeSchema }),
    data: z.object({ codes, added: z.boolean() }),
  }),
  removeFromGroup: endpoint({
    method: 'post', path: 'watchlist/groups/{id}/remove', tag: 'watchlist', auth: 'user',
    summary: 'Remove an instrument from a group (idempotent)',
    params: groupParams, body: z.object({ code: codeSchema }),
    data: z.object({ codes, removed: z.boolean() }),
  }),
  orderGroup: endpoint({
    method: 'post', path: 'watchlist/groups/{id}/order', tag: 'watchlist', auth: 'user',
    summary: "Reorder a group: `codes` must be a permutation of the group's codes",
    params: groupParams, body: z.object({ codes: z.array(codeSchema).max(WATCHLIST_MAX) }),
    data: z.object({ codes }),
  }),
};
