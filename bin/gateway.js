#!/usr/bin/env node
// The `gateway` operator command (package bin). Runs bin/gateway.ts through tsx's loader.
require('tsx/cjs');
require('./gateway.ts').main();
