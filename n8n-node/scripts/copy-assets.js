// Copies the icons and the codex file next to the compiled node (what `n8n-node build` also does).
const { cpSync, mkdirSync } = require('node:fs');
const { join } = require('node:path');

const root = join(__dirname, '..');
mkdirSync(join(root, 'dist', 'icons'), { recursive: true });
cpSync(join(root, 'icons'), join(root, 'dist', 'icons'), { recursive: true });
cpSync(join(root, 'nodes', 'AdGateway', 'AdGateway.node.json'), join(root, 'dist', 'nodes', 'AdGateway', 'AdGateway.node.json'));
