import Fastify from 'fastify';

/*
 * The ceiling for bench:gateway: a bare fastify route answering a constant JSON object, in its own
 * process like the gateway, so both are measured the same way.
 */
const app = Fastify({ logger: false });
const body = { gateway_res_code: 0, gateway_res_error: '', gateway_res_id: 'bare', gateway_res_body: { ret_code: 0, remark: '' } };
app.get('/bare', async () => body);
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT ?? 0) });
const addr = app.server.address();
process.stdout.write(`listening ${typeof addr === 'object' && addr ? addr.port : ''}\n`);
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
