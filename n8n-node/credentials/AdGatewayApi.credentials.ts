import type { IAuthenticateGeneric, ICredentialTestRequest, ICredentialType, INodeProperties } from 'n8n-workflow';

/**
 * The gateway's API key, sent as `Authorization: Bearer sk_live_…` (docs/api.md), and the base URL
 * of the deployment. Test: `get_usage_status`, which never uses quota.
 */
export class AdGatewayApi implements ICredentialType {
  name = 'adGatewayApi';

  displayName = 'Ad Gateway API';

  icon = 'file:../icons/adgateway.svg' as const;

  properties: INodeProperties[] = [
    {
      displayName: 'Base URL',
      name: 'baseUrl',
      type: 'string',
      default: 'http://127.0.0.1:3000',
      placeholder: 'https://abc123.execute-api.eu-west-1.amazonaws.com/prod',
      description:
        'Where the gateway answers, without /api/v1. On AWS the API Gateway URL includes its stage (…/prod); locally npm start prints it.',
      required: true,
    },
    {
      displayName: 'API Key',
      name: 'apiKey',
      type: 'string',
      typeOptions: { password: true },
      default: '',
      placeholder: 'sk_live_…',
      description: 'The key starts with sk_live_; it is shown once when created (gateway create-key)',
      required: true,
    },
  ];

  authenticate: IAuthenticateGeneric = {
    type: 'generic',
    properties: {
      headers: {
        Authorization: '=Bearer {{$credentials.apiKey}}',
      },
    },
  };

  test: ICredentialTestRequest = {
    request: {
      baseURL: '={{$credentials.baseUrl}}',
      url: '/api/v1/tools/get_usage_status/execute',
      method: 'POST',
      body: { arguments: {} },
      json: true,
    },
  };
}
