// The ceiling of bench/http.ts: a bare Hono app on @hono/node-server answering the same shapes as
// Kabuto (a small JSON envelope, a 404 envelope) with no middleware, no database.
import { serve } from '@hono/node-server';
import { Hono } from 'hono';

const app = new Hono();
const info = { status: 1, msg: '', data: { id: '0190d6b0-0000-7000-8000-000000000000', phone: '09012345678', nickname: 'bench', level: 0 } };
app.get('/api/vue/user/info', (c) => c.json(info));
app.notFound((c) => c.json({ status: 0, msg: 'not_found', data: null }, 404));
serve({ fetch: app.fetch, port: Number(process.env.PORT) }, () => console.log('listening'));
