/**
 * The two workflows of the end-to-end run, as n8n stores them (what "Download" of a workflow gives).
 * The Ad Gateway nodes carry the values n8n saves when a user picks platform, tool and account from
 * the dropdowns.
 */
const NODE_TYPE = 'n8n-nodes-ad-gateway.adGateway';

export interface E2eIds {
  credentialId: string;
  proadsAccount: string;
}

const credentials = (ids: E2eIds) => ({ adGatewayApi: { id: ids.credentialId, name: 'Ad Gateway (e2e)' } });

function gatewayNode(ids: E2eIds, name: string, position: [number, number], parameters: Record<string, unknown>) {
  return {
    id: `00000000-0000-4000-8000-${name.length.toString().padStart(4, '0')}${position[0].toString().padStart(8, '0')}`,
    name,
    type: NODE_TYPE,
    typeVersion: 1,
    position,
    credentials: credentials(ids),
    parameters: { argumentsJson: '{}', ...parameters },
  };
}

const args = (value: Record<string, unknown>) => ({ mappingMode: 'defineBelow', value, matchingColumns: [], schema: [] });

/** List the campaigns of one of two proads accounts, keep the zero-conversion ones, dry-run the pause, pause. */
export function pauseWorkflow(ids: E2eIds) {
  return {
    id: 'e2ePauseZeroConv',
    name: 'Pause zero-conversion campaigns (e2e)',
    active: false,
    settings: { executionOrder: 'v1', saveDataErrorExecution: 'all', saveDataSuccessExecution: 'all', saveManualExecutions: true },
    connections: {
      Start: { main: [[{ node: 'List campaigns', type: 'main', index: 0 }]] },
      'List campaigns': { main: [[{ node: 'Zero conversions', type: 'main', index: 0 }]] },
      'Zero conversions': { main: [[{ node: 'Pause (dry run)', type: 'main', index: 0 }]] },
      'Pause (dry run)': { main: [[{ node: 'Pause', type: 'main', index: 0 }]] },
    },
    nodes: [
      {
        id: '00000000-0000-4000-8000-000000000001',
        name: 'Start',
        type: 'n8n-nodes-base.manualTrigger',
        typeVersion: 1,
        position: [0, 0],
        parameters: {},
      },
      gatewayNode(ids, 'List campaigns', [220, 0], {
        platform: 'proads',
        tool: 'list_proads_campaigns',
        account: ids.proadsAccount,
        arguments: args({ status: '["ACTIVE"]' }),
        output: 'rows',
      }),
      {
        id: '00000000-0000-4000-8000-000000000003',
        name: 'Zero conversions',
        type: 'n8n-nodes-base.filter',
        typeVersion: 2.2,
        position: [440, 0],
        parameters: {
          conditions: {
            options: { caseSensitive: true, leftValue: '', typeValidation: 'strict', version: 2 },
            conditions: [
              {
                id: '7a0f7c53-5f3e-4a38-9a3b-2b1c0e6d9f01',
                leftValue: '={{ $json.metrics.conversions }}',
                rightValue: 0,
                operator: { type: 'number', operation: 'equals' },
              },
            ],
            combinator: 'and',
          },
          options: {},
        },
      },
      gatewayNode(ids, 'Pause (dry run)', [660, 0], {
        platform: 'proads',
        tool: 'pause_proads_campaign',
        mode: 'dryRun',
        account: ids.proadsAccount,
        arguments: args({ campaign_id: '={{ $json.id }}' }),
      }),
      gatewayNode(ids, 'Pause', [880, 0], {
        platform: 'proads',
        tool: 'pause_proads_campaign',
        mode: 'run',
        account: ids.proadsAccount,
        arguments: args({ campaign_id: "={{ $('Zero conversions').item.json.id }}" }),
      }),
    ],
  };
}

/** Every search term of the deskads account, 10 per page. */
export function pagingWorkflow(ids: E2eIds) {
  return {
    id: 'e2ePageSearchTerms',
    name: 'Page through search terms (e2e)',
    active: false,
    settings: { executionOrder: 'v1', saveDataErrorExecution: 'all', saveDataSuccessExecution: 'all', saveManualExecutions: true },
    connections: { Start: { main: [[{ node: 'Search terms', type: 'main', index: 0 }]] } },
    nodes: [
      {
        id: '00000000-0000-4000-8000-000000000011',
        name: 'Start',
        type: 'n8n-nodes-base.manualTrigger',
        typeVersion: 1,
        position: [0, 0],
        parameters: {},
      },
      gatewayNode(ids, 'Search terms', [220, 0], {
        platform: 'deskads',
        tool: 'get_deskads_search_terms',
        arguments: args({ limit: 10 }),
        returnAll: true,
        output: 'rows',
      }),
    ],
  };
}
