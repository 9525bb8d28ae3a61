import { z } from 'zod';
import { endpoint } from './endpoint';
import { codeParams, codeSchema, instrumentRow } from './market';

/** A user's watchlist (お気に入り): codes in the user's order, at most this many. */
export const WATCHLIST_MAX = 200;

const codes = z.array(z.string());

export const watchlistApi = {
  list: endpoint({
    method: 'get', path: 'watchlist', tag: 'watchlist', auth: 'user',
    summary: 'The watchlist in order, each with its current (simulated) quote',
    data: z.object({ codes, items: z.array(instrumentRow), max: z.number().int(), simulated: z.literal(true) }),
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
};
