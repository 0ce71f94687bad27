import { execFileSync } from 'node:child_process';
import { REGISTRY } from '../../functions/all-tools';
import { openApiDocument, openApiJson } from '../../functions/catalog/openapi';

interface ValidationResult {
  valid: boolean;
  errors?: unknown;
}

/**
 * Validates with @seriousme/openapi-schema-validator (the OpenAPI 3.0/3.1 JSON Schemas published
 * by the OpenAPI Initiative). The package is ESM only, so it runs in a child Node process.
 */
function validateOpenApi(document: unknown): ValidationResult {
  const script = `
    import { Validator } from '@seriousme/openapi-schema-validator';
    let input = '';
    process.stdin.on('data', (chunk) => (input += chunk));
    process.stdin.on('end', async () => {
      const validator = new Validator();
      const result = await validator.validate(JSON.parse(input));
      process.stdout.write(JSON.stringify({ ...result, version: validator.version }));
    });`;
  const output = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
    input: JSON.stringify(document),
    cwd: process.cwd(),
    maxBuffer: 64 * 1024 * 1024,
  });
  return JSON.parse(output.toString('utf8')) as ValidationResult;
}

type Operation = Record<string, any>;

describe('OpenAPI 3.1 document', () => {
  const document = JSON.parse(openApiJson('https://gateway.example.com/prod'));

  it('is valid OpenAPI 3.1 for a standard validator', () => {
    // Act
    const result = validateOpenApi(document);
    // Assess
    expect(result.errors ?? []).toEqual([]);
    expect(result).toMatchObject({ valid: true, version: '3.1' });
  });

  it('is rejected by the same validator once broken, so the check above can fail', () => {
    // Prepare: an operation without responses and a security scheme of an unknown type.
    const broken = JSON.parse(JSON.stringify(document));
    const [firstTool] = REGISTRY.names();
    delete broken.paths[`/api/v1/tools/${firstTool}/execute`].post.responses;
    broken.components.securitySchemes.bearerAuth.type = 'magic';
    // Act
    const result = validateOpenApi(broken);
    // Assess
    expect(result.valid).toBe(false);
  });

  it('states version 1.0.0 and the server it was reached at', () => {
    expect(document.openapi).toBe('3.1.0');
    expect(document.info.version).toBe('1.0.0');
    expect(document.servers).toEqual([{ url: 'https://gateway.example.com/prod' }]);
  });

  it('has one POST operation per registered tool, named after it, with its flags and request schema', () => {
    const executePaths = Object.keys(document.paths).filter((path) => path.endsWith('/execute'));
    expect(executePaths.length).toBe(REGISTRY.all().length);
    for (const tool of REGISTRY.all()) {
      const operation: Operation = document.paths[`/api/v1/tools/${tool.name}/execute`].post;
      expect(operation).toMatchObject({
        operationId: tool.name,
        tags: [tool.category],
        'x-access': tool.access,
        'x-read-only': tool.access === 'read',
        'x-destructive': tool.destructive,
        security: [{ bearerAuth: [] }],
        parameters: [{ $ref: '#/components/parameters/IdempotencyKey' }],
      });
      const schema = operation.requestBody.content['application/json'].schema.properties.arguments;
      expect(Object.keys(schema.properties ?? {}).sort()).toEqual(Object.keys(tool.schema.entries).sort());
      expect(schema.additionalProperties).toBe(false);
      const expected = ['200', '400', '401', ...(tool.quotaExempt ? [] : ['402']), '404', '405', '409', '422', '429', '500', '503', '504'];
      expect({ tool: tool.name, codes: Object.keys(operation.responses) }).toEqual({ tool: tool.name, codes: expected });
    }
  });

  it('gives 400 examples produced by the gateway\'s own validation, and every shared response an example', () => {
    const operation: Operation = document.paths['/api/v1/tools/list_campaigns/execute'].post;
    const examples = operation.responses['400'].content['application/json'].examples;
    expect(examples.invalid_arguments.value.error).toBe('Invalid arguments for list_campaigns: `statu` is not a parameter of this tool; did you mean `status`?');
    expect(examples.account_selection.$ref).toBe('#/components/examples/AccountSelection_searchads');
    for (const [name, response] of Object.entries<Operation>(document.components.responses)) {
      const content = response.content['application/json'];
      expect({ name, examples: Object.keys(content.examples ?? {}).length > 0 }).toEqual({ name, examples: true });
    }
    const quota = document.components.responses.QuotaExceeded.content['application/json'].examples.quota_exhausted.value;
    expect(quota.error).toContain('monthly limit of 150 tool calls on the plus plan');
    expect(quota.quota.upgrade_url).toBe(quota.error.match(/Upgrade at (\S+)/)[1]);
  });

  it('declares the envelope, quota block and error bodies as components, and bearer auth', () => {
    expect(Object.keys(document.components.schemas)).toEqual(
      expect.arrayContaining(['QuotaBlock', 'ErrorResponse', 'QuotaErrorResponse', 'ContentBlock']),
    );
    expect(document.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(document.components.parameters.IdempotencyKey).toMatchObject({ name: 'Idempotency-Key', in: 'header', schema: { type: 'string', format: 'uuid' } });
  });

  it('describes the discovery endpoints without authentication', () => {
    for (const path of ['/health', '/api/v1/tools', '/api/v1/tools/{name}', '/api/v1/openapi.json', '/docs']) {
      expect({ path, security: document.paths[path].get.security }).toEqual({ path, security: [] });
    }
  });

  it('is built once per process', () => {
    expect(openApiDocument()).toBe(openApiDocument());
    expect(openApiJson('/')).toBe(openApiJson('/'));
  });
});
