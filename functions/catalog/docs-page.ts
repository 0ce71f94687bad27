import { createHash } from 'node:crypto';

/**
 * GET /docs: an interactive reference over /api/v1/openapi.json, in one self-contained page
 * (inline CSS and vanilla JS, no CDN, no web fonts) so it works offline and bundles into the
 * gateway Lambda as a string. The Content-Security-Policy allows exactly this script and this
 * style (by hash) and requests to the gateway itself.
 *
 * The client code is plain ES2017 without template literals, so it can live in this template.
 */

const STYLE = `
:root { --fg: #1d2430; --muted: #5b6472; --line: #d9dee5; --bg: #f6f8fa; --accent: #0b5cad; --read: #1f7a3d; --write: #a15c00; --danger: #b42318; }
* { box-sizing: border-box; }
body { margin: 0; font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, Helvetica, Arial, sans-serif; color: var(--fg); background: #fff; }
header { padding: 14px 24px; border-bottom: 1px solid var(--line); background: var(--bg); }
header h1 { margin: 0; font-size: 20px; }
header p { margin: 4px 0 0; color: var(--muted); }
code, pre, .mono { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 13px; }
.layout { display: flex; min-height: calc(100vh - 80px); }
nav { width: 340px; flex: none; border-right: 1px solid var(--line); padding: 12px; overflow-y: auto; max-height: calc(100vh - 80px); position: sticky; top: 0; }
nav input { width: 100%; padding: 8px 10px; font-size: 14px; border: 1px solid var(--line); border-radius: 6px; }
#tool-count { color: var(--muted); font-size: 13px; margin: 6px 2px 10px; }
nav h3 { font-size: 12px; text-transform: uppercase; letter-spacing: .05em; color: var(--muted); margin: 14px 2px 4px; }
nav ul { list-style: none; margin: 0; padding: 0; }
nav li button { display: flex; justify-content: space-between; align-items: center; gap: 6px; width: 100%; text-align: left; background: none; border: 0; border-radius: 5px; padding: 4px 6px; cursor: pointer; color: var(--fg); font: 13px ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
nav li button:hover, nav li button:focus { background: var(--bg); outline: none; }
nav li button[aria-current="true"] { background: #e7f0fb; color: var(--accent); }
.badge { display: inline-block; font: 600 11px system-ui, sans-serif; padding: 1px 6px; border-radius: 10px; border: 1px solid currentColor; white-space: nowrap; }
.badge.read { color: var(--read); } .badge.write { color: var(--write); } .badge.danger { color: var(--danger); } .badge.info { color: var(--muted); }
main { flex: 1; padding: 20px 28px; min-width: 0; }
main h2 { margin: 0 0 6px; font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
.flags { display: flex; gap: 6px; flex-wrap: wrap; margin-bottom: 12px; }
.description { max-width: 900px; }
.description p { margin: 0 0 10px; }
.description ul { margin: 0 0 10px; padding-left: 22px; }
.endpoint { margin: 12px 0; }
table { border-collapse: collapse; width: 100%; margin: 8px 0 18px; font-size: 14px; }
th, td { border: 1px solid var(--line); padding: 6px 8px; text-align: left; vertical-align: top; overflow-wrap: break-word; }
th { white-space: nowrap; }
.table-wrap { overflow-x: auto; max-width: 100%; }
th { background: var(--bg); font-weight: 600; }
td.name { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; min-width: 180px; max-width: 280px; overflow-wrap: anywhere; }
td:last-child { min-width: 240px; }
pre { background: #0f1720; color: #e6edf3; padding: 12px 14px; border-radius: 6px; overflow-x: auto; }
.muted { color: var(--muted); }
.try label { display: block; margin: 8px 0 4px; font-weight: 600; }
.try input, .try textarea { width: 100%; max-width: 900px; padding: 6px 8px; border: 1px solid var(--line); border-radius: 6px; font: 13px ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
.try textarea { min-height: 110px; }
.try button { margin-top: 8px; padding: 6px 14px; border: 1px solid var(--accent); background: var(--accent); color: #fff; border-radius: 6px; cursor: pointer; }
#status.error { color: var(--danger); }
[hidden] { display: none !important; }
`;

const SCRIPT = `
(function () {
  'use strict';
  var base = location.pathname.replace(/\\/docs\\/?$/, '');
  var origin = location.origin + base;
  var state = { tools: [], byName: {}, doc: null, selected: null };

  function $(id) { return document.getElementById(id); }
  function el(tag, attrs, children) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (key) {
      if (key === 'text') node.textContent = attrs[key];
      else if (key === 'className') node.className = attrs[key];
      else node.setAttribute(key, attrs[key]);
    });
    (children || []).forEach(function (child) { if (child) node.appendChild(typeof child === 'string' ? document.createTextNode(child) : child); });
    return node;
  }
  function badge(text, kind) { return el('span', { className: 'badge ' + kind, text: text }); }

  /** The little Markdown descriptions use (paragraphs, "- " lists, code spans, bold), built as DOM nodes. */
  function inline(text) {
    return text.split(/(\\x60[^\\x60]+\\x60|\\*\\*[^*]+\\*\\*)/).filter(Boolean).map(function (part) {
      if (/^\\x60[^\\x60]+\\x60$/.test(part)) return el('code', { text: part.slice(1, -1) });
      if (/^\\*\\*[^*]+\\*\\*$/.test(part)) return el('strong', { text: part.slice(2, -2) });
      return part;
    });
  }
  function markdown(text) {
    var box = el('div', { className: 'description' });
    (text || '').split(/\\n{2,}/).forEach(function (block) {
      var lines = block.split('\\n');
      if (lines.every(function (line) { return /^- /.test(line); })) {
        box.appendChild(el('ul', {}, lines.map(function (line) { return el('li', {}, inline(line.slice(2))); })));
      } else {
        box.appendChild(el('p', {}, inline(lines.join(' '))));
      }
    });
    return box;
  }

  function resolve(schema) {
    var guard = 0;
    while (schema && schema.$ref && guard++ < 10) {
      var path = schema.$ref.replace(/^#\\//, '').split('/');
      var target = state.doc;
      path.forEach(function (part) { target = target && target[part.replace(/~1/g, '/').replace(/~0/g, '~')]; });
      schema = target;
    }
    return schema || {};
  }

  function typeOf(schema) {
    schema = resolve(schema);
    var options = schema.anyOf || schema.oneOf;
    if (options) return options.map(typeOf).join(' | ');
    var type = Array.isArray(schema.type) ? schema.type.join(' | ') : schema.type;
    if (!type && schema.enum) type = 'enum';
    if (!type && 'const' in schema) type = JSON.stringify(schema.const);
    if (type === 'array') type = 'array of ' + typeOf(schema.items || {});
    if (schema.format) type += ' (' + schema.format + ')';
    return type || 'any';
  }

  function constraintsOf(schema) {
    schema = resolve(schema);
    var out = [];
    var options = schema.anyOf || schema.oneOf;
    if (options) options.forEach(function (option) { out = out.concat(constraintsOf(option)); });
    if (schema.enum) out.push('one of: ' + schema.enum.map(function (v) { return JSON.stringify(v); }).join(', '));
    if (schema.minimum !== undefined) out.push('>= ' + schema.minimum);
    if (schema.exclusiveMinimum !== undefined) out.push('> ' + schema.exclusiveMinimum);
    if (schema.maximum !== undefined) out.push('<= ' + schema.maximum);
    if (schema.exclusiveMaximum !== undefined) out.push('< ' + schema.exclusiveMaximum);
    if (schema.multipleOf !== undefined) out.push('multiple of ' + schema.multipleOf);
    if (schema.minLength !== undefined) out.push('min length ' + schema.minLength);
    if (schema.maxLength !== undefined) out.push('max length ' + schema.maxLength);
    if (schema.pattern) out.push('pattern ' + schema.pattern);
    if (schema.minItems !== undefined) out.push('min items ' + schema.minItems);
    if (schema.maxItems !== undefined) out.push('max items ' + schema.maxItems);
    if (schema.uniqueItems) out.push('unique items');
    if (schema['x-rules']) out = out.concat(schema['x-rules']);
    return out;
  }

  function parameterRows(schema, prefix, depth, rows) {
    schema = resolve(schema);
    var props = schema.properties || {};
    var required = schema.required || [];
    Object.keys(props).forEach(function (name) {
      var prop = resolve(props[name]);
      var path = prefix + name;
      rows.push({ name: path, type: typeOf(prop), required: required.indexOf(name) >= 0, dflt: 'default' in prop ? JSON.stringify(prop['default']) : '',
        constraints: constraintsOf(prop).join('; '), description: prop.description || (prop.items && resolve(prop.items).description) || '' });
      if (depth < 3) {
        if (prop.type === 'object' && prop.properties) parameterRows(prop, path + '.', depth + 1, rows);
        var items = prop.items && resolve(prop.items);
        if (prop.type === 'array' && items && items.properties) parameterRows(items, path + '[].', depth + 1, rows);
      }
    });
    return rows;
  }

  function shellQuote(text) { return "'" + text.replace(/'/g, "'\\\\''") + "'"; }

  function curlFor(tool, body) {
    var lines = ['curl -X POST ' + shellQuote(origin + tool.path) + ' \\\\',
      '  -H "Authorization: Bearer $API_KEY" \\\\',
      '  -H "Content-Type: application/json" \\\\'];
    if (tool.op['x-access'] === 'write') lines.push('  -H "Idempotency-Key: $(uuidgen)" \\\\');
    lines.push('  -d ' + shellQuote(JSON.stringify(body)));
    return lines.join('\\n');
  }

  function renderList() {
    var query = $('search').value.trim().toLowerCase();
    var list = $('tool-list');
    list.textContent = '';
    var shown = 0;
    var groups = {};
    state.tools.forEach(function (tool) {
      var haystack = (tool.name + ' ' + tool.group + ' ' + tool.text).toLowerCase();
      if (query && haystack.indexOf(query) < 0) return;
      (groups[tool.group] = groups[tool.group] || []).push(tool);
    });
    state.tagOrder.forEach(function (group) {
      var tools = groups[group];
      if (!tools) return;
      var ul = el('ul');
      tools.forEach(function (tool) {
        shown++;
        var button = el('button', { type: 'button', 'data-tool': tool.name, title: tool.op.summary || '' },
          [el('span', { text: tool.name }), badge(tool.op['x-access'] === 'write' ? 'Write' : 'Read', tool.op['x-access'] === 'write' ? 'write' : 'read')]);
        if (state.selected === tool.name) button.setAttribute('aria-current', 'true');
        button.addEventListener('click', function () { location.hash = 'tool/' + encodeURIComponent(tool.name); });
        ul.appendChild(el('li', {}, [button]));
      });
      list.appendChild(el('section', { 'data-group': group }, [el('h3', { text: group + ' (' + tools.length + ')' }), ul]));
    });
    $('tool-count').textContent = shown === state.tools.length ? shown + ' tools' : shown + ' of ' + state.tools.length + ' tools';
  }

  function renderTool(name) {
    var tool = state.byName[name];
    var main = $('detail');
    main.textContent = '';
    if (!tool) { renderOverview(); return; }
    state.selected = name;
    document.title = name + ' - Ad-Platform Tool Gateway API reference';
    var op = tool.op;
    var flags = el('div', { className: 'flags' }, [
      badge(op['x-access'] === 'write' ? 'Write' : 'Read (read-only)', op['x-access'] === 'write' ? 'write' : 'read'),
      op['x-destructive'] ? badge('destructive', 'danger') : null,
      op['x-quota-exempt'] ? badge('quota-exempt', 'info') : null,
      op['x-long-running'] ? badge('long-running', 'info') : null,
      badge(tool.group, 'info')]);
    var media = ((op.requestBody || {}).content || {})['application/json'] || {};
    var argsSchema = resolve(((resolve(media.schema).properties) || {})['arguments'] || {});
    var rows = parameterRows(argsSchema, '', 0, []);
    var table;
    if (rows.length) {
      table = el('table', { id: 'params' }, [el('thead', {}, [el('tr', {}, ['Name', 'Type', 'Required', 'Default', 'Constraints', 'Description'].map(function (h) { return el('th', { text: h }); }))])]);
      var tbody = el('tbody');
      rows.forEach(function (row) {
        tbody.appendChild(el('tr', { 'data-param': row.name }, [el('td', { className: 'name', text: row.name }), el('td', { className: 'mono', text: row.type }),
          el('td', { text: row.required ? 'yes' : 'no' }), el('td', { className: 'mono', text: row.dflt }), el('td', { text: row.constraints }), el('td', { text: row.description })]));
      });
      table.appendChild(tbody);
    } else {
      table = el('p', { id: 'params', className: 'muted', text: 'This tool takes no arguments: send {"arguments": {}}.' });
    }
    var example = media.example || { arguments: {} };
    var responses = el('table', {}, [el('thead', {}, [el('tr', {}, [el('th', { text: 'Status' }), el('th', { text: 'Meaning' })])])]);
    var rbody = el('tbody');
    Object.keys(op.responses || {}).forEach(function (code) {
      rbody.appendChild(el('tr', {}, [el('td', { className: 'mono', text: code }), el('td', { text: resolve(op.responses[code]).description || '' })]));
    });
    responses.appendChild(rbody);
    var bodyInput = el('textarea', { id: 'try-body', spellcheck: 'false' });
    bodyInput.value = JSON.stringify(example, null, 2);
    var keyInput = el('input', { id: 'try-key', type: 'password', autocomplete: 'off', placeholder: 'sk_live_...' });
    var send = el('button', { type: 'button', id: 'try-send', text: 'Send request' });
    var output = el('pre', { id: 'try-output', hidden: '' });
    send.addEventListener('click', function () { tryIt(tool, keyInput.value, bodyInput.value, output); });
    main.appendChild(el('article', { id: 'tool', 'data-tool': name }, [
      el('h2', { text: name }), flags,
      markdown(tool.text),
      el('p', { className: 'endpoint' }, [el('code', { text: 'POST ' + tool.path })]),
      el('h3', { text: 'Parameters (under "arguments")' }), el('div', { className: 'table-wrap' }, [table]),
      el('h3', { text: 'Example' }), el('pre', { id: 'curl', text: curlFor(tool, example) }),
      el('h3', { text: 'Responses' }), responses,
      el('section', { className: 'try' }, [el('h3', { text: 'Try it' }),
        el('p', { className: 'muted', text: 'Runs the tool against this gateway with your key. The key stays in this page and is sent only to this gateway.' }),
        el('label', { for: 'try-key', text: 'API key' }), keyInput, el('label', { for: 'try-body', text: 'Body' }), bodyInput, send, output])]));
    renderList();
    window.scrollTo(0, 0);
  }

  function tryIt(tool, key, text, output) {
    output.hidden = false;
    var headers = { 'Content-Type': 'application/json' };
    if (key) headers.Authorization = 'Bearer ' + key.trim();
    if (tool.op['x-access'] === 'write' && window.crypto && crypto.randomUUID) headers['Idempotency-Key'] = crypto.randomUUID();
    output.textContent = 'Sending...';
    fetch(origin + tool.path, { method: 'POST', headers: headers, body: text }).then(function (response) {
      return response.text().then(function (body) {
        var pretty = body;
        try { pretty = JSON.stringify(JSON.parse(body), null, 2); } catch (e) { /* not JSON */ }
        output.textContent = 'HTTP ' + response.status + '\\n' + pretty;
      });
    }).catch(function (error) { output.textContent = 'Request failed: ' + error.message; });
  }

  function renderOverview() {
    state.selected = null;
    var main = $('detail');
    main.textContent = '';
    var doc = state.doc;
    main.appendChild(el('article', { id: 'overview' }, [
      el('h2', { text: doc.info.title + ' ' + doc.info.version }),
      markdown(doc.info.description),
      el('p', {}, ['Base URL: ', el('code', { text: origin || '/' }), ' - OpenAPI 3.1 document: ', el('a', { href: base + '/api/v1/openapi.json', text: base + '/api/v1/openapi.json' }),
        ' - catalog: ', el('a', { href: base + '/api/v1/tools', text: base + '/api/v1/tools' })]),
      el('p', { className: 'muted', text: 'Choose a tool on the left to see its parameters and an example call.' })]));
    renderList();
  }

  function route() {
    var match = /^#tool\\/(.+)$/.exec(location.hash);
    if (match) renderTool(decodeURIComponent(match[1])); else renderOverview();
  }

  function load() {
    fetch(base + '/api/v1/openapi.json', { headers: { Accept: 'application/json' } }).then(function (response) {
      if (!response.ok) throw new Error('HTTP ' + response.status);
      return response.json();
    }).then(function (doc) {
      state.doc = doc;
      Object.keys(doc.paths).forEach(function (path) {
        var op = doc.paths[path].post;
        if (!op || !/\\/execute$/.test(path)) return;
        // The description without the flags line the document appends ("**Read (read-only)**").
        var text = (op.description || '').replace(/\\n\\n\\*\\*[^*]+\\*\\*$/, '');
        var tool = { name: op.operationId, path: path, op: op, group: (op.tags || ['other'])[0], text: text };
        state.tools.push(tool);
        state.byName[tool.name] = tool;
      });
      state.tools.sort(function (a, b) { return a.name < b.name ? -1 : a.name > b.name ? 1 : 0; });
      state.tagOrder = (doc.tags || []).map(function (tag) { return tag.name; });
      state.tools.forEach(function (tool) { if (state.tagOrder.indexOf(tool.group) < 0) state.tagOrder.push(tool.group); });
      $('version').textContent = 'OpenAPI ' + doc.openapi + ', API version ' + doc.info.version;
      $('status').hidden = true;
      $('search').disabled = false;
      document.body.setAttribute('data-ready', 'true');
      route();
    }).catch(function (error) {
      $('status').textContent = 'Could not load the API description (' + error.message + ').';
      $('status').className = 'error';
    });
  }

  $('search').addEventListener('input', renderList);
  window.addEventListener('hashchange', route);
  load();
})();
`;

function sha256(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('base64');
}

/** Only this page's own script and style run; requests go to the gateway only. */
export const DOCS_CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  `script-src 'sha256-${sha256(SCRIPT)}'`,
  `style-src 'sha256-${sha256(STYLE)}'`,
  "connect-src 'self'",
  "img-src 'self' data:",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

export const DOCS_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Ad-Platform Tool Gateway API reference</title>
<style>${STYLE}</style>
</head>
<body>
<header>
<h1>Ad-Platform Tool Gateway API reference</h1>
<p id="version">Loading the API description...</p>
</header>
<div class="layout">
<nav aria-label="Tools">
<input id="search" type="search" placeholder="Search tools (name, platform, description)" aria-label="Search tools" autocomplete="off" disabled>
<div id="tool-count"></div>
<div id="tool-list"></div>
</nav>
<main>
<p id="status">Loading...</p>
<div id="detail"></div>
</main>
</div>
<noscript><p>This reference needs JavaScript. The raw description is at api/v1/openapi.json.</p></noscript>
<script>${SCRIPT}</script>
</body>
</html>
`;
