import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { codes } from '../../protocol/codes';
import { API_VERSION, buildOpenApi } from '../../protocol/openapi';
import { pointSpecs } from '../../protocol/points/index';

/*
 * The API's description: /openapi.json, and the readable page at /docs rendered once from the
 * same protocol schemas. Plain HTML with no scripts or external assets: it works offline and
 * under a strict CSP.
 */

const esc = (s: unknown) =>
  String(s).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

type Json = Record<string, any>;

function fieldRows(schema: Json): string {
  const props: Record<string, Json> = schema.properties ?? {};
  const required = new Set<string>(schema.required ?? []);
  return Object.entries(props)
    .map(([name, p]) => {
      const variants: Json[] = p.anyOf ?? [p];
      const enums = variants.flatMap((v) => v.enum ?? []).filter((v: unknown) => v !== '');
      const pattern = variants.map((v) => v.pattern).find(Boolean);
      const rule = enums.length ? enums.join(' | ') : (pattern ?? '');
      return `<tr><td><code>${esc(name)}</code></td><td>${required.has(name) ? '必填 required' : ''}</td><td>${esc(p.description ?? '')}</td><td><code>${esc(rule)}</code></td></tr>`;
    })
    .join('');
}

function pointSection(spec: (typeof pointSpecs)[keyof typeof pointSpecs]): string {
  const request = z.toJSONSchema(spec.request, { io: 'input', unrepresentable: 'any' }) as Json;
  const response = z.toJSONSchema(spec.response, { io: 'output', unrepresentable: 'any' });
  const auth = spec.auth === 'application' ? 'appKey or signature (never a token)' : 'appKey, signature or token';
  return `<section id="p${esc(spec.id)}">
<h2>/${esc(spec.id)} ${esc(spec.title)}</h2>
<p>${esc(spec.summary)}</p>
<p><b>Methods:</b> ${esc(spec.methods.join(', '))} · <b>Auth:</b> ${esc(auth)}${spec.acceptsAsync ? ' · accepts <code>Async=true</code>' : ''}</p>
<table><tr><th>field</th><th></th><th>meaning</th><th>format</th></tr>${fieldRows(request)}</table>
<details><summary>gateway_res_body schema</summary><pre>${esc(JSON.stringify(response, null, 2))}</pre></details>
</section>`;
}

export function renderDocsPage(): string {
  const specs = Object.values(pointSpecs);
  const nav = specs.map((s) => `<li><a href="#p${esc(s.id)}">/${esc(s.id)}</a> ${esc(s.title)}</li>`).join('');
  const codeRows = Object.values(codes)
    .map((c) => `<tr><td>${c.code}</td><td>${c.http}</td><td>${esc(c.message)}</td></tr>`)
    .join('');
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>Recognition gateway API ${API_VERSION}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font:15px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#222}
table{border-collapse:collapse;width:100%;margin:.5rem 0}td,th{border:1px solid #ddd;padding:.25rem .5rem;text-align:left;vertical-align:top}
code,pre{font:13px ui-monospace,monospace}pre{background:#f6f6f6;padding:.5rem;overflow:auto;max-height:30rem}section{margin:2rem 0}</style></head>
<body><h1>Recognition gateway API <small>${API_VERSION}</small></h1>
<p>Call <code>/{product}-{point}</code> with a form-encoded body (<code>application/x-www-form-urlencoded</code>) and
<code>?appKey=…</code>, a signature (<code>gateway_appid</code>, <code>gateway_timestamp</code>, <code>gateway_nonce</code>, <code>gateway_sign_method=hmac-sha256</code>, <code>gateway_sign</code>; see docs/api.md) or a sub-authorization token
(header <code>gateway-access-token</code>). Every answer is the envelope
<code>{gateway_res_code, gateway_res_error, gateway_res_id, gateway_res_body}</code>. Machine-readable: <a href="/openapi.json">/openapi.json</a>.</p>
<ul>${nav}</ul>
<h2>Codes (gateway_res_code)</h2><table><tr><th>code</th><th>HTTP</th><th>meaning</th></tr>${codeRows}</table>
${specs.map(pointSection).join('\n')}
</body></html>`;
}

/** /openapi.json and /docs, built once. */
export function docsRoutes(app: FastifyInstance): void {
  const openapi = buildOpenApi();
  const page = renderDocsPage();
  app.get('/openapi.json', async () => openapi);
  app.get('/docs', async (_req, reply) => reply.type('text/html; charset=utf-8').send(page));
}
