import { z } from 'zod';
import { codes } from './codes';
import { envelopeOf } from './envelope';
import { pointSpecs } from './points/index';

/** Version of the recognition interface description (DESIGN.md §5). */
export const API_VERSION = '1.0.0';

const products: Record<string, string> = {
  '2582': '文字识别 Recognition',
  '2141': '子授权管理 Sub-authorization',
  '1917': '邮编查询 Postal codes',
};

function jsonSchema(schema: z.ZodType, io: 'input' | 'output') {
  return z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'openapi-3.0' });
}

/**
 * The OpenAPI 3.0 document of every access point, generated from the protocol schemas so it cannot
 * drift from what the gateway validates.
 */
export function buildOpenApi(serverUrl?: string) {
  const paths: Record<string, unknown> = {};
  for (const spec of Object.values(pointSpecs)) {
    const product = spec.id.split('-')[0]!;
    const form = jsonSchema(spec.request, 'input');
    const responses = {
      '200': {
        description: 'the envelope; gateway_res_code 0 and ret_code 0 on success',
        content: { 'application/json': { schema: jsonSchema(envelopeOf(spec.response), 'output') } },
      },
      default: { description: 'the envelope with a non-zero gateway_res_code (see x-gateway-codes)' },
    };
    const security = spec.auth === 'application' ? [{ appKey: [] }, { signature: [] }] : [{ appKey: [] }, { signature: [] }, { token: [] }];
    const operation = (method: string) => ({
      operationId: `${method}_${spec.id.replace('-', '_')}`,
      tags: [products[product] ?? product],
      summary: `${spec.title}: ${spec.summary}`,
      security,
      ...(method === 'get'
        ? { parameters: queryParameters(form) }
        : { requestBody: { required: true, content: { 'application/x-www-form-urlencoded': { schema: form } } } }),
      responses,
      ...(spec.acceptsAsync ? { 'x-accepts-async': true } : {}),
    });
    const entry: Record<string, unknown> = {};
    for (const m of spec.methods) entry[m.toLowerCase()] = operation(m.toLowerCase());
    paths[`/${spec.id}`] = entry;
  }
  return {
    openapi: '3.0.3',
    info: {
      title: 'Recognition gateway',
      version: API_VERSION,
      description:
        'Access points /{product}-{point}; every answer is the JSON envelope gateway_res_code / gateway_res_error / gateway_res_id / gateway_res_body.',
    },
    ...(serverUrl ? { servers: [{ url: serverUrl }] } : {}),
    paths,
    components: {
      securitySchemes: {
        appKey: { type: 'apiKey', in: 'query', name: 'appKey' },
        signature: {
          type: 'apiKey',
          in: 'query',
          name: 'gateway_sign',
          description: 'with gateway_appid, gateway_timestamp, gateway_nonce and gateway_sign_method=hmac-sha256; see docs/api.md',
        },
        token: { type: 'apiKey', in: 'header', name: 'gateway-access-token', description: 'or the access_token parameter' },
      },
    },
    'x-gateway-codes': Object.values(codes).map(({ code, http, message }) => ({ code, http, message })),
  };
}

function queryParameters(form: Record<string, unknown>) {
  const props = (form.properties ?? {}) as Record<string, Record<string, unknown>>;
  const required = new Set((form.required as string[] | undefined) ?? []);
  return Object.entries(props).map(([name, schema]) => ({
    name,
    in: 'query',
    required: required.has(name),
    schema,
    ...(typeof schema.description === 'string' ? { description: schema.description } : {}),
  }));
}
