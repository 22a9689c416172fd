// The /api/docs page: the OpenAPI document as plain HTML, rendered on the server. No
// script and no third-party asset, so it works under our CSP; every value is escaped.

import { escapeHtml } from '../../domain/html';

type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  format?: string;
  const?: unknown;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  description?: string;
  default?: unknown;
};

type Content = Record<string, { schema?: JsonSchema }>;

type Operation = {
  summary?: string;
  description?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  parameters?: {
    name: string;
    in: string;
    required?: boolean;
    description?: string;
    schema?: JsonSchema;
  }[];
  requestBody?: { required?: boolean; description?: string; content?: Content };
  responses?: Record<string, { description?: string; content?: Content }>;
};

export type OpenApiDocument = {
  openapi: string;
  info: { title: string; version: string; description?: string };
  paths?: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, JsonSchema> };
};

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/** A JSON Schema as a short TypeScript-like type, indented for a <pre>. */
export function typeText(schema: JsonSchema | undefined, indent = ''): string {
  if (!schema || typeof schema !== 'object') return 'unknown';
  if (schema.$ref) return schema.$ref.split('/').pop() ?? schema.$ref;
  if ('const' in schema) return JSON.stringify(schema.const);
  if (schema.enum) return schema.enum.map((v) => JSON.stringify(v)).join(' | ');
  const union = schema.anyOf ?? schema.oneOf;
  if (union) return union.map((s) => typeText(s, indent)).join(' | ');
  if (schema.allOf) return schema.allOf.map((s) => typeText(s, indent)).join(' & ');
  const types = [schema.type ?? (schema.properties ? 'object' : 'unknown')].flat();
  return types
    .map((type) => {
      if (type === 'object') return objectText(schema, indent);
      if (type === 'array') {
        const item = typeText(schema.items, indent);
        return item.includes(' | ') ? `(${item})[]` : `${item}[]`;
      }
      return schema.format ? `${type} (${schema.format})` : type;
    })
    .join(' | ');
}

function objectText(schema: JsonSchema, indent: string): string {
  const properties = Object.entries(schema.properties ?? {});
  const extra = schema.additionalProperties;
  if (properties.length === 0) {
    return typeof extra === 'object' ? `{ [clé: string]: ${typeText(extra, indent)} }` : '{}';
  }
  const inner = `${indent}  `;
  const lines = properties.map(([name, property]) => {
    const optional = schema.required?.includes(name) ? '' : '?';
    const note = property.description ? ` // ${property.description}` : '';
    return `${inner}${name}${optional}: ${typeText(property, inner)};${note}`;
  });
  return `{\n${lines.join('\n')}\n${indent}}`;
}

function sessionText(operation: Operation): string {
  const security = operation.security ?? [];
  if (security.length === 0) return 'aucune';
  return security.some((requirement) => Object.keys(requirement).length === 0)
    ? 'facultative (la réponse en dit plus au lecteur connecté)'
    : 'requise (cookie de session)';
}

function contentHtml(content: Content | undefined): string {
  return Object.entries(content ?? {})
    .map(
      ([type, { schema }]) =>
        `<p class="type">${escapeHtml(type)}</p><pre>${escapeHtml(typeText(schema))}</pre>`,
    )
    .join('');
}

function operationHtml(method: string, path: string, operation: Operation): string {
  const id = `${method}-${path}`.replace(/[^a-z0-9]+/gi, '-');
  const parts = [
    `<section id="${escapeHtml(id)}"><h3><span class="method">${method.toUpperCase()}</span> <code>${escapeHtml(path)}</code></h3>`,
  ];
  if (operation.summary) parts.push(`<p>${escapeHtml(operation.summary)}</p>`);
  if (operation.description) parts.push(`<p>${escapeHtml(operation.description)}</p>`);
  parts.push(`<p><strong>Session :</strong> ${escapeHtml(sessionText(operation))}</p>`);
  const parameters = operation.parameters ?? [];
  if (parameters.length > 0) {
    const rows = parameters.map(
      (p) =>
        `<tr><td><code>${escapeHtml(p.name)}</code></td><td>${escapeHtml(p.in)}</td>` +
        `<td>${p.required ? 'oui' : 'non'}</td><td><code>${escapeHtml(typeText(p.schema))}</code></td>` +
        `<td>${escapeHtml(p.description ?? '')}</td></tr>`,
    );
    parts.push(
      '<h4>Paramètres</h4><table><thead><tr><th>nom</th><th>où</th><th>requis</th><th>type</th><th>note</th></tr></thead>' +
        `<tbody>${rows.join('')}</tbody></table>`,
    );
  }
  if (operation.requestBody) {
    const required = operation.requestBody.required ? 'requis' : 'facultatif';
    parts.push(`<h4>Corps (${required})</h4>${contentHtml(operation.requestBody.content)}`);
  }
  const responses = Object.entries(operation.responses ?? {});
  if (responses.length > 0) {
    parts.push('<h4>Réponses</h4>');
    for (const [status, response] of responses) {
      parts.push(
        `<p><strong>${escapeHtml(status)}</strong> ${escapeHtml(response.description ?? '')}</p>` +
          contentHtml(response.content),
      );
    }
  }
  parts.push('</section>');
  return parts.join('\n');
}

const STYLE = `body{font:16px/1.5 system-ui,sans-serif;margin:0 auto;max-width:60rem;padding:1rem;color:#1f1a17;background:#fbf8f3}
h1{font-family:Georgia,serif}h2{margin-top:2.5rem;border-bottom:1px solid #d8cfc4}
section{border-top:1px solid #e6ded3;padding:.5rem 0}
.method{display:inline-block;min-width:4.5rem;font-family:ui-monospace,monospace;color:#7a2e1f}
pre{background:#f2ece3;padding:.75rem;overflow-x:auto;border-radius:4px}
.type{margin:.25rem 0;color:#5c534b;font-size:.9em}
table{border-collapse:collapse}td,th{border:1px solid #d8cfc4;padding:.25rem .5rem;text-align:left}
a{color:#7a2e1f}a:focus-visible{outline:2px solid #7a2e1f;outline-offset:2px}`;

/** The whole reference page, grouped by tag, with a table of contents. */
export function renderReference(document: OpenApiDocument): string {
  const groups = new Map<string, { method: string; path: string; operation: Operation }[]>();
  for (const [path, operations] of Object.entries(document.paths ?? {})) {
    for (const method of METHODS) {
      const operation = operations[method];
      if (!operation) continue;
      const tag = operation.tags?.[0] ?? 'Autres';
      groups.set(tag, [...(groups.get(tag) ?? []), { method, path, operation }]);
    }
  }
  const toc: string[] = [];
  const body: string[] = [];
  for (const [tag, operations] of groups) {
    toc.push(`<li>${escapeHtml(tag)}<ul>`);
    body.push(`<h2>${escapeHtml(tag)}</h2>`);
    for (const { method, path, operation } of operations) {
      const id = `${method}-${path}`.replace(/[^a-z0-9]+/gi, '-');
      toc.push(
        `<li><a href="#${escapeHtml(id)}">${method.toUpperCase()} ${escapeHtml(path)}</a></li>`,
      );
      body.push(operationHtml(method, path, operation));
    }
    toc.push('</ul></li>');
  }
  const named = Object.entries(document.components?.schemas ?? {});
  if (named.length > 0) {
    toc.push('<li><a href="#schemas">Schémas nommés</a></li>');
    body.push('<h2 id="schemas">Schémas nommés</h2>');
    for (const [name, schema] of named) {
      body.push(`<h3>${escapeHtml(name)}</h3><pre>${escapeHtml(typeText(schema))}</pre>`);
    }
  }
  const { title, version, description } = document.info;
  return `<!doctype html>
<html lang="fr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} — référence</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<h1>${escapeHtml(title)} <small>${escapeHtml(version)}</small></h1>
<p>${escapeHtml(description ?? '')}</p>
<p>Document OpenAPI ${escapeHtml(document.openapi)} : <a href="/api/openapi.json">/api/openapi.json</a>. Cette page en est générée.</p>
<nav aria-label="Opérations"><ul>${toc.join('\n')}</ul></nav>
${body.join('\n')}
</main>
</body>
</html>
`;
}
