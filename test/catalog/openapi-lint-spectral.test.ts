/** The generated OpenAPI document passes Spectral with zero errors and warnings (openapi-lint-check.ts). */
import { describeOpenApiLint } from './openapi-lint-check';

describeOpenApiLint('spectral');
