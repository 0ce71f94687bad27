/** The generated OpenAPI document passes Redocly with zero errors and warnings (openapi-lint-check.ts). */
import { describeOpenApiLint } from './openapi-lint-check';

describeOpenApiLint('redocly');
